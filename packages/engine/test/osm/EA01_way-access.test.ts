// Feature under test: per-mode access, oneway and speed rules read from way tags.
import { describe, expect, it } from 'vitest';
import { MODE_BIT, parseMaxspeedKmh, wayRouting, wayRoutingWithSidewalk } from '../../src/osm/wayAccess.ts';
import { SHARE_OF_LIMIT } from '../../src/osm/roadSpeeds.ts';

const F = MODE_BIT.foot;
const B = MODE_BIT.bicycle;
const C = MODE_BIT.car;

describe('wayRouting', () => {
  it('opens a residential street to everyone both ways', () => {
    const r = wayRouting({ highway: 'residential' })!;
    expect(r.forward).toBe(F | B | C);
    expect(r.backward).toBe(F | B | C);
  });

  it('keeps walkers and cyclists off motorways and cars off footways', () => {
    expect(wayRouting({ highway: 'motorway' })!.forward).toBe(C);
    expect(wayRouting({ highway: 'footway' })!.forward).toBe(F);
    expect(wayRouting({ highway: 'cycleway' })!.forward).toBe(F | B);
  });

  it('makes motorways one-way unless tagged oneway=no', () => {
    expect(wayRouting({ highway: 'motorway' })!.backward).toBe(0);
    expect(wayRouting({ highway: 'motorway', oneway: 'no' })!.backward).toBe(C);
  });

  it('drops private and no-access ways unless a mode is let back in', () => {
    expect(wayRouting({ highway: 'service', access: 'private' })).toBeNull();
    expect(wayRouting({ highway: 'service', access: 'no' })).toBeNull();
    const r = wayRouting({ highway: 'track', access: 'no', foot: 'yes' })!;
    expect(r.forward).toBe(F);
    expect(wayRouting({ highway: 'residential', motor_vehicle: 'private' })!.forward).toBe(F | B);
    expect(wayRouting({ highway: 'residential', bicycle: 'no' })!.forward).toBe(F | C);
    expect(wayRouting({ highway: 'residential', foot: 'no' })!.forward).toBe(B | C);
    expect(wayRouting({ highway: 'footway', bicycle: 'designated' })!.forward).toBe(F | B);
  });

  it('keeps a road tagged use_sidepath open: the side path may not be in the extract', () => {
    expect(wayRouting({ highway: 'primary', foot: 'use_sidepath', bicycle: 'use_sidepath' })!.forward).toBe(
      F | B | C,
    );
  });

  it('opens a road tagged foot=no to walkers for a road-only extract, but never a motorway', () => {
    expect(wayRoutingWithSidewalk({ highway: 'primary', foot: 'no', oneway: 'yes' })).toMatchObject({
      forward: F | B | C,
      backward: F,
    });
    expect(wayRoutingWithSidewalk({ highway: 'trunk', foot: 'no', motorroad: 'yes' })).toBeNull();
    expect(wayRoutingWithSidewalk({ highway: 'motorway_link', foot: 'no' })).toBeNull();
    expect(wayRoutingWithSidewalk({ highway: 'primary' })).toBeNull();
    expect(wayRoutingWithSidewalk({ highway: 'secondary', bicycle: 'no' })!.forward).toBe(F | B | C);
  });

  it('lets walkers go against a one-way street but not vehicles', () => {
    const r = wayRouting({ highway: 'residential', oneway: 'yes' })!;
    expect(r.forward).toBe(F | B | C);
    expect(r.backward).toBe(F);
    const rev = wayRouting({ highway: 'residential', oneway: '-1' })!;
    expect(rev.forward).toBe(F);
    expect(rev.backward).toBe(F | B | C);
  });

  it('honours oneway:bicycle=no and contraflow cycle lanes', () => {
    expect(wayRouting({ highway: 'residential', oneway: 'yes', 'oneway:bicycle': 'no' })!.backward).toBe(
      F | B,
    );
    expect(wayRouting({ highway: 'residential', oneway: 'yes', cycleway: 'opposite_lane' })!.backward).toBe(
      F | B,
    );
    expect(wayRouting({ highway: 'cycleway', 'oneway:bicycle': 'yes' })!.backward).toBe(F);
  });

  it('treats roundabouts as one-way', () => {
    expect(wayRouting({ highway: 'primary', junction: 'roundabout' })!.backward).toBe(F);
  });

  it('uses maxspeed when tagged, else the class default', () => {
    expect(wayRouting({ highway: 'primary', maxspeed: '30 mph' })!.carMps).toBeCloseTo(
      (30 * 1.609344 * SHARE_OF_LIMIT.builtUp) / 3.6,
      6,
    );
    expect(wayRouting({ highway: 'residential' })!.carMps).toBeCloseTo(30 / 3.6, 6);
    expect(parseMaxspeedKmh('GB:nsl_single')).toBeCloseTo(96.56, 2);
    expect(parseMaxspeedKmh('50')).toBe(50);
    expect(parseMaxspeedKmh('fast')).toBeNull();
  });

  it('drives a road by its limit and place: village streets slowly, rural roads below the limit, motorways fastest', () => {
    const kmh = (tags: Record<string, string>) => wayRouting(tags)!.carMps * 3.6;
    // DfT figures (roadSpeeds.ts): a 30 mph village street about 35 km/h (0.77 miles in about 2 minutes),
    // a 60 mph rural road about 69 km/h, a 70 mph motorway about 95 km/h; not 43, 87 and 101 (0.9 of the limit).
    expect(kmh({ highway: 'tertiary', maxspeed: '30 mph' })).toBeGreaterThan(32);
    expect(kmh({ highway: 'tertiary', maxspeed: '30 mph' })).toBeLessThan(37);
    expect(kmh({ highway: 'primary', maxspeed: '60 mph' })).toBeGreaterThan(65);
    expect(kmh({ highway: 'primary', maxspeed: '60 mph' })).toBeLessThan(72);
    expect(kmh({ highway: 'trunk', maxspeed: 'GB:nsl_single' })).toBeCloseTo(
      kmh({ highway: 'primary', maxspeed: '60 mph' }),
      1,
    );
    expect(kmh({ highway: 'motorway', maxspeed: '70 mph' })).toBeGreaterThan(90);
    expect(kmh({ highway: 'motorway', maxspeed: '70 mph' })).toBeLessThan(100);
    // A dual carriageway at 70 mph is driven as a motorway; a 40 mph road is still built-up.
    expect(kmh({ highway: 'trunk', maxspeed: '70 mph' })).toBeCloseTo(
      kmh({ highway: 'motorway', maxspeed: '70 mph' }),
      6,
    );
    expect(kmh({ highway: 'primary', maxspeed: '40 mph' })).toBeCloseTo(
      40 * 1.609344 * SHARE_OF_LIMIT.builtUp,
      6,
    );
    // Without a limit, a trunk road is no faster than a rural road at the national limit.
    expect(kmh({ highway: 'trunk' })).toBeLessThanOrEqual(
      kmh({ highway: 'trunk', maxspeed: 'GB:nsl_single' }) + 1,
    );
  });

  it('turns route=ferry into a ferry edge, with cars only when allowed', () => {
    const foot = wayRouting({ route: 'ferry', name: 'Loch ferry' })!;
    expect(foot.forward).toBe(F | B);
    expect(wayRouting({ route: 'ferry', motor_vehicle: 'yes' })!.forward).toBe(F | B | C);
    expect(wayRouting({ route: 'ferry', duration: '00:25' })!.durationSec).toBe(1500);
  });

  it('ignores ways that are not streets', () => {
    expect(wayRouting({ building: 'yes' })).toBeNull();
    expect(wayRouting({ highway: 'construction' })).toBeNull();
    expect(wayRouting({ highway: 'proposed' })).toBeNull();
  });
});
