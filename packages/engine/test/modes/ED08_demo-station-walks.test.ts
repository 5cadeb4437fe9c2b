// Feature under test: on the demo region, walks between a station, its bus stop, its hire dock and a pier's bus stop stay close to the straight line (golden: the station-to-platform walk).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoRegion } from '../../../../regions/cairngorms/generator/main.ts';
import { listStopAccess } from '../../src/modes/accessEgress.ts';
import { buildStreetStep } from '../../src/modes/streetStep.ts';
import { WALK_MPS } from '../../src/figures/planningFigures.ts';
import { loadRegionData } from '../../src/loader/regionData.ts';
import type { RegionData } from '../../src/loader/regionData.ts';
import { haversineM } from '../../src/geo/geometry.ts';
import { findStreetRoute } from '../../src/streets/streetNetwork.ts';
import { checkRegionData } from '../../src/region/checks/regionChecks.ts';

const dir = mkdtempSync(join(tmpdir(), 'cairn-demo-walks-'));
let data: RegionData;

beforeAll(async () => {
  await generateDemoRegion({ outDir: dir, seed: 1, date: '2026-11-22' });
  data = await loadRegionData(dir, { log: () => {} });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stop = (id: string) => {
  const s = data.timetable.findStopById(id);
  if (s === undefined) throw new Error(`no stop ${id}`);
  return { idx: s, lat: data.timetable.a.stopLat[s]!, lon: data.timetable.a.stopLon[s]! };
};
const straightM = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  haversineM(a.lat, a.lon, b.lat, b.lon);
/** The sensible bound of a short walk: at most twice the straight line plus 50 m. */
const bound = (straight: number) => 2 * straight + 50;

describe('demo region walks around stations and piers', () => {
  it('walks from Aviemore station to its bus stop in about the straight line (was 379 m for 29 m)', () => {
    const rail = stop('rail:rail:AVM');
    const bus = stop('bus:bus:aviemore-station');
    const straight = straightM(rail, bus);
    expect(straight).toBeLessThan(40);
    for (const [a, b] of [
      [rail, bus],
      [bus, rail],
    ] as const) {
      const route = findStreetRoute(data.streets, a, b, 'foot')!;
      expect(route.distanceM).toBeGreaterThanOrEqual(straight - 0.5);
      expect(route.distanceM).toBeLessThanOrEqual(bound(straight));
    }
  });

  it('walks from the Aviemore Station hire dock to the platform in about the straight line (was 439 m for 50 m)', () => {
    const rail = stop('rail:rail:AVM');
    const dock = data.modes.bikeDocks.find((d) => d.station.name === 'Aviemore Station')!.station;
    const straight = straightM(rail, dock);
    const route = findStreetRoute(data.streets, dock, rail, 'foot')!;
    expect(route.distanceM).toBeLessThanOrEqual(bound(straight));
  });

  it('walks from Fort Augustus pier to the canalside bus stop in about the straight line (was 237 m for 85 m)', () => {
    const pier = stop('ferry:ferry:fort-augustus');
    const bus = data.places.transitStops.find((s) => s.name === 'Fort Augustus, Canalside')!;
    const route = findStreetRoute(data.streets, pier, bus, 'foot')!;
    expect(route.distanceM).toBeLessThanOrEqual(bound(straightM(pier, bus)));
  });

  it("finds no walk between the demo's stops over three times the straight line (a station and its tram stop at Haymarket was 8 min for 57 m)", () => {
    const { findings } = checkRegionData({
      config: data.region,
      timetable: data.timetable,
      streets: data.streets,
      today: 20261122,
    });
    expect(findings.filter((f) => f.check === 'walk-detour').map((f) => f.message)).toEqual([]);
  });

  it('a search from the station reaches its platform with no walk and the bus stop in well under a minute', () => {
    const rail = stop('rail:rail:AVM');
    const bus = stop('bus:bus:aviemore-station');
    const legs = listStopAccess(data, { lat: rail.lat, lon: rail.lon }, 'walk', 15 * 60, 'from');
    expect(legs.find((l) => l.stopIdx === rail.idx)?.durationSec).toBe(0);
    const toBus = legs.find((l) => l.stopIdx === bus.idx)!;
    expect(toBus.durationSec).toBeLessThanOrEqual(Math.ceil(bound(straightM(rail, bus)) / WALK_MPS));
  });

  it("the planner's walk step from the station to the bus stop is short and on mapped paths", () => {
    const rail = stop('rail:rail:AVM');
    const bus = stop('bus:bus:aviemore-station');
    const step = buildStreetStep(
      data.streets,
      'walk',
      { name: 'Aviemore', lat: rail.lat, lon: rail.lon },
      { name: 'Aviemore, Railway Station', lat: bus.lat, lon: bus.lon },
      { startSec: 0 },
    )!;
    expect(step.straightLine).toBeUndefined();
    expect(step.distanceM).toBeLessThanOrEqual(bound(straightM(rail, bus)));
  });
});
