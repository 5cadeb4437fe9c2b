// Feature under test: when nothing known step-free exists, a step-free search still answers, with every part known not to be step-free labelled so (issue #19).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrandSettings, Journey, SearchRequest, TRAVEL_TYPES } from '@cairn/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPlanner } from '../../src/planner/loadPlanner.ts';
import type { Planner } from '../../src/planner/loadPlanner.ts';
import { WORLD, writeWorld } from '../support/world.ts';

// Only walking and the timetabled bus and train: no taxi or car to fall back on.
const brand = BrandSettings.parse({
  ...JSON.parse(readFileSync(new URL('../../../../brands/default/brand.json', import.meta.url), 'utf8')),
  blockedTravelTypes: TRAVEL_TYPES.filter((t) => t !== 'walk' && t !== 'bus' && t !== 'train'),
});
let planner: Planner;

beforeAll(async () => {
  // The small world with every stop marked not accessible (wheelchair_boarding 2).
  const dir = writeWorld();
  const stops = join(dir, 'gtfs', 'demo', 'stops.txt');
  const [header, ...rows] = readFileSync(stops, 'utf8').trim().split('\n');
  writeFileSync(stops, [`${header},wheelchair_boarding`, ...rows.map((r) => `${r},2`)].join('\n') + '\n');
  planner = await loadPlanner(dir, { now: () => Date.UTC(2026, 5, 1, 9, 0), log: () => {} });
});

async function plan(stepFree: boolean): Promise<Journey[]> {
  const request = SearchRequest.parse({
    origin: WORLD.aviemore.name,
    destination: WORLD.carrbridge.name,
    origin_location: { lat: WORLD.aviemore.lat, lng: WORLD.aviemore.lng },
    destination_location: { lat: WORLD.carrbridge.lat, lng: WORLD.carrbridge.lng },
    out_time: '2026/06/15 08:50:00',
    step_free: stepFree,
  });
  const js = (await planner.plan(request, null, brand)).journeys;
  for (const j of js) Journey.parse(j);
  return js;
}

describe('W06 never nothing, never a silent guess', () => {
  it('offers the ordinary journeys, each labelled not step-free with the stop in the way', async () => {
    const ordinary = await plan(false);
    expect(ordinary.length).toBeGreaterThan(0);
    const stepFree = await plan(true);
    expect(stepFree.length).toBeGreaterThan(0);
    for (const j of stepFree) {
      expect(j.step_free?.status).toBe('no');
      const rides = j.depart.steps.filter((s) => s.type === 'bus' || s.type === 'train');
      expect(rides.length).toBeGreaterThan(0);
      for (const r of rides) {
        expect(r.step_free?.status).toBe('no');
        expect(r.step_free?.reason).toMatch(/ is not step-free$/);
      }
    }
  });
});
