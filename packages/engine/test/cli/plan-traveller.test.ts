// Feature under test: `cairn plan` prices for the traveller it is told about (--age, --young-scot, --concession, --railcard, --car).
import { describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.ts';
import type { PlanJson } from '../../src/cli/plan.ts';
import { demoRegionDir } from '../support/demoRegion.ts';
import { captureOutput } from './captureOutput.ts';

const dir = demoRegionDir('cairn-cli-traveller-');
// A Tuesday of the demo calendar, Aviemore to Inverness: the coach, trains and buses.
const trip = ['--from', 'Aviemore', '--to', 'Inverness', '--depart', '2026-11-24T09:00', '--json'];
const coachOnly = (json: PlanJson) =>
  json.options.filter(
    (o) => o.steps.length > 0 && o.steps.every((s) => ['intercity bus', 'walk'].includes(s.type)),
  );

describe('cairn plan for a traveller', () => {
  const io = captureOutput();

  it('a new Young Scot card at 19 rides the coach free; without it the coach has a fare', async () => {
    expect(await planCommand(['--region', dir, ...trip, '--young-scot', '--age', '19'])).toBe(0);
    const free = coachOnly(JSON.parse(io.out) as PlanJson);
    expect(free.length).toBeGreaterThan(0);
    for (const o of free) expect(o.cost).toBe('free');
    io.out = '';
    expect(await planCommand(['--region', dir, ...trip])).toBe(0);
    const paid = coachOnly(JSON.parse(io.out) as PlanJson);
    expect(paid.length).toBeGreaterThan(0);
    for (const o of paid) expect(o.cost).toMatch(/^£\d+\.\d\d$/);
  });

  it('the table names the funicular once ("funicular", not "funicular Funicular")', async () => {
    const up = ['--from', 'Aviemore', '--to', '57.1226,-3.6517', '--depart', '2026-11-24T09:00'];
    expect(await planCommand(['--region', dir, ...up])).toBe(0);
    expect(io.out).toMatch(/ funicular +Cairngorm Mountain, Funicular Base Station → Ptarmigan/);
    expect(io.out).not.toMatch(/funicular Funicular/);
  });

  it('--car offers driving your own car', async () => {
    expect(await planCommand(['--region', dir, ...trip, '--car'])).toBe(0);
    expect((JSON.parse(io.out) as PlanJson).options.some((o) => o.mode === 'own car')).toBe(true);
  });

  it('an unknown railcard or an age that is not a number is a usage error', async () => {
    expect(await planCommand(['--region', dir, ...trip, '--railcard', 'Gold Card'])).toBe(2);
    expect(io.err).toMatch(/--railcard must be one of: 16-17 Saver/);
    expect(await planCommand(['--region', dir, ...trip, '--age', 'nineteen'])).toBe(2);
    expect(io.err).toMatch(/--age must be a whole number/);
  });
});
