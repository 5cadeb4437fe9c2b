// Feature under test: a region's car hierarchy and landmarks (streets.bin) and its stops' snap points (stop-snaps.bin) are read from file when made from the same streets and stops, and rebuilt when those (or the file) changed.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import {
  loadRegionStopSnaps,
  loadRegionStreetNetwork,
  REGION_STREETS_FILE,
} from '../../src/loader/regionStreets.ts';
import { prepareStops } from '../../src/modes/accessEgress.ts';
import { createStreetNetwork, findStreetRoute } from '../../src/streets/streetNetwork.ts';
import type { StreetNetwork } from '../../src/streets/streetNetwork.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import type { FixtureNode, FixtureWay } from '../support/osmFixture.ts';

// A 5×5 town grid with a fast road round it; `ringSpeed` sets the ring's limit, `eastM` moves it all east.
function town(ringSpeed: string, eastM = 0) {
  const nodes: Record<string, FixtureNode> = {};
  for (let r = 0; r < 5; r++)
    for (let c = 0; c < 5; c++) nodes[`n${r}_${c}`] = { x: c * 200 + eastM, y: r * 200 };
  const ways: FixtureWay[] = [];
  for (let r = 0; r < 5; r++) {
    const ring = r === 0 || r === 4;
    const tags: Record<string, string> = ring
      ? { highway: 'primary', maxspeed: ringSpeed }
      : { highway: 'residential' };
    ways.push({ nodes: [0, 1, 2, 3, 4].map((c) => `n${r}_${c}`), tags });
    ways.push({ nodes: [0, 1, 2, 3, 4].map((c) => `n${c}_${r}`), tags });
  }
  return loadOsmXml(osmXml(nodes, ways)).graph;
}

/** Car and bicycle trips across the town, as a planner would route them. */
function trips(net: StreetNetwork): unknown[] {
  return (['car', 'bicycle'] as const).map((mode) => {
    const r = findStreetRoute(net, at(10, 390), at(790, 410), mode);
    return r && { mode, sec: r.durationSec, m: r.distanceM };
  });
}

const dir = mkdtempSync(join(tmpdir(), 'cairn-eb07-'));
const file = join(dir, REGION_STREETS_FILE);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('B07 prepared streets (streets.bin)', () => {
  const slow = town('20 mph');
  const fresh = createStreetNetwork(slow);

  it('builds and writes them on the first start, then reads the same hierarchy and landmarks', () => {
    const first = loadRegionStreetNetwork(dir, slow);
    expect(first.note).toMatch(/^streets: built car hierarchy and landmarks \(no file\) in \d+ ms, wrote /);
    expect(statSync(file).size).toBeGreaterThan(0);
    const second = loadRegionStreetNetwork(dir, slow);
    expect(second.note).toMatch(/^streets: car hierarchy and landmarks from /);
    expect(second.network.hierarchies).toEqual(fresh.hierarchies);
    expect(second.network.landmarks).toEqual(fresh.landmarks);
    expect(trips(second.network)).toEqual(trips(fresh));
    expect(trips(fresh).every(Boolean)).toBe(true);
  });

  it('rebuilds them when the streets changed (a new speed limit on the ring road), never routing on the old ones', () => {
    const fast = town('60 mph');
    const rebuilt = loadRegionStreetNetwork(dir, fast);
    expect(rebuilt.note).toMatch(/\(made for other streets\)/);
    const expected = createStreetNetwork(fast);
    expect(rebuilt.network.hierarchies).toEqual(expected.hierarchies);
    expect(trips(rebuilt.network)).toEqual(trips(expected));
    expect(trips(expected)).not.toEqual(trips(fresh));
    expect(loadRegionStreetNetwork(dir, fast).note).toMatch(/ from /);
  });

  it('rebuilds them when the file is damaged, and repairs it', () => {
    expect(loadRegionStreetNetwork(dir, slow).note).toMatch(/\(made for other streets\)/);
    const bytes = readFileSync(file);
    bytes[bytes.length - 3]! ^= 0xff;
    writeFileSync(file, bytes);
    const read = loadRegionStreetNetwork(dir, slow);
    expect(read.note).toMatch(/\(damaged \(checksum mismatch\)\)/);
    expect(trips(read.network)).toEqual(trips(fresh));
    const again = loadRegionStreetNetwork(dir, slow);
    expect(again.note).toMatch(/ from /);
    writeFileSync(file, readFileSync(file).subarray(0, 100));
    expect(loadRegionStreetNetwork(dir, slow).note).toMatch(/\(truncated header\)/);
  });

  it('reads the stops snapped to the streets when made for the same stops and streets, and snaps again when a stop moved or the streets changed', () => {
    const places = [at(10, 390), at(420, 205), at(790, 800), at(5000, 5000)];
    const stopsAt = (ps: typeof places) => ({
      stops: ps.map((p, stopIdx) => ({ stopIdx, ...p })),
      coordinates: { lat: Float64Array.from(ps, (p) => p.lat), lon: Float64Array.from(ps, (p) => p.lon) },
    });
    const here = stopsAt(places);
    const expected = prepareStops(fresh, here.stops);
    // The last stop is 6 km out of town: no street near it, for any mode.
    expect(expected.car[3]).toBeUndefined();
    expect(expected.foot[0]).toBeDefined();
    const first = loadRegionStopSnaps(dir, fresh, here.stops, here.coordinates);
    expect(first.note).toMatch(/^stops: snapped to the streets \(no file\) in \d+ ms, wrote /);
    const second = loadRegionStopSnaps(dir, fresh, here.stops, here.coordinates);
    expect(second.note).toMatch(/^stops: snapped to the streets, from /);
    expect(second.prepared).toEqual(expected);
    const moved = stopsAt([places[0]!, at(600, 205), places[2]!, places[3]!]);
    const afterMove = loadRegionStopSnaps(dir, fresh, moved.stops, moved.coordinates);
    expect(afterMove.note).toMatch(/\(made for other stops or streets\)/);
    expect(afterMove.prepared).toEqual(prepareStops(fresh, moved.stops));
    expect(afterMove.prepared.foot[1]).not.toEqual(expected.foot[1]);
    // Faster roads do not move where a stop joins them; roads 30 m further east do.
    const faster = createStreetNetwork(town('60 mph'));
    expect(loadRegionStopSnaps(dir, faster, moved.stops, moved.coordinates).note).toMatch(/ from /);
    const east = createStreetNetwork(town('20 mph', 30));
    const shifted = loadRegionStopSnaps(dir, east, moved.stops, moved.coordinates);
    expect(shifted.note).toMatch(/\(made for other stops or streets\)/);
    expect(shifted.prepared).toEqual(prepareStops(east, moved.stops));
  });
});
