// Feature under test: a street walk many times its straight line (a gap in the OSM extract) is offered as a labelled straight-line estimate, by the walk step and the router alike.
import { describe, expect, it } from 'vitest';
import { listStopAccess } from '../../src/modes/accessEgress.ts';
import { buildStreetStep } from '../../src/modes/streetStep.ts';
import { regionDataFromFeeds } from '../../src/loader/regionData.ts';
import { stopPlace } from '../../src/planner/transitSteps.ts';
import { haversineM } from '../../src/geo/geometry.ts';
import { isMapGapDetour } from '../../src/streets/straightWalk.ts';
import { findSharedData } from '../support/sharedData.ts';

const feed = findSharedData('rnv/rnv-gtfs.zip');
const osm = findSharedData('rnv/rnv.osm.pbf');

describe('D10 map gaps', () => {
  it('are walks over 5× and 1 km longer than the straight line, not ordinary detours', () => {
    expect(isMapGapDetour(4824, 106)).toBe(true);
    expect(isMapGapDetour(2003, 158)).toBe(true);
    // Round a block, or a bridge a few hundred metres off: the street route stays.
    expect(isMapGapDetour(600, 100)).toBe(false);
    expect(isMapGapDetour(1400, 300)).toBe(false);
  });
});

describe.skipIf(!feed || !osm)('D10 RNV map gaps', () => {
  it(
    "Vogelstang Zentrum's two poles 106 m apart: a 4.8 km street walk becomes a labelled straight line, and the router times it the same",
    { timeout: 120_000 },
    () => {
      const built = regionDataFromFeeds([{ path: feed! }], { osmPath: osm!, log: () => undefined });
      if (!built.ok) throw new Error(built.message);
      const data = built.data;
      const stops = Array.from({ length: data.timetable.stopCount }, (_, i) => ({
        i,
        ...stopPlace(data, i),
      }));
      const near = (lat: number, lon: number) =>
        stops.reduce((a, b) =>
          haversineM(lat, lon, b.lat, b.lon) < haversineM(lat, lon, a.lat, a.lon) ? b : a,
        );
      const a = near(49.510761, 8.539479);
      const b = near(49.511182, 8.538161);
      expect([a.name, b.name]).toEqual(['Vogelstang Zentrum', 'Vogelstang Zentrum']);
      const step = buildStreetStep(data.streets, 'walk', a, b, { startSec: 0 });
      expect(step?.straightLine).toBe(true);
      expect(step!.distanceM).toBeLessThan(200);
      expect(step!.description).toMatch(
        /^Walk about .* to Vogelstang Zentrum \(estimated in a straight line: the mapped streets go round, 3\.0 miles\)$/,
      );
      const leg = listStopAccess(data, a, 'walk', 900, 'from').find((l) => l.stopIdx === b.i);
      expect(leg?.durationSec).toBeCloseTo(step!.endSec - step!.startSec, -1);
    },
  );
});
