// Feature under test: one street search to the longest limit gives every vehicle mile of its street mode (park & ride, a lift, a taxi; bike & ride) the stops, order and times listStopAccess finds at its own limit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TravelType } from '@cairn/contracts';
import { generateDemoRegion } from '../../../../regions/cairngorms/generator/main.ts';
import { listStopAccess, listVehicleReach, vehicleLegsWithin } from '../../src/modes/accessEgress.ts';
import { loadRegionData } from '../../src/loader/regionData.ts';
import type { RegionData } from '../../src/loader/regionData.ts';

const dir = mkdtempSync(join(tmpdir(), 'cairn-vehicle-reach-'));
let data: RegionData;

beforeAll(async () => {
  await generateDemoRegion({ outDir: dir, seed: 1, date: '2026-11-22' });
  data = await loadRegionData(dir, { log: () => {} });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Points near every seventh stop of the demo timetable, a few hundred metres off it. */
function points(): Array<{ lat: number; lon: number }> {
  const a = data.timetable.a;
  const out: Array<{ lat: number; lon: number }> = [];
  for (let s = 0; s < a.stopLat.length; s += 7)
    out.push({ lat: a.stopLat[s]! + 0.003 * ((s % 3) - 1), lon: a.stopLon[s]! + 0.004 * ((s % 5) - 2) });
  return out;
}

describe('vehicle miles share one street search', () => {
  const cases: Array<{ type: TravelType; longestSec: number; limitsSec: number[] }> = [
    { type: 'own car', longestSec: 30 * 60, limitsSec: [5 * 60, 12 * 60, 25 * 60, 30 * 60] },
    { type: 'car', longestSec: 30 * 60, limitsSec: [25 * 60] },
    { type: 'taxi', longestSec: 25 * 60, limitsSec: [10 * 60, 25 * 60] },
    { type: 'cycle', longestSec: 20 * 60, limitsSec: [7 * 60, 20 * 60] },
  ];
  for (const { type, longestSec, limitsSec } of cases)
    it(`${type}: each limit's legs are listStopAccess's at that limit`, () => {
      // Half the stops allowed, as a mile's filter allows some (stations, not within a walk).
      const allow = (s: number) => s % 2 === 0;
      let legs = 0;
      for (const p of points())
        for (const dir of ['from', 'to'] as const) {
          const reach = listVehicleReach(data, p, type, longestSec, dir, allow);
          for (const limitSec of limitsSec) {
            const expected = listStopAccess(data, p, type, limitSec, dir, allow);
            expect(vehicleLegsWithin(reach, type, limitSec)).toEqual(expected);
            legs += expected.length;
          }
        }
      // The comparison saw stops reached, not only empty lists.
      expect(legs).toBeGreaterThan(50);
    });

  it('is for vehicles: a walk reaches stops by listStopAccess', () => {
    const [p] = points();
    expect(() => listVehicleReach(data, p!, 'walk', 600, 'from', () => true)).toThrow(/vehicles/);
  });
});
