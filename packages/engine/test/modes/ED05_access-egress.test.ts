// Feature under test: access/egress legs to stops for the transit router (walk, bike & ride, park & ride, taxi, DRT, bike hire).
import { describe, expect, it } from 'vitest';
import {
  listBikeHireAccess,
  listCycleAccess,
  listFlexibleAccess,
  listParkAndRideAccess,
  listTaxiAccess,
  listWalkAccess,
  prepareStops,
} from '../../src/modes/accessEgress.ts';
import type { StopAccess } from '../../src/modes/accessEgress.ts';
import { findStreetRoute } from '../../src/streets/streetNetwork.ts';
import type { AccessLeg } from '../../src/raptor/types.ts';
import { at } from '../support/osmFixture.ts';
import { adult, ctx, monday, net } from '../support/modeFixture.ts';

const STOPS: Array<[number, number, boolean]> = [
  [0, 40, true], // 0 Glen station
  [500, 0, false], // 1
  [-1500, 0, false], // 2
  [0, 950, false], // 3
  [1850, 0, false], // 4 by the east car park and dock
  [8000, 1000, false], // 5 far along Far Road
];
const prepared = prepareStops(
  net,
  STOPS.map(([x, y, isStation], stopIdx) => ({ stopIdx, ...at(x, y), isStation })),
);
const point = (x: number, y: number) => ({ name: 'Home', ...at(x, y) });
const byStop = (list: StopAccess[]) => Object.fromEntries(list.map((a) => [a.stopIdx, a]));

describe('walk access and egress', () => {
  it('lists the stops within a 15-minute walk with their street walking times', () => {
    const list = byStop(listWalkAccess(net, prepared, point(0, -300), 'access'));
    expect(Object.keys(list).map(Number).sort()).toEqual([0, 1]);
    for (const i of [0, 1]) {
      const route = findStreetRoute(net, point(0, -300), at(STOPS[i]![0], STOPS[i]![1]), 'foot')!;
      expect(list[i]!.durationSec).toBe(Math.ceil(route.durationSec));
      expect(list[i]!.mode).toBe('walk');
    }
  });

  it('hands RAPTOR its access legs as they are', () => {
    const legs: AccessLeg[] = listWalkAccess(net, prepared, point(0, -300), 'access');
    expect(legs.every((l) => Number.isInteger(l.durationSec) && l.mode === 'walk')).toBe(true);
  });

  it('gives the same stops for egress on two-way streets', () => {
    const access = listWalkAccess(net, prepared, point(0, -300), 'access');
    const egress = listWalkAccess(net, prepared, point(0, -300), 'egress');
    expect(byStop(egress)).toEqual(byStop(access));
  });
});

describe('bike & ride', () => {
  it('reaches stops within 30 minutes of cycling, adding time to lock the bike', () => {
    const list = byStop(listCycleAccess(net, prepared, point(0, -300), 'access'));
    expect(Object.keys(list).map(Number).sort()).toEqual([0, 1, 2, 3, 4]);
    const route = findStreetRoute(net, point(0, -300), at(1850, 0), 'bicycle')!;
    expect(list[4]!.durationSec).toBe(Math.ceil(route.durationSec + 180));
  });
});

describe('taxi to a station', () => {
  it('offers stations only', () => {
    expect(listTaxiAccess(net, prepared, point(-1000, 0), 'access').map((a) => a.stopIdx)).toEqual([0]);
  });
});

describe('park & ride', () => {
  it('drives to a car park and walks to the stops beside it, with car access only', () => {
    expect(listParkAndRideAccess(ctx, prepared, point(-1000, 0), adult)).toEqual([]);
    const list = listParkAndRideAccess(ctx, prepared, point(-1000, 0), { ...adult, carAccess: true });
    expect(list.map((a) => [a.stopIdx, a.mode, a.via?.name])).toEqual([[4, 'own car', 'East car park']]);
    expect(list[0]!.durationSec).toBeGreaterThan(180);
  });
});

describe('DRT to a hub', () => {
  it('reaches stops in the same zone while the service runs', () => {
    const list = listFlexibleAccess(ctx, prepared, point(-1000, 0), 'access', monday(10), monday(8));
    expect(list.map((a) => a.stopIdx).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(list.map((a) => a.flexibleServiceId))).toEqual(new Set(['glendrt']));
    const to4 = list.find((a) => a.stopIdx === 4)!;
    expect(to4.durationSec).toBe(Math.ceil(to4.distanceM / (30 / 3.6)));
    expect(listFlexibleAccess(ctx, prepared, point(-1000, 0), 'access', monday(21), monday(8))).toEqual([]);
  });
});

describe('bike hire to a stop', () => {
  it('walks to a dock, rides to another and walks to the stops near it', () => {
    const list = listBikeHireAccess(ctx, prepared, point(-1700, 0), 'access');
    expect(list.map((a) => [a.stopIdx, a.via?.name])).toEqual([[4, 'East dock']]);
    const egress = listBikeHireAccess(ctx, prepared, point(-1700, 0), 'egress');
    expect(egress.map((a) => a.stopIdx)).toEqual([4]);
  });
});
