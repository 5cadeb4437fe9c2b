// Feature under test: OSM XML nodes and areas filed into the place catalogue (settlements, stops, parking, toilets, POIs).
import { describe, expect, it } from 'vitest';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { osmXml } from '../support/osmFixture.ts';

const xml = osmXml(
  {
    town: { x: 0, y: 0, tags: { place: 'town', name: 'Aviemore', population: '3147' } },
    stn: { x: 10, y: 10, tags: { railway: 'station', name: 'Aviemore', ref: 'AVM' } },
    stop: {
      x: 20,
      y: 10,
      tags: { highway: 'bus_stop', name: 'Grampian Road', 'naptan:AtcoCode': '670000001' },
    },
    loo: {
      x: 30,
      y: 10,
      tags: {
        amenity: 'toilets',
        name: 'Station toilets',
        wheelchair: 'yes',
        unisex: 'yes',
        changing_table: 'yes',
        fee: 'no',
        opening_hours: 'Mo-Su 07:00-19:00',
      },
    },
    cafe: { x: 40, y: 10, tags: { amenity: 'cafe', name: 'Mountain Cafe', website: 'https://example.org' } },
    chip: { x: 50, y: 10, tags: { amenity: 'fast_food', name: 'Chip shop' } },
    unnamedCafe: { x: 55, y: 10, tags: { amenity: 'cafe' } },
    house: {
      x: 60,
      y: 10,
      tags: { 'addr:housenumber': '12', 'addr:street': 'Grampian Road', 'addr:postcode': 'PH22 1PD' },
    },
    bikes: { x: 70, y: 10, tags: { amenity: 'bicycle_parking', capacity: '8' } },
    dock: {
      x: 80,
      y: 10,
      tags: { amenity: 'bicycle_rental', name: 'Station dock', network: 'Cairn Bikes', capacity: '10' },
    },
    club: { x: 90, y: 10, tags: { amenity: 'car_sharing', operator: 'Co Wheels' } },
    rank: { x: 100, y: 10, tags: { amenity: 'taxi' } },
    p1: { x: 0, y: 100 },
    p2: { x: 40, y: 100 },
    p3: { x: 40, y: 140 },
    p4: { x: 0, y: 140 },
  },
  [
    {
      nodes: ['p1', 'p2', 'p3', 'p4', 'p1'],
      tags: { amenity: 'parking', park_ride: 'train', capacity: '120', fee: 'no' },
    },
  ],
);

describe('place catalogue from OSM XML', () => {
  const { places, warnings } = loadOsmXml(xml);

  it('reads without warnings', () => expect(warnings).toEqual([]));

  it('keeps settlements, stations, stops and addresses', () => {
    expect(places.settlements).toEqual([
      expect.objectContaining({ name: 'Aviemore', placeType: 'town', population: 3147 }),
    ]);
    expect(places.transitStops).toEqual([
      expect.objectContaining({ name: 'Aviemore', stopMode: 'rail', isStation: true, ref: 'AVM' }),
      expect.objectContaining({ name: 'Grampian Road', stopMode: 'bus', isStation: false, ref: '670000001' }),
    ]);
    expect(places.addresses).toEqual([
      expect.objectContaining({ housenumber: '12', street: 'Grampian Road', postcode: 'PH22 1PD' }),
    ]);
  });

  it('keeps toilets with their facilities', () => {
    expect(places.toilets).toEqual([
      expect.objectContaining({
        name: 'Station toilets',
        wheelchair: true,
        unisex: true,
        male: null,
        changingTable: true,
        fee: false,
        openingHours: 'Mo-Su 07:00-19:00',
      }),
    ]);
  });

  it('keeps named POIs of the SPEC categories only', () => {
    expect(places.pois.map((p) => [p.name, p.category])).toEqual([
      ['Mountain Cafe', 'cafe'],
      ['Chip shop', 'takeaway'],
    ]);
  });

  it('places a park-and-ride car park area at its centroid', () => {
    expect(places.carParks).toHaveLength(1);
    const cp = places.carParks[0]!;
    expect(cp.osmId).toBe('w1000');
    expect(cp.parkAndRide).toBe(true);
    expect(cp.capacity).toBe(120);
    expect(cp.lat).toBeCloseTo(places.settlements[0]!.lat + 120 / 111_195, 6);
  });

  it('keeps cycle parking, bike-hire docks, car-club bays and taxi ranks', () => {
    expect(places.bicycleParking).toEqual([expect.objectContaining({ capacity: 8 })]);
    expect(places.bikeHireDocks).toEqual([
      expect.objectContaining({ name: 'Station dock', network: 'Cairn Bikes', capacity: 10 }),
    ]);
    expect(places.carClubBays).toEqual([expect.objectContaining({ operator: 'Co Wheels' })]);
    expect(places.taxiRanks).toHaveLength(1);
  });

  it('reports broken XML as a warning with its line', () => {
    const bad = loadOsmXml('<osm>\n<node id="1" lat="57" lon="-3"/>\n<way id="2"><nd ref="1"/></osm>');
    expect(bad.warnings.length).toBeGreaterThan(0);
    expect(bad.warnings[0]!.position).toBeGreaterThan(0);
  });
});
