// Feature under test: loading the real RNV (Mannheim/Heidelberg) OSM extract and routing on it.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadOsmFile } from '../../src/loader/loadOsm.ts';
import { createStreetNetwork, findStreetRoute } from '../../src/streets/streetNetwork.ts';
import { findSharedData } from '../support/sharedData.ts';

const RNV = findSharedData('rnv/rnv.osm.pbf');

describe.skipIf(!RNV)('rnv.osm.pbf acceptance', () => {
  // Read before the tests, not while collecting them: a skipped block's body still runs.
  let data: ReturnType<typeof loadOsmFile>;
  let net: ReturnType<typeof createStreetNetwork>;
  beforeAll(() => {
    data = loadOsmFile(RNV!);
    net = createStreetNetwork(data.graph);
  });

  it('reads every node and way of the extract', () => {
    expect(data.warnings).toEqual([]);
    expect(data.stats.nodes).toBe(164_598);
    expect(data.stats.ways).toBe(37_344);
    expect(data.stats.missingNodeRefs).toBe(0);
    expect(data.graph.vertexCount).toBeGreaterThan(30_000);
    expect(data.places.transitStops.length).toBeGreaterThan(50);
  });

  it('drives from Mannheim Hauptbahnhof to Heidelberg Hauptbahnhof in a plausible time', () => {
    // Station forecourts, positions from OpenStreetMap.
    const route = findStreetRoute(net, { lat: 49.4797, lon: 8.4697 }, { lat: 49.4035, lon: 8.6754 }, 'car')!;
    expect(route).toBeDefined();
    expect(route.distanceM).toBeGreaterThan(17_000);
    expect(route.distanceM).toBeLessThan(30_000);
    expect(route.durationSec).toBeGreaterThan(10 * 60);
    expect(route.durationSec).toBeLessThan(40 * 60);
    expect(route.directions.length).toBeGreaterThan(3);
  });

  it('walks across central Mannheim', () => {
    const route = findStreetRoute(net, { lat: 49.4797, lon: 8.4697 }, { lat: 49.4875, lon: 8.4661 }, 'foot')!;
    expect(route.distanceM).toBeGreaterThan(850);
    expect(route.distanceM).toBeLessThan(2000);
  });
});
