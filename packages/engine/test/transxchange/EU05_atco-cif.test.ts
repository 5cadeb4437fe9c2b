// Feature: the ATCO-CIF reader gives the Ulsterbus 218/219 timetables bustimes.org's tests state for the same real file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTimetableFeed } from '../../src/feeds/readTimetableFeed.ts';
import type { GtfsFeed } from '../../src/gtfs/types.ts';
import { countStopUsages, journeysOn } from './feedDays.ts';

/*
 * Facts from bustimes.org's test_import_atco_cif.py (test_ulsterbus), read as statements about
 * the file: five services with 106 stop usages; 219a described "Belfast, Europa Buscentre - Antrim, Buscentre";
 * 219a runs on Tuesday 1 October 2019, never on a Sunday, and not on Monday 12 August 2019;
 * 219 has no journey on Saturday 20 July 2019 (a date exception) and runs next on 27 July, one
 * direction only; "pick up only" and "set down only" calls appear.
 */

const FILE = join(import.meta.dirname, '../../../../../shared/data/uk/218_219.cif');

function read(): GtfsFeed {
  const r = readTimetableFeed(FILE, { feedId: 'ni', type: 'atco-cif', nation: 'northern-ireland' });
  if (!r.ok) throw new Error(r.warnings.map((w) => w.message).join('; '));
  expect(r.warnings).toEqual([]);
  return r.feed;
}

const routeOf = (feed: GtfsFeed, tripId: string): string =>
  feed.routes[feed.trips.find((t) => t.id === tripId)!.routeIdx]!.shortName;

describe.skipIf(!existsSync(FILE))('U05 ATCO-CIF against bustimes.org', () => {
  it('five services, 219a between Belfast Europa Buscentre and Antrim', () => {
    const feed = read();
    expect(feed.routes.map((r) => r.shortName).sort()).toEqual(['218', '218a', '219', '219a', '219b']);
    expect(feed.routes.find((r) => r.shortName === '219a')!.longName).toBe(
      'Belfast, Europa Buscentre - Antrim, Buscentre',
    );
    expect(feed.agencies.map((a) => a.id)).toEqual(['GLE']);
    // bustimes: 106 stop usages over the five services (stops served, per direction).
    expect(countStopUsages(feed)).toBe(106);
  });

  it('219a runs on Tuesday 1 October 2019 with pick-up-only calls, never on a Sunday, not on 12 August 2019', () => {
    const feed = read();
    const on = (date: number) => journeysOn(feed, date).filter((j) => routeOf(feed, j.id) === '219a');
    expect(on(20191001).length).toBeGreaterThan(0);
    for (const sunday of [20190929, 20191006, 20191013]) expect(on(sunday)).toEqual([]);
    expect(on(20190812)).toEqual([]);
    const st = feed.stopTimes;
    const pickUpOnly = on(20191001).some((j) => {
      const t = feed.trips.findIndex((x) => x.id === j.id);
      for (let k = st.tripOffsets[t]! + 1; k < st.tripOffsets[t + 1]! - 1; k++)
        if (st.pickupType[k] === 0 && st.dropOffType[k] === 1) return true;
      return false;
    });
    expect(pickUpOnly).toBe(true);
  });

  it('219: nothing on Saturday 20 July 2019 (a date exception), one direction on 27 July with a set-down-only call', () => {
    const feed = read();
    const on = (date: number) => journeysOn(feed, date).filter((j) => routeOf(feed, j.id) === '219');
    expect(on(20190720)).toEqual([]);
    const next = on(20190727);
    expect(new Set(next.map((j) => j.direction)).size).toBe(1);
    const t = feed.trips.findIndex((x) => x.id === next[0]!.id);
    const st = feed.stopTimes;
    let setDownOnly = false;
    for (let k = st.tripOffsets[t]! + 1; k < st.tripOffsets[t + 1]! - 1; k++)
      if (st.pickupType[k] === 1 && st.dropOffType[k] === 0) setDownOnly = true;
    expect(setDownOnly).toBe(true);
  });

  it("names the operator from its QP record (Goldline Express, not its code GLE) and a terminus by the town its routes' descriptions give it (Belfast, Europa Buscentre)", () => {
    const feed = read();
    expect(feed.agencies.map((a) => a.name)).toEqual(['Goldline Express']);
    const name = (id: string) => feed.stops.find((s) => s.id === id)!.name;
    // "Belfast, Europa Buscentre - Coleraine, Buscentre": the QL record says "Europa Buscentre".
    expect(name('700000015363')).toBe('Belfast, Europa Buscentre');
    // Already named with its town, or matched by no description: as the QL record has it.
    expect(name('700000015687')).toBe('Coleraine, Buscentre');
    expect(name('700000004923')).toBe('Ballymena Bus Station');
    expect(name('700000001747')).toBe('Bridge Street 2');
  });

  it('places stops from their Irish grid references (Europa Buscentre, Belfast)', () => {
    const europa = read().stops.find((s) => s.id === '700000015363')!;
    // Europa Buscentre is at about 54.5946 N, 5.9372 W (OpenStreetMap).
    expect(europa.lat).toBeCloseTo(54.5946, 2);
    expect(europa.lon).toBeCloseTo(-5.9372, 2);
  });

  it('no journey on a Northern Ireland bank holiday for journeys marked X (St Patrick’s Day, Tuesday 17 March 2020)', () => {
    const feed = read();
    expect(journeysOn(feed, 20200317)).toEqual([]);
    expect(journeysOn(feed, 20200310).length).toBeGreaterThan(0);
  });
});
