// Feature under test: autocomplete over places, streets, addresses, POIs and stops; GB restriction, brand bias, reverse geocoding.
import { describe, expect, it } from 'vitest';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { createStreetNetwork } from '../../src/streets/streetNetwork.ts';
import { buildGeocoder, findPlace, listSuggestions, reverseGeocode } from '../../src/geocoding/geocoder.ts';
import { isInGreatBritain } from '../../src/places/greatBritain.ts';
import { at, osmXml } from '../support/osmFixture.ts';

const xml = osmXml(
  {
    town: { x: 0, y: 0, tags: { place: 'town', name: 'Aviemore' } },
    village: { x: 5000, y: 3000, tags: { place: 'village', name: 'Boat of Garten' } },
    stn: { x: 50, y: 30, tags: { railway: 'station', name: 'Aviemore' } },
    cafe: { x: 60, y: 40, tags: { amenity: 'cafe', name: 'Mountain Cafe' } },
    house: {
      x: 10,
      y: 100,
      tags: { 'addr:housenumber': '12', 'addr:street': 'Grampian Road', 'addr:postcode': 'PH22 1PD' },
    },
    a: { x: 0, y: 0 },
    b: { x: 0, y: 400 },
    c: { x: 5000, y: 3000 },
    d: { x: 5200, y: 3000 },
  },
  [
    { nodes: ['a', 'b'], tags: { highway: 'primary', name: 'Grampian Road' } },
    { nodes: ['c', 'd'], tags: { highway: 'residential', name: 'Deshar Road' } },
  ],
);
const data = loadOsmXml(xml);
const net = createStreetNetwork(data.graph);
const geo = buildGeocoder(
  {
    places: data.places,
    network: net,
    stops: [{ id: 'SP1', name: 'Aviemore, Tesco', lat: at(30, 200).lat, lon: at(30, 200).lon }],
  },
  {},
);

describe('autocomplete', () => {
  it('finds a town by prefix, ranking the town above its station', () => {
    const r = listSuggestions(geo, 'Avie');
    expect(r[0]).toMatchObject({ kind: 'place', label: 'Aviemore' });
    expect(r.map((x) => x.label)).toContain('Aviemore station');
    expect(r.map((x) => x.label)).toContain('Aviemore, Tesco, Aviemore');
  });

  it('finds streets with their locality, addresses and POIs', () => {
    expect(listSuggestions(geo, 'grampian ro')[0]).toMatchObject({
      kind: 'street',
      label: 'Grampian Road, Aviemore',
    });
    expect(listSuggestions(geo, '12 Grampian').map((x) => x.label)).toContain(
      '12 Grampian Road, Aviemore PH22 1PD',
    );
    expect(listSuggestions(geo, 'mountain')[0]).toMatchObject({
      kind: 'poi',
      label: 'Mountain Cafe, Aviemore',
    });
    expect(listSuggestions(geo, 'Deshar')[0]).toMatchObject({ label: 'Deshar Road, Boat of Garten' });
  });

  it('forgives a typo in a longer word and ignores accents and case', () => {
    expect(listSuggestions(geo, 'Grampien Road')[0]?.name).toBe('Grampian Road');
    expect(listSuggestions(geo, 'AVIÉMORE')[0]?.name).toBe('Aviemore');
  });

  it('waits for two characters', () => expect(listSuggestions(geo, 'a')).toEqual([]));

  it("takes a town's name for the stops named after it, hyphenated or not, over a street ending with it (RNV's bypass 'Ortsumfahrung Schriesheim')", () => {
    const town = loadOsmXml(
      osmXml({ a: { x: 0, y: 0 }, b: { x: 800, y: 0 } }, [
        { nodes: ['a', 'b'], tags: { highway: 'primary', name: 'Ortsumfahrung Schriesheim' } },
      ]),
    );
    const stop = (id: string, name: string, x: number) => ({ id, name, ...at(x, 300) });
    const without = (stops: ReturnType<typeof stop>[]) =>
      listSuggestions(
        buildGeocoder(
          { places: town.places, network: createStreetNetwork(town.graph), stops },
          { restrictTo: null },
        ),
        'Schriesheim',
      ).map((r) => r.name);
    expect(without([stop('S1', 'Schriesheim Bahnhof', 0)])[0]).toBe('Schriesheim Bahnhof');
    expect(without([stop('S2', 'Schriesheim-Süd', 500)])[0]).toBe('Schriesheim-Süd');
    // A word merely beginning with the name is another name.
    expect(without([stop('S3', 'Schriesheimer Hof', 500)])[0]).toBe('Ortsumfahrung Schriesheim');
  });

  it('takes a town\'s name for the town\'s stop, not a road named after it, however busy (Isle of Wight: "Newport" found the stop "Newport Road" in Freshwater)', () => {
    const stop = (id: string, name: string, x: number, calls: number) => ({ id, name, ...at(x, 0), calls });
    const geoOf = (stops: ReturnType<typeof stop>[]) =>
      buildGeocoder({ places: loadOsmXml(osmXml({}, [])).places, stops }, { restrictTo: null });
    const both = geoOf([stop('R', 'Newport Road', 0, 3000), stop('N', 'Newport, Church Litten', 15000, 30)]);
    const listed = listSuggestions(both, 'Newport').map((r) => r.name);
    expect(listed).toEqual(['Newport, Church Litten', 'Newport Road']);
    expect(findPlace(both, 'Newport')?.name).toBe('Newport, Church Litten');
    // The road alone: listed for the traveller to choose, never taken for the town unasked…
    const road = geoOf([stop('R', 'Newport Road', 0, 3000)]);
    expect(listSuggestions(road, 'Newport').map((r) => r.name)).toEqual(['Newport Road']);
    expect(findPlace(road, 'Newport')).toBeUndefined();
    // …but found when named in full.
    expect(findPlace(road, 'Newport Road')?.name).toBe('Newport Road');
    const station = geoOf([stop('S', 'Newport Bus Station', 0, 30), stop('R', 'Newport Road', 900, 3000)]);
    expect(findPlace(station, 'Newport')?.name).toBe('Newport Bus Station');
  });

  it('puts the busy station before a quiet stop that begins with the name typed (RNV\'s "Hauptbahnhof" picked "Hauptbahnhof Süd")', () => {
    const stop = (id: string, name: string, x: number, calls: number) => ({ id, name, ...at(x, 0), calls });
    const first = (q: string, stops: ReturnType<typeof stop>[], places = loadOsmXml(osmXml({}, [])).places) =>
      listSuggestions(buildGeocoder({ places, stops }, { restrictTo: null }), q)[0];
    // Mannheim's main station (both poles, about 3,800 runs over the feed) and Heidelberg's
    // "Hauptbahnhof Süd" (about 400), as in RNV's 2016 feed.
    const rnv = [
      stop('S', 'Hauptbahnhof Süd', 0, 397),
      stop('M1', 'MA Hauptbahnhof', 5000, 1993),
      stop('M2', 'MA Hauptbahnhof', 5050, 1783),
    ];
    expect(first('Hauptbahnhof', rnv)?.name).toBe('MA Hauptbahnhof');
    // The weight is modest: as busy as each other, the name beginning with what was typed still wins…
    expect(
      first(
        'Hauptbahnhof',
        rnv.map((s) => ({ ...s, calls: 1000 })),
      )?.name,
    ).toBe('Hauptbahnhof Süd');
    // …a whole name typed passes a stop twice as busy that merely begins with it…
    const bismarck = [
      stop('B', 'Bismarckplatz', 0, 300),
      stop('N', 'Bismarckplatz Nord', 5000, 600),
      stop('M', 'MA Hauptbahnhof', 9000, 3000),
    ];
    expect(first('Bismarckplatz', bismarck)?.name).toBe('Bismarckplatz');
    // …and the busiest stop named as a village does not pass the village.
    expect(first('Boat of Garten', [stop('G', 'Boat of Garten', 5000, 3000)], data.places)).toMatchObject({
      kind: 'place',
    });
  });

  it('ranks results inside the brand box first', () => {
    const far = buildGeocoder(
      { places: data.places, network: net },
      { biasBox: { minLat: 57.2, maxLat: 57.3, minLon: -3.8, maxLon: -3.7 } },
    );
    expect(listSuggestions(far, 'road')[0]!.name).toBe('Deshar Road');
    const near = buildGeocoder(
      { places: data.places, network: net },
      { biasBox: { minLat: 57.18, maxLat: 57.195, minLon: -3.84, maxLon: -3.82 } },
    );
    expect(listSuggestions(near, 'road')[0]!.name).toBe('Grampian Road');
  });
});

describe('Great Britain restriction', () => {
  it('knows the island from its neighbours', () => {
    expect(isInGreatBritain(57.195, -3.825)).toBe(true); // Aviemore
    expect(isInGreatBritain(60.155, -1.145)).toBe(true); // Lerwick
    expect(isInGreatBritain(49.914, -6.31)).toBe(true); // St Mary's, Scilly
    expect(isInGreatBritain(54.597, -5.93)).toBe(false); // Belfast
    expect(isInGreatBritain(54.15, -4.48)).toBe(false); // Douglas, Isle of Man
    expect(isInGreatBritain(49.186, -2.106)).toBe(false); // St Helier, Jersey
    expect(isInGreatBritain(50.95, 1.858)).toBe(false); // Calais
  });

  it('leaves places outside Great Britain out of the index', () => {
    const foreign = loadOsmXml(
      '<osm><node id="1" lat="54.597" lon="-5.93"><tag k="place" v="city"/><tag k="name" v="Belfast"/></node>' +
        '<node id="2" lat="57.477" lon="-4.224"><tag k="place" v="city"/><tag k="name" v="Inverness"/></node></osm>',
    );
    const g = buildGeocoder({ places: foreign.places });
    expect(listSuggestions(g, 'Belfast')).toEqual([]);
    expect(listSuggestions(g, 'Inverness')).toHaveLength(1);
    expect(
      listSuggestions(buildGeocoder({ places: foreign.places }, { restrictTo: null }), 'Belfast'),
    ).toHaveLength(1);
  });
});

describe('reverse geocoding', () => {
  it('names the nearest address, else the nearest street, else the settlement', () => {
    const p = at(12, 102);
    expect(reverseGeocode(geo, p.lat, p.lon).label).toBe('12 Grampian Road, Aviemore PH22 1PD');
    const q = at(20, 300);
    expect(reverseGeocode(geo, q.lat, q.lon)).toMatchObject({
      kind: 'street',
      label: 'Grampian Road, Aviemore',
    });
    const r = at(2000, -500);
    expect(reverseGeocode(geo, r.lat, r.lon).label).toBe('Near Aviemore');
    expect(reverseGeocode(geo, 58.5, -3.5).label).toBe('58.50000, -3.50000');
  });
});

describe('healthcare places (issue 31)', () => {
  const health = buildGeocoder(
    {
      places: loadOsmXml(
        osmXml(
          {
            town: { x: 0, y: 0, tags: { place: 'town', name: 'Inverness' } },
            raigmore: { x: 300, y: 0, tags: { amenity: 'hospital', name: 'Raigmore Hospital' } },
            gp: { x: 0, y: 300, tags: { amenity: 'doctors', name: 'Crown Medical Practice' } },
            clinic: { x: 0, y: 200, tags: { healthcare: 'clinic', name: 'Eye Clinic' } },
            pharmacy: {
              x: 100,
              y: 100,
              tags: { amenity: 'pharmacy', healthcare: 'pharmacy', name: 'Boots' },
            },
          },
          [],
        ),
      ).places,
    },
    { restrictTo: null },
  );

  it('files hospitals, clinics and GP surgeries under their own kind, not as places of any sort', () => {
    expect(listSuggestions(health, 'Raigmore').map((r) => [r.label, r.kind])).toEqual([
      ['Raigmore Hospital, Inverness', 'hospital'],
    ]);
    expect(listSuggestions(health, 'Crown Medical').map((r) => r.kind)).toEqual(['clinic']);
    expect(listSuggestions(health, 'Eye Clinic').map((r) => r.kind)).toEqual(['clinic']);
    expect(listSuggestions(health, 'Boots')).toEqual([]);
  });

  it('finds them by what they are when the name does not say it: GP, surgery, infirmary', () => {
    // A GP surgery is one of the clinics: "GP" offers them all, never a hospital or a town.
    const clinics = ['Crown Medical Practice', 'Eye Clinic'];
    expect(
      listSuggestions(health, 'GP')
        .map((r) => r.name)
        .sort(),
    ).toEqual(clinics);
    expect(
      listSuggestions(health, 'Surgery')
        .map((r) => r.name)
        .sort(),
    ).toEqual(clinics);
    expect(listSuggestions(health, 'Infirmary').map((r) => r.name)).toEqual(['Raigmore Hospital']);
    expect(listSuggestions(health, 'Hospital').map((r) => r.name)).toEqual(['Raigmore Hospital']);
  });
});
