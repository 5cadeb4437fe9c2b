// Feature under test: a road-only OSM extract (no footways) walks the roads tagged foot=no, whose pavements it leaves out.
import { describe, expect, it } from 'vitest';
import { haversineM } from '../../src/geo/geometry.ts';
import { loadOsmFile, loadOsmXml } from '../../src/loader/loadOsm.ts';
import { HIGHWAY_CLASSES, MODE_BIT } from '../../src/osm/wayAccess.ts';
import { createStreetNetwork, findStreetRoute } from '../../src/streets/streetNetwork.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import type { FixtureWay } from '../support/osmFixture.ts';
import { findSharedData } from '../support/sharedData.ts';

/** A main road A–B tagged foot=no, and a 1 km loop of side streets round it. */
const NODES = { a: { x: 0, y: 0 }, b: { x: 200, y: 0 }, an: { x: 0, y: 400 }, bn: { x: 200, y: 400 } };
const ROADS: FixtureWay[] = [
  { nodes: ['a', 'b'], tags: { highway: 'primary', foot: 'no', name: 'Ring' } },
  { nodes: ['a', 'an', 'bn', 'b'], tags: { highway: 'residential' } },
];

/** Whether walkers may use the main road (the graph's primary-road edge). */
function ringWalkable(ways: FixtureWay[], nodes: Record<string, { x: number; y: number }> = NODES): boolean {
  const g = loadOsmXml(osmXml(nodes, ways)).graph;
  const primary = HIGHWAY_CLASSES.indexOf('primary');
  const ring = Array.from({ length: g.edgeCount }, (_, e) => e).find((e) => g.edgeClass[e] === primary)!;
  return (g.edgeForward[ring]! & MODE_BIT.foot) !== 0;
}

describe('A08 road-only extract', () => {
  it('walks along a foot=no road when the extract has no footways at all', () => {
    expect(ringWalkable(ROADS)).toBe(true);
    const net = createStreetNetwork(loadOsmXml(osmXml(NODES, ROADS)).graph);
    expect(findStreetRoute(net, at(0, 0), at(200, 0), 'foot')!.distanceM).toBeCloseTo(200, -1);
  });

  it('keeps the road closed to walkers when the extract maps footways', () => {
    const withPavement = { ...NODES, p: { x: 0, y: -10 }, q: { x: 200, y: -10 } };
    const ways: FixtureWay[] = [...ROADS, { nodes: ['p', 'q'], tags: { highway: 'footway' } }];
    expect(ringWalkable(ways, withPavement)).toBe(false);
  });

  const rnv = findSharedData('rnv/rnv.osm.pbf');
  it.skipIf(!rnv)(
    'RNV: the two Wasserturm stops, 199 m apart on the ring road, are a short walk (6 km before), and rides follow the main roads',
    () => {
      const net = createStreetNetwork(loadOsmFile(rnv!).graph, { carHierarchy: false });
      // Stop positions from rnv-gtfs.zip stops.txt (Wasserturm, both directions).
      const from = { lat: 49.483333, lon: 8.473874 };
      const to = { lat: 49.484997, lon: 8.474874 };
      expect(haversineM(from.lat, from.lon, to.lat, to.lon)).toBeCloseTo(199, -1);
      expect(findStreetRoute(net, from, to, 'foot')!.distanceM).toBeLessThan(400);
      // Käfertal Bahnhof to Feudenheim (stops.txt): a 5 km walk was a 40 km ride (bicycle=no on the main roads).
      const kaefertal = { lat: 49.50982, lon: 8.51818 };
      const feudenheim = { lat: 49.48404, lon: 8.53763 };
      const walk = findStreetRoute(net, kaefertal, feudenheim, 'foot')!.distanceM;
      expect(findStreetRoute(net, kaefertal, feudenheim, 'bicycle')!.distanceM).toBeLessThan(1.5 * walk);
    },
  );
});
