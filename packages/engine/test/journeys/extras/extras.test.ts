// Feature under test: destination toilets with weekly opening times, POIs by category, taxis at the origin.
import { describe, expect, it } from 'vitest';
import { visitWeekOpeningTimes, weeklyOpeningTimes } from '../../../src/journeys/extras/openingTimes.ts';
import { listPoisNear, listToiletMarkersNear } from '../../../src/journeys/extras/places.ts';
import { listTaxiOperators } from '../../../src/modes/taxi.ts';
import type { Poi, Toilet } from '../../../src/places/types.ts';
import { testRegion } from '../../support/region.ts';

describe('weeklyOpeningTimes', () => {
  it('reads day ranges, off days and 24/7', () => {
    const w = weeklyOpeningTimes('Mo-Fr 09:00-17:00; Sa 10:00-16:00; Su off');
    expect(w?.monday).toEqual({ start: '09:00', end: '17:00' });
    expect(w?.friday).toEqual({ start: '09:00', end: '17:00' });
    expect(w?.saturday).toEqual({ start: '10:00', end: '16:00' });
    expect(w?.sunday).toBe('closed');
    expect(weeklyOpeningTimes('24/7')?.wednesday).toBe('24 hours');
    expect(weeklyOpeningTimes('Sa,Su 10:00-12:00,13:00-16:00')?.sunday).toBe('10:00–12:00, 13:00–16:00');
  });
  it('reads public holidays for the week of the visit through the opening_hours library', () => {
    const value = 'Mo-Fr 09:00-17:00; PH off';
    expect(visitWeekOpeningTimes(value, new Date('2026-12-16T12:00:00Z'))?.friday).toEqual({
      start: '09:00',
      end: '17:00',
    });
    // Christmas Day 2026 is a Friday and a Scottish public holiday.
    expect(visitWeekOpeningTimes(value, new Date('2026-12-23T12:00:00Z'))?.friday).toBe('closed');
    expect(visitWeekOpeningTimes('no idea', new Date('2026-12-16T12:00:00Z'))).toBeNull();
  });
  it('is null rather than a guess for syntax it does not understand', () => {
    expect(weeklyOpeningTimes(null)).toBeNull();
    expect(weeklyOpeningTimes('sunrise-sunset')).toBeNull();
    expect(weeklyOpeningTimes('Mo-Fr 09:00-17:00; PH off')).toBeNull();
  });
});

describe('places near the destination', () => {
  const toilet = (over: Partial<Toilet>): Toilet => ({
    osmId: 'n1',
    name: 'Square toilets',
    lat: 57.1953,
    lon: -3.8263,
    openingHours: 'Mo-Su 08:00-20:00',
    wheelchair: true,
    male: null,
    female: null,
    unisex: true,
    changingTable: true,
    fee: false,
    notes: null,
    ...over,
  });
  it('lists nearby toilets as markers, nearest first, with their facilities', () => {
    const markers = listToiletMarkersNear(
      [
        toilet({ osmId: 'far', lat: 57.3 }),
        toilet({ osmId: 'n2', name: 'Station toilets', lat: 57.19, fee: true }),
        toilet({}),
      ],
      57.1953,
      -3.8263,
      new Date('2026-06-15T12:00:00Z'),
    );
    expect(markers.map((m) => m.name)).toEqual(['Square toilets', 'Station toilets']);
    expect(markers[0]).toMatchObject({
      accessible: true,
      allGender: true,
      men: true,
      women: true,
      babyChange: true,
      paymentDetails: null,
    });
    expect(markers[1]?.paymentDetails).toBe('A charge applies');
    expect(markers[0]?.openingTimes?.sunday).toEqual({ start: '08:00', end: '20:00' });
  });
  it('groups POIs by product category with counts and markers', () => {
    const poi = (name: string, category: Poi['category'], lat = 57.195): Poi => ({
      osmId: name,
      name,
      lat,
      lon: -3.826,
      category,
      website: null,
    });
    const pois = listPoisNear(
      [poi('A', 'cafe'), poi('B', 'cafe'), poi('C', 'fuel'), poi('Far', 'cafe', 57.3)],
      57.1953,
      -3.8263,
      'Aviemore',
    );
    expect(pois.map((p) => [p.type, p.count])).toEqual([
      ['cafe', 2],
      ['gas_station', 1],
    ]);
    expect(pois[0]?.name).toBe('Cafés near Aviemore');
    expect(pois[0]?.markers).toHaveLength(2);
  });
  it('links each POI card to its own place: the website when known, else a map centred on it', () => {
    const at = (
      name: string,
      category: Poi['category'],
      lat: number,
      lon: number,
      website: string | null,
    ) => ({
      osmId: name,
      name,
      lat,
      lon,
      category,
      website,
    });
    const pois = listPoisNear(
      [
        at('Osprey Coffee', 'cafe', 57.1961, -3.8251, 'https://osprey.example/'),
        at('Riverside Park', 'park', 57.1942, -3.8279, null),
        at('Old Site', 'museum', 57.1949, -3.8262, 'javascript:alert(1)'),
        at('Bank', 'atm', 57.1957, -3.8268, null),
        at('Bank 2', 'atm', 57.1951, -3.8258, null),
      ],
      57.1953,
      -3.8263,
      'Aviemore',
    );
    const link = (type: string) => pois.find((p) => p.type === type)?.link;
    expect(link('cafe')).toBe('https://osprey.example/');
    expect(link('park')).toBe(
      'https://www.openstreetmap.org/?mlat=57.19420&mlon=-3.82790#map=18/57.19420/-3.82790',
    );
    // Only web addresses are links: anything else falls back to the map.
    expect(link('museum')).toBe(
      'https://www.openstreetmap.org/?mlat=57.19490&mlon=-3.82620#map=18/57.19490/-3.82620',
    );
    // Several places of a kind: a map centred between them.
    expect(link('atm')).toBe('https://www.openstreetmap.org/#map=17/57.19540/-3.82630');
    expect(new Set(pois.map((p) => p.link)).size).toBe(pois.length);
  });
  it('lists the taxi operators serving a pick-up point', () => {
    const region = testRegion();
    expect(listTaxiOperators({ region }, 57.19, -3.83)).toEqual([
      { name: 'Test Taxis', phone: '01479 000000' },
    ]);
    expect(listTaxiOperators({ region }, 55.95, -3.19)).toEqual([]);
  });
});
