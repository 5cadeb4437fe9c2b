import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { dateToDayNumber } from '../src/time/serviceDay.ts';
import type { TimetableInput, TripInput } from '../src/timetable/types.ts';

/**
 * Seeded generator of synthetic transit networks, GTFS-free (it fills a TimetableInput directly).
 * Used by the reference-checked property tests (small, quirky networks) and by the transit bench
 * (Scotland-scale: about 40k stops, 3k routes, 150k trips, 3M stop times).
 *
 * Stops are scattered over a rectangle; routes are random walks between nearby stops, so that
 * searches behave like on real networks (local, with a few long lines) rather than on a random graph.
 */

export interface NetworkOptions {
  seed: number;
  stops: number;
  routes: number;
  /** Target trips over all routes (each route gets a share, rural routes fewer). */
  trips: number;
  /** Stops per route: min and max. */
  routeLength: [number, number];
  /** Bounding box: south, west, north, east. */
  bbox: [number, number, number, number];
  /** Add quirks for the property tests: no-pickup/no-drop-off stops, overtaking trips, frequencies, wheelchair flags, overnight runs. */
  quirks: boolean;
  /** Towns: the first `hubs` stops. Local routes start at a town and every fifth route links towns (0: pure random walks). */
  hubs?: number;
  /**
   * Dense towns and sparse country: this share of the stops that are not towns sit around a town
   * (drawn by town size, sizes falling as 1/rank like real settlements), the rest anywhere.
   * Without it every stop is anywhere in the box.
   */
  inTownShare?: number;
  /** This share of routes are ferries: two or three stops, slow (the rest stay trains and buses). */
  ferryShare?: number;
  /**
   * Intercity lines link the largest `intercityTowns` towns only, each going on to one of the
   * `intercityNearest` nearest of them not yet on the line and keeping roughly to a heading, as a
   * railway or coach line does. Without it the next town is the nearest of twelve drawn from all
   * towns anywhere, which over a whole island makes lines thousands of km long.
   */
  intercityNearest?: number;
  intercityTowns?: number;
  /** Every this many routes is an intercity line (default 5; only with towns). */
  intercityEvery?: number;
  /**
   * Local routes start at a stop drawn uniformly (so where stops are dense, routes are too) rather
   * than at a town drawn uniformly, which leaves most city stops without a service.
   */
  routesFollowStops?: boolean;
  /** First service day as days since 1970. */
  firstDay: number;
}

/** A small deterministic PRNG (mulberry32). */
export function makeRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Where stop i goes: towns (the first `hubs`) and, without inTownShare, every stop uniformly in the
 * box; with it, that share of the others in a town's built-up area (a normal spread whose radius
 * grows with the square root of the town's weight, 1/rank), the rest uniformly.
 */
function townPlacer(
  o: NetworkOptions,
  rnd: () => number,
): (i: number, placed: ReadonlyArray<{ lat: number; lon: number }>) => [number, number] {
  const [south, west, north, east] = o.bbox;
  const uniform = (): [number, number] => [south + rnd() * (north - south), west + rnd() * (east - west)];
  const hubs = o.hubs ?? 0;
  const share = o.inTownShare ?? 0;
  if (share <= 0 || hubs === 0) return uniform;
  // Cumulative 1/rank weights: town 0 is the largest city.
  const cumulative = new Float64Array(hubs);
  let total = 0;
  for (let h = 0; h < hubs; h++) cumulative[h] = total += 1 / (h + 1);
  const kmPerDegLon = 111 * Math.cos((((south + north) / 2) * Math.PI) / 180);
  return (i, placed) => {
    if (i < hubs || rnd() >= share) return uniform();
    const x = rnd() * total;
    let lo = 0;
    let hi = hubs - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    // A city of weight 1 spreads about 8 km (σ), a town of rank 1,000 about 0.25 km.
    const sigmaKm = 8 / Math.sqrt(lo + 1);
    // Box-Muller: two normal offsets.
    const radius = sigmaKm * Math.sqrt(-2 * Math.log(1 - rnd()));
    const angle = 2 * Math.PI * rnd();
    const town = placed[lo]!;
    const lat = Math.min(north, Math.max(south, town.lat + (radius * Math.sin(angle)) / 111));
    const lon = Math.min(east, Math.max(west, town.lon + (radius * Math.cos(angle)) / kmPerDegLon));
    return [lat, lon];
  };
}

/** Builds a network; the same options always give the same network. */
export function generateNetwork(o: NetworkOptions): TimetableInput {
  const rnd = makeRandom(o.seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));
  const [south, west, north, east] = o.bbox;
  const input: TimetableInput = {
    feeds: [
      {
        id: 'gen',
        timezone: 'UTC',
        generateFootpaths: true,
        publisher: 'generated',
        version: String(o.seed),
      },
    ],
    agencies: [{ feed: 0, id: 'gen:A', name: 'Generated Buses', url: 'https://example.invalid', phone: '' }],
    lines: [],
    stops: [],
    services: [],
    shapes: [],
    trips: [],
    transfers: [],
  };
  const place = townPlacer(o, rnd);
  for (let i = 0; i < o.stops; i++) {
    const [lat, lon] = place(i, input.stops);
    input.stops.push({
      feed: 0,
      id: `gen:S${i}`,
      code: '',
      name: `Stop ${i}`,
      lat,
      lon,
      parent: -1,
      wheelchair: o.quirks ? int(0, 2) : 1,
      platformCode: '',
    });
  }
  // Services: daily, weekdays, weekends, and one with exceptions.
  const end = o.firstDay + 400;
  input.services.push({
    feed: 0,
    id: 'gen:daily',
    weekdays: 0x7f,
    startDay: o.firstDay,
    endDay: end,
    addedDays: [],
    removedDays: [],
  });
  input.services.push({
    feed: 0,
    id: 'gen:weekdays',
    weekdays: 0x1f,
    startDay: o.firstDay,
    endDay: end,
    addedDays: [],
    removedDays: [],
  });
  input.services.push({
    feed: 0,
    id: 'gen:weekends',
    weekdays: 0x60,
    startDay: o.firstDay,
    endDay: end,
    addedDays: [],
    removedDays: [],
  });
  input.services.push({
    feed: 0,
    id: 'gen:odd',
    weekdays: 0x15,
    startDay: o.firstDay,
    endDay: end,
    addedDays: [o.firstDay + 1, o.firstDay + 5],
    removedDays: [o.firstDay + 2, o.firstDay + 4],
  });

  // Spatial buckets for picking the next stop near the current one.
  const cells = Math.max(1, Math.round(Math.sqrt(o.stops / 8)));
  const bucket = new Map<number, number[]>();
  const cellOf = (s: number): [number, number] => {
    const st = input.stops[s]!;
    return [
      Math.min(cells - 1, Math.floor(((st.lat - south) / (north - south)) * cells)),
      Math.min(cells - 1, Math.floor(((st.lon - west) / (east - west)) * cells)),
    ];
  };
  for (let s = 0; s < o.stops; s++) {
    const [y, x] = cellOf(s);
    const k = y * cells + x;
    let l = bucket.get(k);
    if (!l) bucket.set(k, (l = []));
    l.push(s);
  }
  const kmPerDegLat = 111;
  const kmPerDegLon = 111 * Math.cos((((south + north) / 2) * Math.PI) / 180);
  const distKm = (a: number, b: number): number => {
    const p = input.stops[a]!;
    const q = input.stops[b]!;
    return Math.hypot((p.lat - q.lat) * kmPerDegLat, (p.lon - q.lon) * kmPerDegLon);
  };

  const nearTowns =
    o.intercityNearest && (o.hubs ?? 0) > 1
      ? nearestTowns(input.stops, o.intercityTowns ?? o.hubs!, o.intercityNearest, distKm)
      : undefined;
  const tripsPerRoute = o.trips / o.routes;
  // Ferries every 1/ferryShare routes (not drawn, so networks without them keep their random sequence).
  const ferryEvery = o.ferryShare ? Math.round(1 / o.ferryShare) : 0;
  for (let r = 0; r < o.routes; r++) {
    const ferry = ferryEvery > 0 && r % ferryEvery === ferryEvery - 1;
    const mode = ferry ? 'ferry' : rnd() < 0.1 ? 'train' : 'bus';
    input.lines.push({
      feed: 0,
      id: `gen:R${r}`,
      agency: 0,
      shortName: String(r),
      longName: `Route ${r}`,
      mode,
      routeType: mode === 'train' ? 2 : mode === 'ferry' ? 4 : 3,
      color: '',
      textColor: '',
      url: '',
    });
    // Random walk with a preferred heading, or (with towns) an intercity line from town to nearby town.
    const len = ferry ? int(2, 3) : int(o.routeLength[0], o.routeLength[1]);
    const hubs = o.hubs ?? 0;
    const intercity = !ferry && hubs > 0 && r % (o.intercityEvery ?? 5) === 0;
    const fromStop = hubs === 0 || (o.routesFollowStops === true && !intercity);
    // Intercity lines with nearest towns start at one of the towns they link.
    const towns = nearTowns && intercity ? nearTowns.length : hubs;
    const seq: number[] = [fromStop ? int(0, o.stops - 1) : int(0, towns - 1)];
    const used = new Set(seq);
    if (intercity && nearTowns) {
      extendAlongNearestTowns(seq, used, nearTowns, input.stops, kmPerDegLon, len, rnd);
    } else if (intercity) {
      while (seq.length < len) {
        let best = -1;
        let bestKm = Infinity;
        for (let c = 0; c < 12; c++) {
          const h = int(0, hubs - 1);
          const km = used.has(h) ? Infinity : distKm(seq[seq.length - 1]!, h);
          if (km < bestKm) {
            bestKm = km;
            best = h;
          }
        }
        if (best < 0) break;
        seq.push(best);
        used.add(best);
      }
    } else {
      let [cy, cx] = cellOf(seq[0]!);
      const dy = int(-1, 1);
      const dx = dy === 0 ? (rnd() < 0.5 ? -1 : 1) : int(-1, 1);
      for (let guard = 0; seq.length < len && guard < len * 6; guard++) {
        const ny = Math.max(0, Math.min(cells - 1, cy + (rnd() < 0.6 ? dy : int(-1, 1))));
        const nx = Math.max(0, Math.min(cells - 1, cx + (rnd() < 0.6 ? dx : int(-1, 1))));
        const candidates = bucket.get(ny * cells + nx) ?? [];
        const next = candidates[int(0, candidates.length - 1)];
        if (next === undefined || used.has(next)) continue;
        seq.push(next);
        used.add(next);
        cy = ny;
        cx = nx;
      }
    }
    if (seq.length < 2) continue;
    // Ferries an assumed 28 km/h (15 knots) over the straight line; buses 25 km/h with their stops.
    const speedKmh = mode === 'train' || intercity ? 70 : mode === 'ferry' ? 28 : 25;
    const hops: number[] = [];
    for (let i = 1; i < seq.length; i++)
      hops.push(Math.max(60, Math.round((distKm(seq[i - 1]!, seq[i]!) / speedKmh) * 3600)));
    const nTrips = Math.max(1, Math.round(tripsPerRoute * (0.2 + rnd() * 1.6)));
    const service = int(0, input.services.length - 1);
    const stops = Int32Array.from(seq);
    const pickupType = new Uint8Array(seq.length);
    const dropOffType = new Uint8Array(seq.length);
    if (o.quirks) {
      for (let i = 0; i < seq.length; i++) {
        if (rnd() < 0.1) pickupType[i] = 1;
        if (rnd() < 0.1) dropOffType[i] = 1;
      }
    }
    // Departures spread over 05:00–24:30 (some past midnight), with jitter.
    const firstDep = 5 * 3600;
    const span = 19.5 * 3600;
    const headway = Math.max(60, Math.floor(span / nTrips));
    const makeTrip = (startSec: number, slow: number, id: string, tripService: number): TripInput => {
      const arrivals = new Int32Array(seq.length);
      const departures = new Int32Array(seq.length);
      let t = startSec;
      for (let i = 0; i < seq.length; i++) {
        if (i > 0) t += Math.round(hops[i - 1]! * slow);
        arrivals[i] = t;
        const dwell = i === 0 || i === seq.length - 1 ? 0 : o.quirks ? int(0, 2) * 30 : 0;
        t += dwell;
        departures[i] = t;
      }
      return {
        id,
        line: r,
        service: tripService,
        headsign: `To Stop ${seq[seq.length - 1]}`,
        shortName: '',
        shape: -1,
        wheelchair: o.quirks ? int(0, 2) : 1,
        stops,
        arrivals,
        departures,
        pickupType,
        dropOffType,
        headwaySec: 0,
      };
    };
    if (o.quirks && rnd() < 0.15) {
      // A frequency-based line: one template with several runs.
      const trip = makeTrip(0, 1, `gen:T${r}_f`, service);
      const runs: number[] = [];
      for (let s = firstDep; s < firstDep + span; s += Math.max(300, headway)) runs.push(s);
      trip.runShiftsSec = runs;
      input.trips.push(trip);
      continue;
    }
    for (let k = 0; k < nTrips; k++) {
      const start = firstDep + k * headway + int(0, Math.floor(headway / 3));
      // Quirk: some trips are slower, so a later express can overtake them (patterns must split).
      const slow = o.quirks && rnd() < 0.2 ? 1.6 : 1;
      const tripService = o.quirks && rnd() < 0.3 ? int(0, input.services.length - 1) : service;
      input.trips.push(makeTrip(start, slow, `gen:T${r}_${k}`, tripService));
    }
  }
  return input;
}

/** For each of the first `hubs` stops (the largest towns), the `k` nearest others of them, nearest first. */
function nearestTowns(
  stops: ReadonlyArray<{ lat: number; lon: number }>,
  hubs: number,
  k: number,
  distKm: (a: number, b: number) => number,
): Int32Array[] {
  const out: Int32Array[] = [];
  const all = Array.from({ length: hubs }, (_, h) => h);
  for (let h = 0; h < hubs; h++) {
    const byKm = all.filter((o) => o !== h).map((o) => [distKm(h, o), o] as const);
    byKm.sort((x, y) => x[0] - y[0]);
    out.push(Int32Array.from(byKm.slice(0, k), (x) => x[1]));
  }
  return out;
}

/**
 * Extends an intercity line from its first town: each next town is the one of the nearest towns
 * not yet on the line that turns least from the line's heading (a random heading at first); the
 * line ends early where every such town lies more than a right angle off (a coast, a dead end).
 */
function extendAlongNearestTowns(
  seq: number[],
  used: Set<number>,
  nearTowns: Int32Array[],
  stops: ReadonlyArray<{ lat: number; lon: number }>,
  kmPerDegLon: number,
  len: number,
  rnd: () => number,
): void {
  let heading = 2 * Math.PI * rnd();
  while (seq.length < len) {
    const at = stops[seq[seq.length - 1]!]!;
    let best = -1;
    let bestTurn = Math.PI / 2;
    let bestAngle = 0;
    for (const h of nearTowns[seq[seq.length - 1]!]!) {
      if (used.has(h)) continue;
      const angle = Math.atan2((stops[h]!.lat - at.lat) * 111, (stops[h]!.lon - at.lon) * kmPerDegLon);
      const turn = Math.abs(Math.atan2(Math.sin(angle - heading), Math.cos(angle - heading)));
      if (turn < bestTurn) {
        bestTurn = turn;
        best = h;
        bestAngle = angle;
      }
    }
    if (best < 0) break;
    seq.push(best);
    used.add(best);
    heading = bestAngle;
  }
}

/** The date the Scotland-scale benches query (a Wednesday the generated calendars run on). */
export const SCOTLAND_BENCH_DATE = 20260603;
/** South, west, north, east of the Scotland-scale network. */
export const SCOTLAND_BBOX: [number, number, number, number] = [55.0, -6.2, 58.6, -1.8];

/**
 * The one Scotland-scale network the transit, McRAPTOR and whole-search benches share (`scale` 1:
 * 40k stops, 3k routes, 150k trips; about 400 towns, as Scotland has some 480 settlements over
 * 1,000 people: local routes start in one, intercity lines link them).
 */
export function generateScotlandNetwork(scale: number): TimetableInput {
  return generateNetwork({
    seed: 20260603,
    stops: Math.round(40_000 * scale),
    routes: Math.round(3_000 * scale),
    trips: Math.round(150_000 * scale),
    routeLength: [10, 30],
    bbox: SCOTLAND_BBOX,
    quirks: false,
    hubs: Math.round(400 * scale),
    firstDay: dateToDayNumber(SCOTLAND_BENCH_DATE) - 7,
  });
}

/** South, west, north, east of the Great-Britain-scale network (Land's End to Caithness, Ardnamurchan to Lowestoft). */
export const GREAT_BRITAIN_BBOX: [number, number, number, number] = [50.0, -6.2, 58.6, 1.8];

/**
 * A network the size of Great Britain's public transport as issue 32 gives it (`scale` 1: 400,000
 * stops; 1.25 M trips of 10–30 stops, so about 25 M stop times; 40,000 routes of which one in 200 a
 * ferry and about a tenth rail; 4,000 towns, one per 100 stops as at Scotland scale). Seven stops
 * in ten stand in towns, larger towns holding more (1/rank), so cities are dense and the country
 * sparse. `scale` 0.1 is Scotland-sized in stops and trips, spread over the whole island.
 * Local routes start at any stop, so cities get routes in proportion to their stops; one route in
 * 25 is an intercity line between neighbouring large towns (the 800 largest, fewer at small
 * scales), so a line runs a few hundred km with stops 30–60 km apart rather than zigzagging the
 * island in hops of up to 590 km (what the Scotland-scale rules gave at this size; issue 32's
 * profile found every random query then scanned nearly every pattern in every round).
 */
export function generateGreatBritainNetwork(scale: number): TimetableInput {
  return generateNetwork({
    seed: 20261128,
    stops: Math.round(400_000 * scale),
    routes: Math.round(40_000 * scale),
    trips: Math.round(1_250_000 * scale),
    routeLength: [10, 30],
    bbox: GREAT_BRITAIN_BBOX,
    quirks: false,
    hubs: Math.round(4_000 * scale),
    inTownShare: 0.7,
    ferryShare: 0.005,
    intercityNearest: 8,
    intercityTowns: Math.min(800, Math.round(4_000 * scale)),
    intercityEvery: 25,
    routesFollowStops: true,
    firstDay: dateToDayNumber(SCOTLAND_BENCH_DATE) - 7,
  });
}

/** Writes a generated network as a GTFS folder (so the bench can time the real feed reader). */
export function writeNetworkAsGtfs(input: TimetableInput, dir: string): void {
  mkdirSync(dir, { recursive: true });
  const bare = (id: string): string => id.slice(id.indexOf(':') + 1);
  const day = (n: number): string => {
    const d = new Date(n * 86_400_000);
    return `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  };
  const time = (s: number): string =>
    `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  const write = (name: string, header: string, rows: Iterable<string>): void => {
    const fd = openSync(join(dir, name), 'w');
    let chunk: string[] = [header];
    for (const r of rows) {
      chunk.push(r);
      if (chunk.length >= 50_000) {
        writeSync(fd, `${chunk.join('\n')}\n`);
        chunk = [];
      }
    }
    if (chunk.length > 0) writeSync(fd, `${chunk.join('\n')}\n`);
    closeSync(fd);
  };
  const feed = input.feeds[0]!;
  write(
    'agency.txt',
    'agency_id,agency_name,agency_url,agency_timezone',
    input.agencies.map((a) => `${bare(a.id)},${a.name},${a.url},${feed.timezone}`),
  );
  write(
    'stops.txt',
    'stop_id,stop_name,stop_lat,stop_lon,wheelchair_boarding',
    input.stops.map((s) => `${bare(s.id)},${s.name},${s.lat.toFixed(6)},${s.lon.toFixed(6)},${s.wheelchair}`),
  );
  write(
    'routes.txt',
    'route_id,agency_id,route_short_name,route_long_name,route_type',
    input.lines.map(
      (l) =>
        `${bare(l.id)},${bare(input.agencies[l.agency]!.id)},${l.shortName},${l.longName},${l.routeType}`,
    ),
  );
  const wd = (s: (typeof input.services)[number], i: number): number => (s.weekdays >> i) & 1;
  write(
    'calendar.txt',
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date',
    input.services.map(
      (s) =>
        `${bare(s.id)},${[0, 1, 2, 3, 4, 5, 6].map((i) => wd(s, i)).join(',')},${day(s.startDay)},${day(s.endDay)}`,
    ),
  );
  write(
    'calendar_dates.txt',
    'service_id,date,exception_type',
    input.services.flatMap((s) => [
      ...s.addedDays.map((d) => `${bare(s.id)},${day(d)},1`),
      ...s.removedDays.map((d) => `${bare(s.id)},${day(d)},2`),
    ]),
  );
  // Frequency templates are written as their runs (each run one trip).
  function* trips(): Generator<[string, TripInput, number]> {
    for (const t of input.trips) {
      const shifts = t.runShiftsSec ?? [0];
      for (let i = 0; i < shifts.length; i++)
        yield [shifts.length > 1 ? `${bare(t.id)}_${i}` : bare(t.id), t, shifts[i]!];
    }
  }
  write(
    'trips.txt',
    'route_id,service_id,trip_id,wheelchair_accessible',
    (function* () {
      for (const [id, t] of trips())
        yield `${bare(input.lines[t.line]!.id)},${bare(input.services[t.service]!.id)},${id},${t.wheelchair}`;
    })(),
  );
  write(
    'stop_times.txt',
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type',
    (function* () {
      for (const [id, t, shift] of trips()) {
        for (let p = 0; p < t.stops.length; p++) {
          yield `${id},${time(t.arrivals[p]! + shift)},${time(t.departures[p]! + shift)},${bare(input.stops[t.stops[p]!]!.id)},${p + 1},${t.pickupType[p]},${t.dropOffType[p]}`;
        }
      }
    })(),
  );
}
