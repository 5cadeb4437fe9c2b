// Feature under test: each mode snaps to the nearest edge it may use, a walker joins the network at the best of the nearby edges (a station forecourt is not left by the far end of its own spur), and leaves a station by its entrances.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTransportEntrance } from '../../src/osm/features.ts';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { WALK_MPS } from '../../src/figures/planningFigures.ts';
import { haversineM } from '../../src/geo/geometry.ts';
import { edgeHighwayClass, findEdgeName } from '../../src/streets/graph.ts';
import { findSnapPoint, findStopSnapPoint, LINK_SLACK_M, listSnapPoints } from '../../src/streets/snap.ts';
import { createStreetNetwork, findStreetRoute } from '../../src/streets/streetNetwork.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import type { FixtureWay } from '../support/osmFixture.ts';

/*
 * Metres east (x) and north (y). J is the junction every facility hangs off, as in the demo
 * region: the station ST at the end of a 215 m approach road, the bus stop BS at the end of its
 * own footway, 29 m from the station. A motorway runs 2 m south of High Street's west end, a
 * loose footway island lies north of it and Back Lane runs parallel 120 m north.
 */
const nodes = {
  H0: { x: -500, y: 0 },
  J: { x: 0, y: 0 },
  H2: { x: 500, y: 0 },
  ST: { x: 200, y: 80 },
  BS: { x: 175, y: 95 },
  M0: { x: -500, y: -10 },
  M1: { x: 500, y: -10 },
  I0: { x: -200, y: 60 },
  I1: { x: -150, y: 60 },
  B0: { x: -500, y: 120 },
  B1: { x: 0, y: 120 },
};
const ways: FixtureWay[] = [
  { nodes: ['H0', 'J', 'H2'], tags: { highway: 'residential', name: 'High Street' } },
  { nodes: ['J', 'ST'], tags: { highway: 'service', name: 'Station Approach' } },
  { nodes: ['J', 'BS'], tags: { highway: 'footway' } },
  { nodes: ['M0', 'M1'], tags: { highway: 'motorway', ref: 'M9' } },
  { nodes: ['I0', 'I1'], tags: { highway: 'footway' } },
  { nodes: ['H0', 'B0', 'B1', 'J'], tags: { highway: 'residential', name: 'Back Lane' } },
];
const net = createStreetNetwork(loadOsmXml(osmXml(nodes, ways)).graph, { carHierarchy: false });
const g = net.graph;
const P = (x: number, y: number) => at(x, y);
const straightM = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) =>
  haversineM(a.lat, a.lon, b.lat, b.lon);

describe('snapping per mode', () => {
  it('walks snap past a nearer motorway to the street', () => {
    const foot = findSnapPoint(net.snap, P(-300, -8).lat, P(-300, -8).lon, 'foot')!;
    expect(edgeHighwayClass(g, foot.edge)).toBe('residential');
    expect(foot.distanceM).toBeCloseTo(8, 0);
    const car = findSnapPoint(net.snap, P(-300, -8).lat, P(-300, -8).lon, 'car')!;
    expect(edgeHighwayClass(g, car.edge)).toBe('residential');
  });

  it('cars snap to the drivable approach road, walkers to the nearer footway', () => {
    const p = P(100, 50);
    expect(edgeHighwayClass(g, findSnapPoint(net.snap, p.lat, p.lon, 'foot')!.edge)).toBe('footway');
    expect(edgeHighwayClass(g, findSnapPoint(net.snap, p.lat, p.lon, 'car')!.edge)).toBe('service');
  });

  it('never snaps onto a footway island that leads nowhere', () => {
    const p = P(-175, 58);
    const snap = findSnapPoint(net.snap, p.lat, p.lon, 'foot')!;
    expect(snap.distanceM).toBeGreaterThan(50);
    for (const s of listSnapPoints(net.snap, p.lat, p.lon, 'foot')) expect(s.distanceM).toBeGreaterThan(50);
  });
});

describe('walkers join the network at the best nearby edge', () => {
  it('offers the nearest edge and those within the slack, each with its off-network walk', () => {
    const p = P(200, 80);
    const links = listSnapPoints(net.snap, p.lat, p.lon, 'foot');
    expect(links.map((l) => edgeHighwayClass(g, l.edge))).toEqual(['service', 'footway']);
    expect(links[0]!.distanceM).toBeLessThan(1);
    expect(links[1]!.distanceM).toBeCloseTo(29, 0);
    for (const l of links) expect(l.linkSec).toBeCloseTo(l.distanceM / WALK_MPS, 6);
  });

  it('does not cut across a block: a street 120 m away is no link for a point on another', () => {
    const p = P(-400, 0);
    expect(listSnapPoints(net.snap, p.lat, p.lon, 'foot')).toHaveLength(1);
    const mid = P(-400, 60);
    expect(listSnapPoints(net.snap, mid.lat, mid.lon, 'foot')).toHaveLength(2);
    expect(LINK_SLACK_M).toBeLessThan(60);
  });

  it('vehicles join only their nearest edge, with no off-network link', () => {
    const p = P(200, 80);
    const links = listSnapPoints(net.snap, p.lat, p.lon, 'car');
    expect(links).toHaveLength(1);
    expect(links[0]!.linkSec).toBeUndefined();
  });

  it('walks from the station to the bus stop across the forecourt, not round by the junction', () => {
    const route = findStreetRoute(net, P(200, 80), P(175, 95), 'foot')!;
    const straight = straightM(P(200, 80), P(175, 95));
    // Before: 215 m down the approach and 199 m back up the footway.
    expect(route.distanceM).toBeLessThanOrEqual(2 * straight + 50);
    expect(route.distanceM).toBeGreaterThanOrEqual(straight - 0.5);
    const back = findStreetRoute(net, P(175, 95), P(200, 80), 'foot')!;
    expect(back.distanceM).toBeLessThanOrEqual(2 * straight + 50);
  });

  it('still drives round by the junction', () => {
    const route = findStreetRoute(net, P(200, 80), P(100, 50), 'car')!;
    expect(route.distanceM).toBeGreaterThan(90);
  });
});

/* A 5 × 5 grid of streets 100 m apart. */
const gridNodes: Record<string, { x: number; y: number }> = {};
const gridWays: Array<{ nodes: string[]; tags: Record<string, string> }> = [];
for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) gridNodes[`g${i}_${j}`] = { x: i * 100, y: j * 100 };
for (let i = 0; i < 5; i++) {
  gridWays.push({ nodes: [0, 1, 2, 3, 4].map((j) => `g${i}_${j}`), tags: { highway: 'residential' } });
  gridWays.push({ nodes: [0, 1, 2, 3, 4].map((j) => `g${j}_${i}`), tags: { highway: 'residential' } });
}
const grid = createStreetNetwork(loadOsmXml(osmXml(gridNodes, gridWays)).graph, { carHierarchy: false });

describe('walk lengths against the straight line (property)', () => {
  it('a walk is never shorter than the straight line, nor longer than the grid makes it', () => {
    const onGrid = fc
      .tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 400 }), fc.boolean())
      .map(([line, along, vertical]) => (vertical ? P(line * 100, along) : P(along, line * 100)));
    const anywhere = fc.tuple(fc.integer({ min: -50, max: 450 }), fc.integer({ min: -50, max: 450 }));
    fc.assert(
      fc.property(onGrid, onGrid, (a, b) => {
        const route = findStreetRoute(grid, a, b, 'foot')!;
        const straight = straightM(a, b);
        expect(route.distanceM).toBeGreaterThanOrEqual(straight - 0.5);
        // A Manhattan walk, plus at most 50 m each way to the nearest crossing street.
        expect(route.distanceM).toBeLessThanOrEqual(Math.SQRT2 * straight + 100 + 1);
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(anywhere, anywhere, ([ax, ay], [bx, by]) => {
        const a = P(ax, ay);
        const b = P(bx, by);
        const route = findStreetRoute(grid, a, b, 'foot')!;
        const straight = straightM(a, b);
        expect(route.distanceM).toBeGreaterThanOrEqual(straight - 0.5);
        // As on the grid, with each end up to 50 m off it (the snapped ends up to 100 m further apart).
        expect(route.distanceM).toBeLessThanOrEqual(Math.SQRT2 * (straight + 100) + 200 + 1);
      }),
      { numRuns: 200 },
    );
  });
});

/*
 * A station building between Long Road (50 m south, no door that side) and its entrance E
 * (30 m north), where Station Path leads to North Road, which loops back to Long Road.
 */
const stationNodes = {
  L0: { x: -300, y: 300 },
  L1: { x: 0, y: 300 },
  L2: { x: 300, y: 300 },
  N0: { x: -300, y: 460 },
  N1: { x: 0, y: 460 },
  N2: { x: 300, y: 460 },
  E: { x: 0, y: 380, tags: { railway: 'train_station_entrance', entrance: 'main' } },
};
const stationWays: FixtureWay[] = [
  { nodes: ['L0', 'L1', 'L2'], tags: { highway: 'residential', name: 'Long Road' } },
  { nodes: ['L0', 'N0', 'N1', 'N2', 'L2'], tags: { highway: 'residential', name: 'North Road' } },
  { nodes: ['E', 'N1'], tags: { highway: 'footway', name: 'Station Path' } },
];
const station = createStreetNetwork(loadOsmXml(osmXml(stationNodes, stationWays)).graph, {
  carHierarchy: false,
});

describe('station entrances first', () => {
  it('a walker inside the station leaves by its entrance, not through the wall to the nearer road', () => {
    const inside = P(0, 350);
    const links = listSnapPoints(station.snap, inside.lat, inside.lon, 'foot');
    expect(links).toHaveLength(1);
    expect(findEdgeName(station.graph, links[0]!.edge)).toBe('Station Path');
    expect(links[0]!.linkM).toBeCloseTo(30, 0);
    const route = findStreetRoute(station, inside, P(0, 300), 'foot')!;
    expect(route.distanceM).toBeGreaterThan(500);
  });

  it('a stop inside the station joins the network at its entrance', () => {
    const inside = P(0, 350);
    const stop = findStopSnapPoint(station.snap, inside.lat, inside.lon, 'foot', 400)!;
    expect(findEdgeName(station.graph, stop.edge)).toBe('Station Path');
    expect(stop.distanceM).toBeCloseTo(30, 0);
    expect(stop.linkSec).toBeUndefined();
  });

  it('a place on a road keeps its road even with an entrance nearby', () => {
    const onRoad = P(100, 455);
    const links = listSnapPoints(station.snap, onRoad.lat, onRoad.lon, 'foot');
    expect(findEdgeName(station.graph, links[0]!.edge)).toBe('North Road');
  });

  it('takes station, subway and pier doors as entrances, not every building door', () => {
    expect(isTransportEntrance({ railway: 'subway_entrance' })).toBe(true);
    expect(isTransportEntrance({ public_transport: 'entrance' })).toBe(true);
    expect(isTransportEntrance({ entrance: 'main', railway: 'train_station_entrance' })).toBe(true);
    expect(isTransportEntrance({ entrance: 'yes', amenity: 'ferry_terminal' })).toBe(true);
    expect(isTransportEntrance({ entrance: 'main', shop: 'bakery' })).toBe(false);
    expect(station.graph.entrances?.lat.length).toBe(1);
  });

  it('cars ignore entrances', () => {
    const inside = P(0, 350);
    const car = findStopSnapPoint(station.snap, inside.lat, inside.lon, 'car', 400)!;
    expect(findEdgeName(station.graph, car.edge)).toBe('Long Road');
  });
});
