// Feature under test: the engine's one geometry module (src/geo/geometry.ts).
import { describe, expect, it } from 'vitest';
import {
  bearingDeg,
  EARTH_RADIUS_M,
  haversineM,
  pointInPolygon,
  pointSegment,
  projectionFor,
} from '../../src/geo/geometry.ts';
import { straightLineFootpaths, straightLineWalkSec } from '../../src/timetable/footpaths.ts';
import { DEFAULT_TRANSFER_SETTINGS } from '../../src/timetable/types.ts';

const ONE_DEGREE_M = (EARTH_RADIUS_M * Math.PI) / 180;

describe('geometry', () => {
  it('measures great-circle distances in metres', () => {
    expect(haversineM(57, -3.8, 58, -3.8)).toBeCloseTo(ONE_DEGREE_M, 3);
    // A degree of longitude shrinks with the cosine of the latitude.
    expect(haversineM(60, 0, 60, 1)).toBeCloseTo(ONE_DEGREE_M / 2, -1);
    expect(haversineM(57.1, -3.8, 57.1, -3.8)).toBe(0);
  });

  it('gives compass bearings', () => {
    expect(bearingDeg(57, -3.8, 58, -3.8)).toBeCloseTo(0, 6);
    expect(bearingDeg(0, 0, 0, 1)).toBeCloseTo(90, 6);
    expect(bearingDeg(57, -3.8, 56, -3.8)).toBeCloseTo(180, 6);
  });

  it('projects so that distances are never overstated across the latitude range', () => {
    const p = projectionFor(55, 61);
    for (const lat of [55, 58, 61]) {
      const projected = Math.hypot(0.01 * p.kx, 0.01 * p.ky);
      expect(projected).toBeLessThanOrEqual(haversineM(lat, -3, lat + 0.01, -2.99) * 1.0001);
    }
  });

  it('finds the nearest point of a segment', () => {
    expect(pointSegment(5, 5, 0, 0, 10, 0)).toEqual({ distM: 5, t: 0.5 });
    expect(pointSegment(-3, 4, 0, 0, 10, 0)).toEqual({ distM: 5, t: 0 });
  });

  it('tells inside from outside a polygon with a hole ([lon, lat] rings)', () => {
    const outline: Array<[number, number]> = [
      [-4, 57],
      [-3, 57],
      [-3, 58],
      [-4, 58],
      [-4, 57],
    ];
    const hole: Array<[number, number]> = [
      [-3.6, 57.4],
      [-3.4, 57.4],
      [-3.4, 57.6],
      [-3.6, 57.6],
      [-3.6, 57.4],
    ];
    expect(pointInPolygon(57.2, -3.8, [outline, hole])).toBe(true);
    expect(pointInPolygon(57.5, -3.5, [outline, hole])).toBe(false);
    expect(pointInPolygon(57.5, -3.5, [outline])).toBe(true);
    expect(pointInPolygon(56.5, -3.5, [outline, hole])).toBe(false);
  });

  it('is what the timetable’s straight-line footpaths measure with', () => {
    const lat = Float64Array.from([57, 57.002]);
    const lon = Float64Array.from([-3.8, -3.8]);
    const settings = DEFAULT_TRANSFER_SETTINGS;
    const paths = straightLineFootpaths({ count: 2, lat, lon }, settings);
    expect(paths.map((p) => p.durationSec)).toEqual([
      straightLineWalkSec(haversineM(57, -3.8, 57.002, -3.8), settings),
      straightLineWalkSec(haversineM(57, -3.8, 57.002, -3.8), settings),
    ]);
  });
});
