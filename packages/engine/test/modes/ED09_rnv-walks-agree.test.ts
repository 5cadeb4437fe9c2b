// Feature under test: on a real map (RNV), the router's walk to a stop and the walk step drawn to it take the same time.
import { describe, expect, it } from 'vitest';
import { listStopAccess } from '../../src/modes/accessEgress.ts';
import { buildStreetStep } from '../../src/modes/streetStep.ts';
import { regionDataFromFeeds } from '../../src/loader/regionData.ts';
import { stopPlace } from '../../src/planner/transitSteps.ts';
import { findSharedData } from '../support/sharedData.ts';

const feed = findSharedData('rnv/rnv-gtfs.zip');
const osm = findSharedData('rnv/rnv.osm.pbf');

describe.skipIf(!feed || !osm)('D09 RNV walks to stops', () => {
  it(
    'agree with their walk steps, e.g. to Paradeplatz from the Quadrate (737 s against 421 s before)',
    { timeout: 120_000 },
    () => {
      const built = regionDataFromFeeds([{ path: feed! }], { osmPath: osm!, log: () => undefined });
      if (!built.ok) throw new Error(built.message);
      const data = built.data;
      // Seeded points over Mannheim and Heidelberg, and the Quadrate point of the report.
      let seed = 7;
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      const points = [{ name: 'Quadrate', lat: 49.48377, lon: 8.46347 }];
      for (let i = 0; i < 30; i++)
        points.push({ name: `P${i}`, lat: 49.4 + random() * 0.12, lon: 8.45 + random() * 0.25 });
      let legs = 0;
      const apart: string[] = [];
      for (const p of points)
        for (const leg of listStopAccess(data, p, 'walk', 900, 'from')) {
          const stop = stopPlace(data, leg.stopIdx);
          const step = buildStreetStep(data.streets, 'walk', p, stop, { startSec: 0 });
          if (!step) continue;
          legs++;
          const stepSec = step.endSec - step.startSec;
          if (Math.abs(stepSec - leg.durationSec) > Math.max(30, 0.15 * stepSec))
            apart.push(`${p.name} → ${stop.name}: router ${leg.durationSec} s, step ${stepSec} s`);
        }
      expect(legs).toBeGreaterThan(200);
      // A stop whose ways differ by more than the link slack may still differ; not more than 1 in 100.
      expect(apart.length, apart.join('\n')).toBeLessThanOrEqual(legs / 100);
    },
  );
});
