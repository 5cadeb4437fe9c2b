// Feature under test: cycling speed falls on climbs and rises (capped) on descents, so a climb takes longer up than down and routes may go round a hill.
import { describe, expect, it } from 'vitest';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { createStreetNetwork, findStreetRoute } from '../../src/streets/streetNetwork.ts';
import {
  cycleSpeedMps,
  cyclingPowerW,
  DOWNHILL_MAX_FACTOR,
  steadySpeedMps,
  toblerWalkMps,
} from '../../src/streets/gradient.ts';
import { at, osmXml } from '../support/osmFixture.ts';

const PAVED = 16 / 3.6;
const ROUGH = 11 / 3.6;
const kmh = (mps: number): number => mps * 3.6;

describe('cycling speed against gradient', () => {
  it('keeps the flat speed on the flat and on gentle rises', () => {
    expect(cycleSpeedMps(PAVED, 0)).toBeCloseTo(PAVED, 9);
    expect(cycleSpeedMps(PAVED, 0.01)).toBeCloseTo(PAVED, 9);
    expect(cycleSpeedMps(ROUGH, 0)).toBeCloseTo(ROUGH, 9);
  });

  it('slows steadily on climbs: about 8.5 km/h at 4 %, 6 km/h at 6 %, never below pushing pace', () => {
    let previous = Infinity;
    for (let g = 0; g <= 0.3; g += 0.005) {
      const v = cycleSpeedMps(PAVED, g);
      expect(v).toBeLessThanOrEqual(previous + 1e-9);
      expect(v).toBeGreaterThanOrEqual(Math.min(PAVED, toblerWalkMps(g)) - 1e-9);
      previous = v;
    }
    expect(kmh(cycleSpeedMps(PAVED, 0.04))).toBeCloseTo(8.5, 0);
    expect(kmh(cycleSpeedMps(PAVED, 0.06))).toBeCloseTo(6.1, 0);
    // At 15 % a leisure rider is walking the bike: Tobler's pace.
    expect(cycleSpeedMps(PAVED, 0.15)).toBeCloseTo(toblerWalkMps(0.15), 6);
    // Rough ways climb slower in proportion.
    expect(cycleSpeedMps(ROUGH, 0.04) / cycleSpeedMps(PAVED, 0.04)).toBeCloseTo(11 / 16, 6);
  });

  it('speeds up downhill, but never beyond the cap', () => {
    let previous = 0;
    for (let g = 0; g >= -0.3; g -= 0.005) {
      const v = cycleSpeedMps(PAVED, g);
      expect(v).toBeGreaterThanOrEqual(previous - 1e-9);
      expect(v).toBeLessThanOrEqual(PAVED * DOWNHILL_MAX_FACTOR + 1e-9);
      previous = v;
    }
    expect(kmh(cycleSpeedMps(PAVED, -0.05))).toBeCloseTo(24, 6);
  });

  it('follows the power balance: ~50 W cruising at 16 km/h, 100 W on climbs', () => {
    expect(cyclingPowerW(PAVED, 0)).toBeGreaterThan(45);
    expect(cyclingPowerW(PAVED, 0)).toBeLessThan(55);
    expect(cyclingPowerW(steadySpeedMps(0.05, 100), 0.05)).toBeCloseTo(100, 3);
    expect(cyclingPowerW(cycleSpeedMps(PAVED, 0.04), 0.04)).toBeCloseTo(100, 0);
  });

  it('treats unknown grades as flat', () => expect(cycleSpeedMps(PAVED, Number.NaN)).toBe(PAVED));
});

//        h (hill, 100 m higher)
//       / \       Hill Road: 1 km up at 10 %, 1 km down
//      a   b
//       \ /       Glen Road: 2.6 km, level
//        c
const xml = osmXml(
  {
    a: { x: 0, y: 0, tags: { ele: '200' } },
    h: { x: 1000, y: 0, tags: { ele: '300' } },
    b: { x: 2000, y: 0, tags: { ele: '200' } },
    c: { x: 1000, y: -800, tags: { ele: '200' } },
  },
  [
    { nodes: ['a', 'h', 'b'], tags: { highway: 'unclassified', name: 'Hill Road' } },
    { nodes: ['a', 'c', 'b'], tags: { highway: 'unclassified', name: 'Glen Road' } },
  ],
);
const net = createStreetNetwork(loadOsmXml(xml).graph);

describe('cycling over a hill', () => {
  it('climbs Hill Road slower than it comes down, and reports the climb', () => {
    const top = at(1000, 0);
    const bottom = at(0, 0);
    const up = findStreetRoute(net, bottom, top, 'bicycle');
    const down = findStreetRoute(net, top, bottom, 'bicycle');
    if (!up || !down) throw new Error('no route');
    expect(up.distanceM).toBeCloseTo(down.distanceM, 3);
    // 1 km at 10 %: Tobler's pushing pace (3.6 km/h, ~17 min) against 24 km/h down (2.5 min).
    expect(up.durationSec).toBeGreaterThan(900);
    expect(down.durationSec).toBeCloseTo(up.distanceM / (PAVED * DOWNHILL_MAX_FACTOR), 0);
    expect(up.durationSec).toBeGreaterThan(5 * down.durationSec);
    expect([up.ascentM, up.descentM]).toEqual([100, 0]);
    expect([down.ascentM, down.descentM]).toEqual([0, 100]);
    expect(up.directions.reduce((s, d) => s + d.durationSec, 0)).toBeCloseTo(up.durationSec, 3);
  });

  it('rides round the hill by the level Glen Road, while walking goes over it (shorter)', () => {
    const ride = findStreetRoute(net, at(0, 0), at(2000, 0), 'bicycle');
    const walk = findStreetRoute(net, at(0, 0), at(2000, 0), 'foot');
    expect(ride?.directions.map((d) => d.street)).toEqual(['Glen Road']);
    expect(ride?.ascentM).toBe(0);
    expect(walk?.directions.map((d) => d.street)).toEqual(['Hill Road']);
    expect(walk?.ascentM).toBe(100);
  });
});
