import MiniSearch from 'minisearch';
import KDBush from 'kdbush';
import { haversineM, projectionFor } from '../geo/geometry.ts';
import type { GeoPoint, Projection } from '../geo/geometry.ts';
import { findEdgeName } from '../streets/graph.ts';
import { edgeHighwayClass } from '../streets/graph.ts';
import { findNearestStreetName } from '../streets/snap.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { isInGreatBritain } from '../places/greatBritain.ts';
import type { PlaceCatalogue, Settlement } from '../places/types.ts';

export type GeocodeKind = 'place' | 'station' | 'stop' | 'street' | 'address' | 'poi' | 'hospital' | 'clinic';

/** One autocomplete suggestion or reverse-geocoding answer. */
export interface GeocodeResult {
  id: string;
  /** What the address box shows, e.g. "Grampian Road, Aviemore". */
  label: string;
  name: string;
  context: string | null;
  kind: GeocodeKind;
  lat: number;
  lon: number;
}

/** A timetable stop to offer in search (from GTFS), identified by its feed stop id. */
export interface StopEntry {
  id: string;
  name: string;
  lat: number;
  lon: number;
  /** Short names of the lines that call at it ('G', '34'): they tell stops of one name apart. */
  lines?: readonly string[];
  /** Runs calling at it over the whole timetable (timetable/stopKind.ts countStopCalls): how busy it is. */
  calls?: number;
}

export interface BiasBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

export interface GeocoderOptions {
  /** Keep only positions for which this is true; Great Britain by default (SPEC §5), null for none. */
  restrictTo?: ((lat: number, lon: number) => boolean) | null;
  /** Suggestions inside this box rank higher (the brand's area, SPEC §5). */
  biasBox?: BiasBox | null;
  /**
   * Words stop names shorten, by what they stand for (region.json placeSearch.abbreviations:
   * { MA: 'Mannheim' }): a stop is also found by its name with them written out.
   */
  abbreviations?: Readonly<Record<string, string>>;
}

export interface Geocoder {
  docs: GeocodeResult[];
  weight: Float64Array;
  /** Per doc, how much higher a timetable stop ranks by its service (1 + SERVICE_BOOST × …); 1 for other docs. */
  service: Float64Array;
  /** Per doc, the normalised names a traveller may type in full for a stop or station (its name and aliases); empty for other kinds. */
  transitNames: string[][];
  /** Each label naming a stop by its lines ("Church Av (F, G)"), with the label it had without them. */
  lineLabels: ReadonlyMap<string, string>;
  search: MiniSearch;
  settlements: Settlement[];
  settlementIndex: KDBush | null;
  addressIndex: KDBush | null;
  addresses: GeocodeResult[];
  projection: Projection;
  network: StreetNetwork | null;
}

const KIND_WEIGHT: Record<GeocodeKind, number> = {
  place: 2.2,
  station: 2,
  stop: 1.2,
  street: 1.3,
  poi: 1.1,
  hospital: 1.1,
  clinic: 1.1,
  address: 1,
};
/**
 * Words a traveller types for a healthcare place whose name does not say what it is ("Raigmore",
 * "Atholl Medical Centre"): searched beside the name and locality, so "hospital", "GP" or
 * "surgery" find them. Other kinds have none, so their matching is unchanged.
 */
const KIND_WORDS: Partial<Record<GeocodeKind, string>> = {
  hospital: 'hospital infirmary',
  clinic: 'clinic GP surgery doctors health centre medical practice',
};
const SETTLEMENT_WEIGHT: Record<string, number> = { city: 1.5, town: 1.3, village: 1.1, hamlet: 0.9 };
/**
 * A stop or station whose whole name (or alias) is what was typed ranks this much higher: the
 * traveller is naming the stop. Enough to pass a street of the same name (1.3 against 1.2; RNV's
 * Bismarckplatz is both), not a town (2.2).
 */
const EXACT_TRANSIT_NAME_BOOST = 1.5;
/**
 * A stop or station whose name begins with what was typed, as whole words ("Schriesheim Bahnhof"
 * or "Schriesheim-Süd" for "Schriesheim"), ranks this much higher: the traveller is naming its town, which the stops
 * of a feed without place names stand for. Enough to pass a street that merely ends with the word
 * (1.44 against 1.3: RNV's bypass "Ortsumfahrung Schriesheim" was picked), not a town or station.
 */
const TOWN_FIRST_WORD_BOOST = 1.2;
/**
 * A timetable stop ranks up to 1 + this higher by how busy it is: the square root of its runs over
 * the region's busiest stop's (its poles counted together), times this. A name that several stops
 * share then offers the main one first (RNV's "Hauptbahnhof": Mannheim's, with about ten times
 * the runs, before Heidelberg's "Hauptbahnhof Süd", which begins with the word); modest enough
 * that a whole name typed still passes a stop twice as busy that merely begins with it.
 */
const SERVICE_BOOST = 0.5;
/**
 * The most a stop's name match and service together raise it: however busy, no stop passes a
 * place of its name, a hamlet included (1.2 × 1.6 = 1.92 against 2.2 × 0.9 = 1.98).
 */
const TRANSIT_BOOST_MAX = 1.6;
/**
 * Words that make a name a road's when they follow a place's name alone: "Newport Road" leads to
 * Newport and may lie far from it (the Isle of Wight's is in Freshwater, 15 km away). English,
 * and German for RNV's "Straße"; a longer rest ("Coney Island Av/18 Av") is left alone.
 */
const ROAD_WORDS = new Set(['road', 'street', 'lane', 'avenue', 'drive', 'way', 'strasse', 'straße']);
/** Streets of the same name closer than this are one street. */
const STREET_MERGE_M = 1500;
/** Furthest a settlement may be to name the locality of a result. */
const CONTEXT_MAX_M = 8000;

function normalise(term: string): string {
  return term
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A whole name as compared with what was typed: normalised, single spaces. */
function normaliseName(name: string): string {
  return normalise(name).trim().replace(/\s+/g, ' ');
}

/** A name with each abbreviated word written out ("MA Hauptbahnhof" → "Mannheim Hauptbahnhof"), or undefined when it has none. */
function expandAbbreviations(
  name: string,
  abbreviations: Readonly<Record<string, string>>,
): string | undefined {
  let changed = false;
  const words = name.split(/(\s+)/).map((w) => {
    const long = Object.hasOwn(abbreviations, w) ? abbreviations[w] : undefined;
    if (long === undefined) return w;
    changed = true;
    return long;
  });
  return changed ? words.join('') : undefined;
}

/** Build the autocomplete index over places, streets, addresses, POIs, stations and stops. */
export function buildGeocoder(
  sources: {
    places: PlaceCatalogue;
    network?: StreetNetwork | null;
    stops?: readonly StopEntry[];
    /** Named places outside the region (region.json placeSearch.beyond), found wherever they lie. */
    beyond?: readonly { name: string; lat: number; lon: number }[];
  },
  options: GeocoderOptions = {},
): Geocoder {
  const keep = options.restrictTo === undefined ? isInGreatBritain : options.restrictTo;
  const ok = (lat: number, lon: number): boolean => keep === null || keep(lat, lon);
  const { places } = sources;
  const settlements = places.settlements.filter((s) => ok(s.lat, s.lon));
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const s of [...settlements, ...places.transitStops]) {
    minLat = Math.min(minLat, s.lat);
    maxLat = Math.max(maxLat, s.lat);
  }
  const projection = sources.network
    ? sources.network.graph.projection
    : projectionFor(minLat === Infinity ? 55 : minLat, maxLat === -Infinity ? 55 : maxLat);
  const settlementIndex = pointIndex(settlements, projection);
  const contextOf = (lat: number, lon: number, self?: string): string | null => {
    const s = nearestSettlement(settlements, settlementIndex, projection, lat, lon, CONTEXT_MAX_M);
    return s && s.name !== self ? s.name : null;
  };

  const docs: GeocodeResult[] = [];
  const weights: number[] = [];
  const transitNames: string[][] = [];
  const aliases: string[] = [];
  const abbreviations = options.abbreviations ?? {};
  const docLines: Array<Set<string> | undefined> = [];
  const docCalls: number[] = [];
  const seen = new Map<string, number>();
  const add = (
    kind: GeocodeKind,
    id: string,
    name: string,
    lat: number,
    lon: number,
    weight: number,
    context: string | null,
    lines?: readonly string[],
    anywhere = false,
    calls = 0,
  ): void => {
    if (!anywhere && !ok(lat, lon)) return;
    // The same stop mapped in OSM and listed in GTFS, or a street split in two, appears once.
    const key = `${kind === 'stop' || kind === 'station' ? 'stop' : kind}|${normalise(name)}|${Math.round(lat * 500)}|${Math.round(lon * 300)}`;
    const known = seen.get(key);
    if (known !== undefined) {
      // Its platforms or poles: the lines of each call at the one stop.
      if (lines?.length) for (const l of lines) (docLines[known] ??= new Set()).add(l);
      docCalls[known]! += calls;
      return;
    }
    seen.set(key, docs.length);
    docLines.push(lines?.length ? new Set(lines) : undefined);
    docCalls.push(calls);
    let w = weight * KIND_WEIGHT[kind];
    const box = options.biasBox;
    if (box) {
      const inside = lat >= box.minLat && lat <= box.maxLat && lon >= box.minLon && lon <= box.maxLon;
      if (inside) w *= 3;
      else {
        const dLat = Math.max(box.minLat - lat, 0, lat - box.maxLat);
        const dLon = Math.max(box.minLon - lon, 0, lon - box.maxLon) * Math.cos((lat * Math.PI) / 180);
        w *= 1 / (1 + (Math.hypot(dLat, dLon) * 111) / 50);
      }
    }
    docs.push({ id, label: context ? `${name}, ${context}` : name, name, context, kind, lat, lon });
    weights.push(w);
    const transit = kind === 'stop' || kind === 'station';
    const alias = transit ? expandAbbreviations(name, abbreviations) : undefined;
    aliases.push(alias ?? '');
    transitNames.push(transit ? [name, ...(alias ? [alias] : [])].map(normaliseName) : []);
  };

  for (const s of settlements)
    add('place', s.osmId, s.name!, s.lat, s.lon, SETTLEMENT_WEIGHT[s.placeType] ?? 1, null);
  // A city's weight: a traveller naming London means the city, whatever the region's streets are called.
  for (const [i, p] of (sources.beyond ?? []).entries())
    add('place', `beyond:${i}`, p.name, p.lat, p.lon, SETTLEMENT_WEIGHT.city!, null, undefined, true);
  for (const s of sources.stops ?? [])
    add(
      'stop',
      `stop:${s.id}`,
      s.name,
      s.lat,
      s.lon,
      1,
      contextOf(s.lat, s.lon, s.name),
      s.lines,
      false,
      s.calls,
    );
  for (const s of places.transitStops) {
    if (!s.name) continue;
    add(
      s.isStation ? 'station' : 'stop',
      s.osmId,
      s.isStation && !/station/i.test(s.name) ? `${s.name} station` : s.name,
      s.lat,
      s.lon,
      1,
      contextOf(s.lat, s.lon, s.name),
    );
  }
  if (sources.network)
    for (const st of listStreets(sources.network))
      add('street', st.id, st.name, st.lat, st.lon, 1, contextOf(st.lat, st.lon));
  for (const p of places.pois)
    if (p.name) add('poi', p.osmId, p.name, p.lat, p.lon, 1, contextOf(p.lat, p.lon));
  for (const h of places.healthcare)
    if (h.name) add(h.kind, h.osmId, h.name, h.lat, h.lon, 1, contextOf(h.lat, h.lon));
  const addresses: GeocodeResult[] = [];
  for (const a of places.addresses) {
    const name = a.street ? `${a.housenumber} ${a.street}` : a.housenumber;
    const context = [a.city ?? contextOf(a.lat, a.lon), a.postcode].filter(Boolean).join(' ') || null;
    const before = docs.length;
    add('address', a.osmId, name, a.lat, a.lon, 1, context);
    if (docs.length > before) addresses.push(docs[docs.length - 1]!);
  }

  const lineLabels = new Map<string, string>();
  const lineWords = nameStopsByLines(docs, docLines, lineLabels);
  const search = new MiniSearch<{
    id: number;
    name: string;
    context: string;
    alias: string;
    kind: string;
    lines: string;
  }>({
    fields: ['name', 'context', 'alias', 'kind', 'lines'],
    processTerm: (term) => normalise(term),
    searchOptions: {
      boost: { name: 3, alias: 3 },
      combineWith: 'AND',
      // Only the word being typed is a prefix; typos are forgiven in longer words.
      prefix: (_term, i, terms) => i === terms.length - 1,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      maxFuzzy: 1,
    },
  });
  search.addAll(
    docs.map((d, i) => ({
      id: i,
      name: d.name,
      context: d.context ?? '',
      alias: aliases[i]!,
      kind: KIND_WORDS[d.kind] ?? '',
      lines: lineWords[i]!,
    })),
  );
  return {
    docs,
    weight: Float64Array.from(weights),
    service: serviceWeights(docCalls),
    transitNames,
    lineLabels,
    search,
    settlements,
    settlementIndex,
    addressIndex: pointIndex(addresses, projection),
    addresses,
    projection,
    network: sources.network ?? null,
  };
}

/** Each doc's service weight: 1 + SERVICE_BOOST × √(its runs ÷ the busiest stop's); 1 without runs. */
function serviceWeights(calls: readonly number[]): Float64Array {
  const busiest = calls.reduce((a, b) => Math.max(a, b), 0);
  return Float64Array.from(calls, (c) => (busiest > 0 ? 1 + SERVICE_BOOST * Math.sqrt(c / busiest) : 1));
}

/**
 * Stops of one name in several places (NYC has three "Church Av" stations, on the 2/5, the B/Q
 * and the F/G) are told apart by the lines calling there: their labels say "Church Av (F, G)",
 * and the lines may be typed ("Church Av G"). Returns each doc's line words for the index; each
 * new label goes into `lineLabels` with the label it replaced.
 */
function nameStopsByLines(
  docs: GeocodeResult[],
  docLines: ReadonlyArray<Set<string> | undefined>,
  lineLabels: Map<string, string>,
): string[] {
  const transit = (d: GeocodeResult) => d.kind === 'stop' || d.kind === 'station';
  // Stops whose labels already differ (by their towns: "Main Road, Killiecrankie") keep them.
  const sameLabel = new Map<string, number>();
  for (const d of docs)
    if (transit(d)) sameLabel.set(normaliseName(d.label), (sameLabel.get(normaliseName(d.label)) ?? 0) + 1);
  return docs.map((d, i) => {
    const lines = docLines[i];
    if (!lines || !transit(d) || (sameLabel.get(normaliseName(d.label)) ?? 0) < 2) return '';
    const sorted = [...lines].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    const plain = d.label;
    d.label = `${plain} (${sorted.join(', ')})`;
    lineLabels.set(d.label, plain);
    return sorted.join(' ');
  });
}

function pointIndex(points: ReadonlyArray<GeoPoint>, p: Projection): KDBush | null {
  if (points.length === 0) return null;
  const index = new KDBush(points.length);
  for (const pt of points) index.add(pt.lon * p.kx, pt.lat * p.ky);
  return index.finish();
}

function nearestIn<T extends GeoPoint>(
  items: readonly T[],
  index: KDBush | null,
  p: Projection,
  lat: number,
  lon: number,
  maxM: number,
): T | null {
  if (!index) return null;
  let best: T | null = null;
  let bestD = Infinity;
  for (const i of index.within(lon * p.kx, lat * p.ky, maxM)) {
    const item = items[i]!;
    const d = haversineM(lat, lon, item.lat, item.lon);
    if (d < bestD) {
      bestD = d;
      best = item;
    }
  }
  return best;
}

function nearestSettlement(
  settlements: readonly Settlement[],
  index: KDBush | null,
  p: Projection,
  lat: number,
  lon: number,
  maxM: number,
): Settlement | null {
  return nearestIn(settlements, index, p, lat, lon, maxM);
}

/** Named streets of the network, one entry per name and locality (edges within 1.5 km merged). */
function listStreets(net: StreetNetwork): Array<{ id: string; name: string; lat: number; lon: number }> {
  const g = net.graph;
  const clusters = new Map<string, Array<{ lat: number; lon: number; bestLen: number; rep: GeoPoint }>>();
  for (let e = 0; e < g.edgeCount; e++) {
    const name = findEdgeName(g, e);
    if (!name || edgeHighwayClass(g, e) === 'ferry') continue;
    const mid = Math.floor((g.edgeShapeStart[e]! + g.edgeShapeStart[e + 1]! - 1) / 2);
    const lat = g.shapeLat[mid]!;
    const lon = g.shapeLon[mid]!;
    let list = clusters.get(name);
    if (!list) clusters.set(name, (list = []));
    const len = g.edgeLengthM[e]!;
    const near = list.find((c) => haversineM(c.lat, c.lon, lat, lon) < STREET_MERGE_M);
    if (near) {
      if (len > near.bestLen) {
        near.bestLen = len;
        near.rep = { lat, lon };
      }
    } else list.push({ lat, lon, bestLen: len, rep: { lat, lon } });
  }
  const out: Array<{ id: string; name: string; lat: number; lon: number }> = [];
  for (const [name, list] of clusters)
    list.forEach((c, i) => out.push({ id: `street:${name}:${i}`, name, lat: c.rep.lat, lon: c.rep.lon }));
  return out;
}

/** How much a stop's or station's names (normalised) match what was typed: the whole name, its first words, or neither. */
function transitNameBoost(names: readonly string[] | undefined, typed: string): number {
  if (!names?.length) return 1;
  if (names.includes(typed)) return EXACT_TRANSIT_NAME_BOOST;
  // Whole words: "Coney Island-Stillwell Av" and "Coney Island Av/18 Av" both begin with "coney island".
  const begins = (n: string) => n.startsWith(typed) && /^[^\p{L}\p{N}]/u.test(n.slice(typed.length));
  return names.some(begins) ? TOWN_FIRST_WORD_BOOST : 1;
}

/** Whether a name is the typed place's name and a road word alone: a road named after the place ("Newport Road" for "Newport"). */
function isRoadNamedAfter(name: string, typed: string): boolean {
  // Most names are not: their length says so before they are normalised (GB has 100,000s of hits for "road").
  const extra = name.trim().length - typed.length;
  if (extra < 4 || extra > 8) return false;
  const n = normaliseName(name);
  return n.startsWith(`${typed} `) && ROAD_WORDS.has(n.slice(typed.length + 1));
}

/**
 * Autocomplete suggestions for what the user has typed so far, best first. A road named after
 * what was typed comes after every other match: the traveller named the place.
 */
export function listSuggestions(geo: Geocoder, query: string, limit = 8): GeocodeResult[] {
  const q = query.trim();
  if (q.length < 2) return [];
  const typed = normaliseName(q);
  const hits = geo.search.search(q, {
    boostDocument: (id) =>
      (geo.weight[id as number] ?? 1) *
      Math.min(
        transitNameBoost(geo.transitNames[id as number], typed) * (geo.service[id as number] ?? 1),
        TRANSIT_BOOST_MAX,
      ),
  });
  const out: GeocodeResult[] = [];
  const roads: GeocodeResult[] = [];
  for (const h of hits) {
    const doc = geo.docs[h.id as number]!;
    if (isRoadNamedAfter(doc.name, typed)) roads.push(doc);
    else if (out.push(doc) === limit) break;
  }
  return [...out, ...roads].slice(0, limit);
}

/**
 * The place a typed text names when the traveller chose no suggestion: the best one, but never a
 * road named after the text, which would plan from somewhere else ("Newport" is not "Newport
 * Road" in Freshwater); undefined when nothing else matches.
 */
export function findPlace(geo: Geocoder, text: string): GeocodeResult | undefined {
  const best = listSuggestions(geo, text, 1)[0];
  return best && !isRoadNamedAfter(best.name, normaliseName(text)) ? best : undefined;
}

/**
 * The name a journey's steps give a search end whose text is a suggestion's label: a stop's lines,
 * there to tell stops of one name apart in the list ("HD Hauptbahnhof (5, 9, 21, …)"), are left
 * off ("HD Hauptbahnhof"); any other text is kept as it is.
 */
export function plainPlaceName(geo: Geocoder, text: string): string {
  return geo.lineLabels.get(text) ?? text;
}

/** Describe a position for "current location": nearest address, else street, else settlement. */
export function reverseGeocode(geo: Geocoder, lat: number, lon: number): GeocodeResult {
  const address = nearestIn(geo.addresses, geo.addressIndex, geo.projection, lat, lon, 40);
  if (address) return address;
  const context =
    nearestSettlement(geo.settlements, geo.settlementIndex, geo.projection, lat, lon, CONTEXT_MAX_M)?.name ??
    null;
  if (geo.network) {
    const name = findNearestStreetName(geo.network.snap, lat, lon, 150);
    if (name)
      return {
        id: `street:${name}`,
        label: context ? `${name}, ${context}` : name,
        name,
        context,
        kind: 'street',
        lat,
        lon,
      };
  }
  if (context)
    return {
      id: `near:${context}`,
      label: `Near ${context}`,
      name: `Near ${context}`,
      context,
      kind: 'place',
      lat,
      lon,
    };
  const name = `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
  return { id: `coord:${name}`, label: name, name, context: null, kind: 'place', lat, lon };
}
