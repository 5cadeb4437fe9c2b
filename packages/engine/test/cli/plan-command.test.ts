// Feature under test: `cairn build-region` and `cairn plan` (exit codes, --json shape, errors without stack traces).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRegionCommand } from '../../src/cli/build-region.ts';
import { planCommand } from '../../src/cli/plan.ts';
import { baseFeed } from '../gtfs/support/inline-feed.ts';

function writeFeed(dir: string, files: Record<string, string>): void {
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files))
    writeFileSync(join(dir, name), text.replace(/^[ \t]+/gm, ''));
}

describe('engine commands', () => {
  let out = '';
  let err = '';
  beforeEach(() => {
    out = '';
    err = '';
    vi.spyOn(process.stdout, 'write').mockImplementation(
      (s: string | Uint8Array) => ((out += String(s)), true),
    );
    vi.spyOn(process.stderr, 'write').mockImplementation(
      (s: string | Uint8Array) => ((err += String(s)), true),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  const dir = mkdtempSync(join(tmpdir(), 'cairn-cli-'));
  const feed = join(dir, 'feed');
  writeFeed(feed, baseFeed());
  // Alpha is 57.000,-3.800 and Charlie 57.020,-3.800; the trip leaves Alpha 09:00 and reaches Charlie 09:20 (BST in June).
  const planArgs = [
    '--from',
    '57.0005,-3.8',
    '--to',
    '57.0195,-3.8',
    '--depart',
    '2026-06-03T08:50',
    '--json',
  ];

  it('plan --json prints itineraries with ISO times carrying the offset, sorted by arrival', async () => {
    expect(await planCommand(['--gtfs', feed, ...planArgs])).toBe(0);
    const json = JSON.parse(out);
    expect(json.itineraries).toHaveLength(1);
    const it0 = json.itineraries[0];
    expect(it0).toMatchObject({
      transfers: 0,
      arrival: expect.stringMatching(/^2026-06-03T09:2\d:\d\d\+01:00$/),
    });
    const ride = it0.legs.find((l: { route: string | null }) => l.route !== null);
    expect(ride).toEqual({
      mode: 'bus',
      route: '1',
      from: { name: 'Alpha', lat: 57, lon: -3.8 },
      to: { name: 'Charlie', lat: 57.02, lon: -3.8 },
      departure: '2026-06-03T09:00:00+01:00',
      arrival: '2026-06-03T09:20:00+01:00',
    });
    expect(it0.legs[0]).toMatchObject({ mode: 'walk', route: null, from: { name: 'Origin' } });
  });

  it('build-region writes a snapshot that plan --region reads to the same answer', async () => {
    const region = join(dir, 'region');
    expect(await buildRegionCommand(['--gtfs', feed, '--out', region])).toBe(0);
    expect(err).toMatch(/wrote .*timetable\.bin/);
    out = '';
    expect(await planCommand(['--region', region, ...planArgs])).toBe(0);
    expect(JSON.parse(out).itineraries[0].legs.some((l: { route: string | null }) => l.route === '1')).toBe(
      true,
    );
  });

  it('without --json prints a readable table', async () => {
    expect(await planCommand(['--gtfs', feed, ...planArgs.slice(0, -1)])).toBe(0);
    expect(out).toMatch(/09:00–09:20 {2}bus 1 +Alpha → Charlie/);
  });

  it('a bad file is a clear error with exit code 1 and no stack trace', async () => {
    const bad = join(dir, 'bad.zip');
    writeFileSync(bad, 'not a zip');
    expect(await planCommand(['--gtfs', bad, ...planArgs])).toBe(1);
    expect(err).toMatch(/not a readable zip/);
    expect(err).not.toMatch(/\n\s+at /);
    const broken = join(dir, 'broken');
    writeFeed(broken, { ...baseFeed(), 'stops.txt': 'stop_name\nAlpha' });
    expect(await buildRegionCommand(['--gtfs', broken, '--out', join(dir, 'out2')])).toBe(1);
    expect(err).toMatch(/stops\.txt line 1 field stop_id: required column is missing/);
  });

  it('usage problems exit with code 2', async () => {
    expect(await planCommand(['--gtfs', feed, '--from', 'here'])).toBe(2);
    expect(err).toMatch(/--from must be LAT,LON/);
    expect(await buildRegionCommand(['--bogus'])).toBe(2);
  });
});
