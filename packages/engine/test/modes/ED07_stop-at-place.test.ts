// Feature under test: a place at a stop reaches it with no walk, and a walk with no mapped path in reach goes in a straight line (shown as such) rather than failing.
import fc from 'fast-check';
import KDBush from 'kdbush';
import { describe, expect, it } from 'vitest';
import { AT_STOP_M, listStopAccess } from '../../src/modes/accessEgress.ts';
import type { StopStreets } from '../../src/modes/accessEgress.ts';
import { buildStreetStep } from '../../src/modes/streetStep.ts';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { WALK_DETOUR_FACTOR, WALK_MPS } from '../../src/figures/planningFigures.ts';
import { haversineM } from '../../src/geo/geometry.ts';
import { findStopSnapPoint } from '../../src/streets/snap.ts';
import { createStreetNetwork, findStreetRoute } from '../../src/streets/streetNetwork.ts';
import type { StreetNetwork } from '../../src/streets/streetNetwork.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import { directionText } from '../../src/format/directions.ts';

/*
 * Metres east (x) and north (y). Main Street runs east 1 km; stops 0 and 1 stand by it, stop 2
 * (the Füllenweg case) 1.6 km north of any street, stop 3 100 m north of stop 2.
 */
const STOPS: Array<[number, number]> = [
  [100, 5],
  [400, 5],
  [500, 1600],
  [500, 1700],
];
const streetNet = createStreetNetwork(
  loadOsmXml(
    osmXml({ A: { x: 0, y: 0 }, B: { x: 500, y: 0 }, C: { x: 1000, y: 0 } }, [
      { nodes: ['A', 'B', 'C'], tags: { highway: 'residential', name: 'Main Street' } },
    ]),
  ).graph,
  { carHierarchy: false },
);

function stopStreets(
  net: StreetNetwork = streetNet,
  stops: ReadonlyArray<readonly [number, number]> = STOPS,
): StopStreets {
  const { kx, ky } = net.graph.projection;
  const index = new KDBush(stops.length);
  for (const [x, y] of stops) {
    const p = at(x, y);
    index.add(p.lon * kx, p.lat * ky);
  }
  index.finish();
  const snaps = (mode: 'foot' | 'bicycle' | 'car') =>
    stops.map(([x, y]) => findStopSnapPoint(net.snap, at(x, y).lat, at(x, y).lon, mode, 400));
  return {
    streets: net,
    stopIndex: { index, kx, ky },
    stopSnaps: { foot: snaps('foot'), bicycle: snaps('bicycle'), car: snaps('car') },
    preparedStops: { stops: stops.map(([x, y], stopIdx) => ({ stopIdx, ...at(x, y) })) },
  };
}
const net = streetNet;
const data = stopStreets();
const ll = (x: number, y: number) => ({ lat: at(x, y).lat, lon: at(x, y).lon });
const byStop = (legs: Array<{ stopIdx: number; durationSec: number }>) =>
  Object.fromEntries(legs.map((l) => [l.stopIdx, l.durationSec]));

describe('a place that is a stop', () => {
  it('reaches its own stop with no walk and the other stops along the street', () => {
    for (const direction of ['from', 'to'] as const) {
      const legs = byStop(listStopAccess(data, ll(100, 5), 'walk', 15 * 60, direction));
      expect(legs[0]).toBe(0);
      // 300 m along Main Street plus 5 m from it at each end.
      expect(legs[1]).toBeGreaterThanOrEqual(Math.floor(300 / WALK_MPS));
      expect(legs[1]).toBeLessThanOrEqual(Math.ceil(312 / WALK_MPS));
    }
  });

  it('counts a place a few metres from the stop as at it', () => {
    const legs = byStop(listStopAccess(data, ll(100, 5 + AT_STOP_M - 3), 'walk', 15 * 60, 'to'));
    expect(legs[0]).toBe(0);
  });

  it('leaves stops the filter refuses out, even the one at the place', () => {
    const legs = byStop(listStopAccess(data, ll(100, 5), 'walk', 15 * 60, 'from', (s) => s !== 0));
    expect(legs[0]).toBeUndefined();
    expect(legs[1]).toBeDefined();
  });

  it('is for walks only: a vehicle off the roads gets no stop, not even its own', () => {
    expect(listStopAccess(data, ll(500, 1600), 'taxi', 30 * 60, 'from')).toEqual([]);
  });
});

describe('a place off the mapped paths', () => {
  it('reaches its own stop with no walk and a stop nearby in a straight line', () => {
    const legs = byStop(listStopAccess(data, ll(500, 1600), 'walk', 15 * 60, 'to'));
    expect(legs[2]).toBe(0);
    expect(legs[3]).toBeCloseTo((100 * WALK_DETOUR_FACTOR) / WALK_MPS, -1);
    // Main Street's stops are beyond a 15-minute walk in a straight line.
    expect(legs[0]).toBeUndefined();
  });

  it('walks in a straight line, flagged and worded so, between it and the street', () => {
    const from = { name: 'Füllenweg', lat: at(500, 1600).lat, lon: at(500, 1600).lon };
    const to = { name: 'Farm gate', lat: at(500, 1100).lat, lon: at(500, 1100).lon };
    const step = buildStreetStep(net, 'walk', from, to, { startSec: 1000 })!;
    expect(step.straightLine).toBe(true);
    const straight = haversineM(from.lat, from.lon, to.lat, to.lon);
    expect(step.distanceM).toBeCloseTo(straight * WALK_DETOUR_FACTOR, 0);
    expect(step.endSec - step.startSec).toBe(Math.round(step.distanceM / WALK_MPS));
    expect(step.description).toMatch(/^Walk about .* to Farm gate \(no mapped path\)$/);
    expect(step.directions).toEqual([{ action: 'walk-unmapped', distance_m: step.distanceM }]);
    expect(directionText(step.directions[0]!)).toMatch(/\(no mapped path\)$/);
    expect(step.coords).toHaveLength(2);
  });

  it('still fails beyond the access walk limit, and never drives in a straight line', () => {
    const from = { name: 'Füllenweg', lat: at(500, 1600).lat, lon: at(500, 1600).lon };
    const far = { name: 'Far', lat: at(500, 3000).lat, lon: at(500, 3000).lon };
    expect(buildStreetStep(net, 'walk', from, far, { startSec: 0 })).toBeUndefined();
    const road = { name: 'Main Street', lat: at(500, 0).lat, lon: at(500, 0).lon };
    expect(buildStreetStep(net, 'taxi', from, road, { startSec: 0 })).toBeUndefined();
  });

  it('walks on the streets as before when both ends are on them', () => {
    const a = { name: 'A', lat: at(100, 5).lat, lon: at(100, 5).lon };
    const b = { name: 'B', lat: at(400, 5).lat, lon: at(400, 5).lon };
    const step = buildStreetStep(net, 'walk', a, b, { startSec: 0 })!;
    expect(step.straightLine).toBeUndefined();
    expect(step.description).toBe('Walk to B');
  });

  it('door-to-door walks fall back the same way', () => {
    const a = at(500, 1600);
    const b = at(500, 1100);
    const step = buildStreetStep(
      net,
      'walk',
      { name: 'Füllenweg', lat: a.lat, lon: a.lon },
      { name: 'Farm gate', lat: b.lat, lon: b.lon },
      { startSec: 0 },
    );
    expect(step?.straightLine).toBe(true);
    expect(step?.description).toMatch(/^Walk about .* to Farm gate \(no mapped path\)$/);
  });
});

/* A 4 × 4 grid of streets 150 m apart, for random points and stops. */
const gridNodes: Record<string, { x: number; y: number }> = {};
const gridWays: Array<{ nodes: string[]; tags: Record<string, string> }> = [];
for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) gridNodes[`g${i}_${j}`] = { x: i * 150, y: j * 150 };
for (let i = 0; i < 4; i++) {
  gridWays.push({ nodes: [0, 1, 2, 3].map((j) => `g${i}_${j}`), tags: { highway: 'residential' } });
  gridWays.push({ nodes: [0, 1, 2, 3].map((j) => `g${j}_${i}`), tags: { highway: 'residential' } });
}
const grid = createStreetNetwork(loadOsmXml(osmXml(gridNodes, gridWays)).graph, { carHierarchy: false });

describe('walks to stops against the straight line (property)', () => {
  it('are never quicker than the straight line or the street route, nor absurdly slower', () => {
    const xy = fc.tuple(fc.integer({ min: -40, max: 490 }), fc.integer({ min: -40, max: 490 }));
    // Stops stand by a street (up to 15 m off it), as real stops do.
    const stopXy = fc
      .tuple(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 450 }),
        fc.integer({ min: -15, max: 15 }),
        fc.boolean(),
      )
      .map(([line, along, off, vertical]) =>
        vertical ? ([line * 150 + off, along] as const) : ([along, line * 150 + off] as const),
      );
    fc.assert(
      fc.property(xy, fc.array(stopXy, { minLength: 1, maxLength: 6 }), ([px, py], stops) => {
        const d = stopStreets(grid, stops);
        const legs = listStopAccess(d, ll(px, py), 'walk', 15 * 60, 'from');
        for (const leg of legs) {
          const [sx, sy] = stops[leg.stopIdx]!;
          const straight = haversineM(at(px, py).lat, at(px, py).lon, at(sx, sy).lat, at(sx, sy).lon);
          if (straight <= AT_STOP_M) continue;
          expect(leg.durationSec).toBeGreaterThanOrEqual(Math.floor(straight / WALK_MPS));
          const route = findStreetRoute(grid, at(px, py), at(sx, sy), 'foot')!;
          // One walking model: the leg joins the stop's end by the same nearby edges as the route
          // (a few seconds of rounding and link slack aside).
          expect(leg.durationSec).toBeGreaterThanOrEqual(Math.floor(route.durationSec) - 1);
          expect(leg.durationSec).toBeLessThanOrEqual(Math.ceil(route.durationSec) + 5);
        }
      }),
      { numRuns: 150 },
    );
  });
});
