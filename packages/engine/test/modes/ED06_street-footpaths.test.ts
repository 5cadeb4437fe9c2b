// Feature under test: walking times between stops along streets, for the timetable's transfers.
import { describe, expect, it } from 'vitest';
import { listStreetFootpaths, streetFootpathSource } from '../../src/modes/footpaths.ts';
import type { FootpathSource } from '../../src/timetable/footpaths.ts';
import { DEFAULT_TRANSFER_SETTINGS } from '../../src/timetable/types.ts';
import { at } from '../support/osmFixture.ts';
import { net } from '../support/modeFixture.ts';

const WALK_MPS = 4.8 / 3.6;

describe('street footpaths', () => {
  it('times walks between nearby stops along the street, leaving far and off-street stops out', () => {
    const xy: Array<[number, number]> = [
      [0, 5],
      [200, 5],
      [500, 5],
      [0, 3000],
    ];
    const pts = xy.map(([x, y]) => at(x, y));
    const stops = {
      count: pts.length,
      lat: Float64Array.from(pts.map((p) => p.lat)),
      lon: Float64Array.from(pts.map((p) => p.lon)),
    };
    const paths = listStreetFootpaths(net, stops, { footpathRadiusM: 400 });
    const pairs = paths.map((p) => [p.from, p.to]).sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
    expect(pairs).toEqual([
      [0, 1],
      [1, 0],
      [1, 2],
      [2, 1],
    ]);
    const ab = paths.find((p) => p.from === 0 && p.to === 1)!;
    // 200 m along Main Street plus 5 m from each stop to the street.
    expect(ab.durationSec).toBeCloseTo(210 / WALK_MPS, -1);
    const bc = paths.find((p) => p.from === 1 && p.to === 2)!;
    expect(bc.durationSec).toBeCloseTo(310 / WALK_MPS, -1);
  });

  it('plugs into the timetable as its footpath source', () => {
    const source: FootpathSource = streetFootpathSource(net);
    const pts = [at(0, 5), at(300, 5)];
    const stops = {
      count: 2,
      lat: Float64Array.from(pts.map((p) => p.lat)),
      lon: Float64Array.from(pts.map((p) => p.lon)),
    };
    const paths = source(stops, DEFAULT_TRANSFER_SETTINGS);
    expect(paths.map((p) => [p.from, p.to])).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(paths[0]!.durationSec).toBeCloseTo(310 / WALK_MPS, -1);
  });
});
