// Feature under test: cycling on the demo region takes the hills into account: up to Cairngorm Mountain is slower than down.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrandSettings, Journey, SearchRequest } from '@cairn/contracts';
import type { Step } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoRegion } from '../../../../regions/cairngorms/generator/main.ts';
import { loadPlanner } from '../../src/planner/loadPlanner.ts';
import type { Planner } from '../../src/planner/loadPlanner.ts';

const DEFAULT_BRAND = BrandSettings.parse(
  JSON.parse(readFileSync(new URL('../../../../brands/default/brand.json', import.meta.url), 'utf8')),
);
const dir = mkdtempSync(join(tmpdir(), 'cairn-demo-hills-'));
let planner: Planner;

beforeAll(async () => {
  await generateDemoRegion({ outDir: dir, seed: 1, date: '2026-11-22' });
  planner = await loadPlanner(dir, { now: () => Date.UTC(2026, 10, 22, 9, 0) });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The door-to-door cycle step of a one-way search, depart-after or arrive-by. */
async function cycleStep(from: string, to: string, by: 'depart' | 'arrive'): Promise<Step> {
  const a = planner.autocomplete(from, 1)[0];
  const z = planner.autocomplete(to, 1)[0];
  if (!a || !z) throw new Error(`cannot place ${from} or ${to}`);
  const req = SearchRequest.parse({
    origin: a.label,
    destination: z.label,
    origin_location: a.location,
    destination_location: z.location,
    out_time: '2026/11/24 10:00:00',
    ...(by === 'arrive' ? { arrive_by: true } : {}),
  });
  const js = await planner.plan(req, null, DEFAULT_BRAND);
  for (const j of js) Journey.parse(j);
  const direct = js.find((j) => j.depart.stages.length === 1 && j.depart.stages[0] === 'cycle');
  const step = direct?.depart.steps[0];
  if (!step) throw new Error(`no direct cycle option from ${from} to ${to}`);
  return step;
}

describe('cycling up and down hills on the demo region', () => {
  for (const by of ['depart', 'arrive'] as const) {
    it(`Aviemore → Cairngorm Mountain by bike takes clearly longer than the way back down (${by})`, async () => {
      const up = await cycleStep('Aviemore', 'Cairngorm Mountain', by);
      const down = await cycleStep('Cairngorm Mountain', 'Aviemore', by);
      // Measured on seed 1: 91 min up (477 m climbed), 40 min down, over the same 13.1 km; 49 min each way on the flat.
      expect(Math.abs(up.distance.value - down.distance.value)).toBeLessThan(0.1 * down.distance.value);
      expect(up.duration.value).toBeGreaterThan(1.5 * down.duration.value);
      expect(down.duration.value).toBeLessThan(down.distance.value / (16 / 3.6));
      expect(up.ascent_m).toBeGreaterThan(300);
      expect(down.descent_m).toBeGreaterThan(300);
      expect(up.ascent_m! - up.descent_m!).toBeCloseTo(-(down.ascent_m! - down.descent_m!), -1);
    });
  }
});
