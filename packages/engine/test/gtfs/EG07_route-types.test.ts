// Feature under test: GTFS basic and extended route types map to the product's modes.
import { describe, expect, it } from 'vitest';
import { findModeForRouteType } from '../../src/gtfs/routeTypes.ts';

describe('route types', () => {
  it.each([
    [0, 'tram'],
    [900, 'tram'],
    [906, 'tram'],
    [1, 'subway'],
    [400, 'subway'],
    [404, 'subway'],
    [2, 'train'],
    [100, 'train'],
    [117, 'train'],
    [3, 'bus'],
    [700, 'bus'],
    [716, 'bus'],
    [11, 'bus'],
    [200, 'intercity bus'],
    [209, 'intercity bus'],
    [4, 'ferry'],
    [1000, 'ferry'],
    [1200, 'ferry'],
    [715, 'drt'],
    [5, 'train'],
    [6, 'train'],
    [7, 'funicular'],
    [1300, 'train'],
    [1399, 'train'],
    [1400, 'funicular'],
  ])('%i → %s', (type, mode) => expect(findModeForRouteType(type)).toBe(mode));
  it('unknown codes are undefined (the reader warns and shows them as bus)', () => {
    expect(findModeForRouteType(99)).toBeUndefined();
    expect(findModeForRouteType(1100)).toBeUndefined();
  });
});
