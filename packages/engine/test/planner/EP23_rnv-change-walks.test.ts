// Feature under test: on a real map (RNV), a change walk is measured along the streets it is timed on, so none is faster than walking.
import { readFileSync } from 'node:fs';
import { BrandSettings, SearchRequest } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { WALK_MPS } from '../../src/figures/planningFigures.ts';
import { loadPlannerFromFeeds } from '../../src/planner/loadPlanner.ts';
import { findSharedData } from '../support/sharedData.ts';

const brand = BrandSettings.parse(
  JSON.parse(readFileSync(new URL('../../../../brands/default/brand.json', import.meta.url), 'utf8')),
);
const feed = findSharedData('rnv/rnv-gtfs.zip');
const osm = findSharedData('rnv/rnv.osm.pbf');

describe.skipIf(!feed || !osm)('P23 RNV change walks', () => {
  it(
    'are never quicker than their distance at walking speed (10 of 14 were, e.g. 487 m in 298 s)',
    { timeout: 240_000 },
    async () => {
      const built = loadPlannerFromFeeds([{ path: feed! }], { osmPath: osm!, log: () => undefined });
      if (!built.ok) throw new Error(built.message);
      let seed = 11;
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      const changes: Array<{ m: number; sec: number; text: string }> = [];
      for (let i = 0; i < 25; i++) {
        const at = () => ({ lat: 49.44 + random() * 0.08, lng: 8.45 + random() * 0.25 });
        const request = SearchRequest.parse({
          origin: 'A',
          destination: 'B',
          origin_location: at(),
          destination_location: at(),
          out_time: '2016/11/08 08:00:00',
        });
        for (const j of (await built.planner.plan(request, null, brand)).journeys) {
          const steps = j.depart.steps;
          steps.forEach((s, k) => {
            if (s.type === 'walk' && k > 0 && k < steps.length - 1)
              changes.push({ m: s.distance.value, sec: s.duration.value, text: s.description });
          });
        }
      }
      expect(changes.length).toBeGreaterThan(5);
      const fast = changes.filter((c) => c.sec < c.m / WALK_MPS - 1);
      expect(fast).toEqual([]);
    },
  );
});
