import { isValidTimeZone, parseGtfsDate, parseGtfsTime } from '../time/service-day.ts';
import { parseCsv } from './csv.ts';
import { findModeForRouteType } from './route-types.ts';
import { openGtfsSource } from './source.ts';
import type { GtfsSource } from './source.ts';
import type {
  GtfsAgency,
  GtfsFeed,
  GtfsFeedInfo,
  GtfsFrequency,
  GtfsRoute,
  GtfsService,
  GtfsShape,
  GtfsStop,
  GtfsStopTimes,
  GtfsTransfer,
  GtfsTrip,
  ReadFeedResult,
} from './types.ts';
import { WarningLog } from './warnings.ts';

export interface ReadFeedOptions {
  /** Namespace for this feed's ids when several feeds load side by side. */
  feedId: string;
  /** Progress messages for long loads. */
  onProgress?: (message: string) => void;
}

type Row = (name: string) => string;

/**
 * Reads one file row by row, giving a lookup by column name. Missing required columns are errors;
 * returns false when the file cannot be used.
 */
function eachRow(
  source: GtfsSource,
  log: WarningLog,
  file: string,
  required: string[],
  onRow: (get: Row, line: number) => void,
  missingIsError = true,
): boolean {
  const text = source.read(file);
  if (text === undefined) {
    if (missingIsError) log.add(file, 0, '', 'required file is missing', 'error');
    return false;
  }
  let usable = true;
  let index = new Map<string, number>();
  let fields: string[] = [];
  const get: Row = (name) => {
    const i = index.get(name);
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
  parseCsv(text, {
    header(names) {
      index = new Map(names.map((n, i) => [n, i]));
      for (const r of required) {
        if (!index.has(r)) {
          log.add(file, 1, r, 'required column is missing', 'error');
          usable = false;
        }
      }
    },
    row(f, line) {
      if (!usable) return;
      fields = f;
      onRow(get, line);
    },
  });
  return usable;
}

function parseIntField(text: string, fallback: number): number {
  if (text === '') return fallback;
  const v = Number(text);
  return Number.isInteger(v) ? v : Number.NaN;
}

/** Reads a GTFS feed (zip or folder). Bad rows are skipped with warnings; a missing core file or column is an error. */
export function readGtfsFeed(path: string, options: ReadFeedOptions): ReadFeedResult {
  const log = new WarningLog(options.feedId);
  const opened = openGtfsSource(path);
  if (!opened.ok) {
    log.add(path, 0, '', opened.message, 'error');
    return { ok: false, warnings: log.list };
  }
  return readGtfsSource(opened.source, options, log);
}

/** As readGtfsFeed, from an already opened source (tests build sources from inline text). */
export function readGtfsSource(
  source: GtfsSource,
  options: ReadFeedOptions,
  log = new WarningLog(options.feedId),
): ReadFeedResult {
  const progress = options.onProgress ?? (() => {});

  // agency.txt
  const agencies: GtfsAgency[] = [];
  const agencyById = new Map<string, number>();
  eachRow(source, log, 'agency.txt', ['agency_name', 'agency_timezone'], (get, line) => {
    const timezone = get('agency_timezone');
    if (!isValidTimeZone(timezone)) {
      log.add('agency.txt', line, 'agency_timezone', `unknown time zone "${timezone}"`, 'error');
      return;
    }
    const id = get('agency_id');
    if (agencyById.has(id)) {
      log.add('agency.txt', line, 'agency_id', `duplicate agency_id "${id}"; row skipped`);
      return;
    }
    agencyById.set(id, agencies.length);
    agencies.push({
      id,
      name: get('agency_name'),
      url: get('agency_url'),
      timezone,
      phone: get('agency_phone'),
    });
  });
  const timezone = agencies[0]?.timezone ?? '';
  if (agencies.length === 0 && !log.hasErrors) log.add('agency.txt', 0, '', 'no agency defined', 'error');
  if (agencies.some((a) => a.timezone !== timezone)) {
    log.add(
      'agency.txt',
      0,
      'agency_timezone',
      `agencies disagree on the time zone; using ${timezone} for all`,
    );
  }

  // stops.txt
  progress('reading stops');
  const stops: GtfsStop[] = [];
  const stopById = new Map<string, number>();
  const parentIds: string[] = [];
  eachRow(source, log, 'stops.txt', ['stop_id'], (get, line) => {
    const id = get('stop_id');
    if (id === '') return log.add('stops.txt', line, 'stop_id', 'empty stop_id; row skipped');
    if (stopById.has(id))
      return log.add('stops.txt', line, 'stop_id', `duplicate stop_id "${id}"; row skipped`);
    const locationType = parseIntField(get('location_type'), 0);
    const lat = Number(get('stop_lat'));
    const lon = Number(get('stop_lon'));
    const needsPosition = locationType <= 2;
    if (needsPosition && (get('stop_lat') === '' || !Number.isFinite(lat) || Math.abs(lat) > 90)) {
      return log.add('stops.txt', line, 'stop_lat', `stop "${id}" has no valid latitude; row skipped`);
    }
    if (needsPosition && (get('stop_lon') === '' || !Number.isFinite(lon) || Math.abs(lon) > 180)) {
      return log.add('stops.txt', line, 'stop_lon', `stop "${id}" has no valid longitude; row skipped`);
    }
    stopById.set(id, stops.length);
    parentIds.push(get('parent_station'));
    stops.push({
      id,
      code: get('stop_code'),
      name: get('stop_name'),
      lat: Number.isFinite(lat) ? lat : 0,
      lon: Number.isFinite(lon) ? lon : 0,
      locationType: Number.isNaN(locationType) ? 0 : locationType,
      parentIdx: -1,
      wheelchair: parseIntField(get('wheelchair_boarding'), 0) || 0,
      platformCode: get('platform_code'),
    });
  });
  stops.forEach((s, i) => {
    const pid = parentIds[i] ?? '';
    if (pid === '') return;
    const p = stopById.get(pid);
    if (p === undefined)
      log.add('stops.txt', 0, 'parent_station', `stop "${s.id}" names unknown parent "${pid}"`);
    else s.parentIdx = p;
  });
  for (const s of stops) {
    const parent = s.parentIdx >= 0 ? stops[s.parentIdx] : undefined;
    if (s.wheelchair === 0 && parent) s.wheelchair = parent.wheelchair;
  }

  // routes.txt
  const routes: GtfsRoute[] = [];
  const routeById = new Map<string, number>();
  eachRow(source, log, 'routes.txt', ['route_id', 'route_type'], (get, line) => {
    const id = get('route_id');
    if (routeById.has(id))
      return log.add('routes.txt', line, 'route_id', `duplicate route_id "${id}"; row skipped`);
    const routeType = parseIntField(get('route_type'), Number.NaN);
    let mode = findModeForRouteType(routeType);
    if (!mode) {
      log.add('routes.txt', line, 'route_type', `unknown route_type "${get('route_type')}"; shown as bus`);
      mode = 'bus';
    }
    const agencyId = get('agency_id');
    let agencyIdx = agencyById.get(agencyId) ?? -1;
    if (agencyIdx < 0) {
      if (agencies.length === 1) agencyIdx = 0;
      else return log.add('routes.txt', line, 'agency_id', `unknown agency_id "${agencyId}"; row skipped`);
    }
    routeById.set(id, routes.length);
    routes.push({
      id,
      agencyIdx,
      shortName: get('route_short_name'),
      longName: get('route_long_name'),
      routeType,
      mode,
      color: get('route_color'),
      textColor: get('route_text_color'),
      url: get('route_url'),
    });
  });

  // calendar.txt and calendar_dates.txt
  const services: GtfsService[] = [];
  const serviceById = new Map<string, number>();
  const serviceFor = (id: string): GtfsService => {
    let idx = serviceById.get(id);
    if (idx === undefined) {
      idx = services.length;
      serviceById.set(id, idx);
      services.push({ id, weekdays: 0, startDate: 0, endDate: 0, added: [], removed: [] });
    }
    return services[idx]!;
  };
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const hasCalendar = source.has('calendar.txt');
  const hasCalendarDates = source.has('calendar_dates.txt');
  if (!hasCalendar && !hasCalendarDates)
    log.add('calendar.txt', 0, '', 'neither calendar.txt nor calendar_dates.txt is present', 'error');
  eachRow(
    source,
    log,
    'calendar.txt',
    ['service_id', ...days, 'start_date', 'end_date'],
    (get, line) => {
      const start = parseGtfsDate(get('start_date'));
      const end = parseGtfsDate(get('end_date'));
      if (start === undefined)
        return log.add(
          'calendar.txt',
          line,
          'start_date',
          `not a YYYYMMDD date: "${get('start_date')}"; row skipped`,
        );
      if (end === undefined)
        return log.add(
          'calendar.txt',
          line,
          'end_date',
          `not a YYYYMMDD date: "${get('end_date')}"; row skipped`,
        );
      const s = serviceFor(get('service_id'));
      let mask = 0;
      days.forEach((d, i) => {
        if (get(d) === '1') mask |= 1 << i;
      });
      s.weekdays = mask;
      s.startDate = start;
      s.endDate = end;
    },
    false,
  );
  eachRow(
    source,
    log,
    'calendar_dates.txt',
    ['service_id', 'date', 'exception_type'],
    (get, line) => {
      const date = parseGtfsDate(get('date'));
      if (date === undefined)
        return log.add(
          'calendar_dates.txt',
          line,
          'date',
          `not a YYYYMMDD date: "${get('date')}"; row skipped`,
        );
      const type = get('exception_type');
      if (type !== '1' && type !== '2')
        return log.add(
          'calendar_dates.txt',
          line,
          'exception_type',
          `must be 1 or 2, got "${type}"; row skipped`,
        );
      const s = serviceFor(get('service_id'));
      (type === '1' ? s.added : s.removed).push(date);
    },
    false,
  );

  // shapes.txt (optional)
  const shapes: GtfsShape[] = [];
  const shapeById = new Map<string, number>();
  {
    const pts = new Map<string, { seq: number; lat: number; lon: number }[]>();
    eachRow(
      source,
      log,
      'shapes.txt',
      ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'],
      (get, line) => {
        const lat = Number(get('shape_pt_lat'));
        const lon = Number(get('shape_pt_lon'));
        const seq = Number(get('shape_pt_sequence'));
        if (!Number.isFinite(lat) || !Number.isFinite(lon) || !Number.isFinite(seq)) {
          return log.add('shapes.txt', line, 'shape_pt_lat', 'bad coordinate or sequence; point skipped');
        }
        const id = get('shape_id');
        let list = pts.get(id);
        if (!list) pts.set(id, (list = []));
        list.push({ seq, lat, lon });
      },
      false,
    );
    for (const [id, list] of pts) {
      list.sort((a, b) => a.seq - b.seq);
      const coords = new Float64Array(list.length * 2);
      list.forEach((p, i) => {
        coords[2 * i] = p.lat;
        coords[2 * i + 1] = p.lon;
      });
      shapeById.set(id, shapes.length);
      shapes.push({ id, coords });
    }
  }

  // trips.txt
  progress('reading trips');
  const trips: GtfsTrip[] = [];
  const tripById = new Map<string, number>();
  eachRow(source, log, 'trips.txt', ['route_id', 'service_id', 'trip_id'], (get, line) => {
    const id = get('trip_id');
    if (tripById.has(id))
      return log.add('trips.txt', line, 'trip_id', `duplicate trip_id "${id}"; row skipped`);
    const routeIdx = routeById.get(get('route_id'));
    if (routeIdx === undefined)
      return log.add('trips.txt', line, 'route_id', `unknown route_id "${get('route_id')}"; row skipped`);
    const serviceIdx = serviceById.get(get('service_id'));
    if (serviceIdx === undefined) {
      return log.add(
        'trips.txt',
        line,
        'service_id',
        `service_id "${get('service_id')}" is in neither calendar file; row skipped`,
      );
    }
    const shapeId = get('shape_id');
    tripById.set(id, trips.length);
    trips.push({
      id,
      routeIdx,
      serviceIdx,
      headsign: get('trip_headsign'),
      shortName: get('trip_short_name'),
      directionId: parseIntField(get('direction_id'), 0) || 0,
      shapeIdx: shapeId === '' ? -1 : (shapeById.get(shapeId) ?? -1),
      wheelchair: parseIntField(get('wheelchair_accessible'), 0) || 0,
      valid: true,
    });
  });

  // stop_times.txt
  progress('reading stop_times');
  const stopTimes = readStopTimes(source, log, stops, tripById, trips);

  // frequencies.txt (optional)
  const frequencies: GtfsFrequency[] = [];
  eachRow(
    source,
    log,
    'frequencies.txt',
    ['trip_id', 'start_time', 'end_time', 'headway_secs'],
    (get, line) => {
      const tripIdx = tripById.get(get('trip_id'));
      if (tripIdx === undefined)
        return log.add(
          'frequencies.txt',
          line,
          'trip_id',
          `unknown trip_id "${get('trip_id')}"; row skipped`,
        );
      const startSec = parseGtfsTime(get('start_time'));
      const endSec = parseGtfsTime(get('end_time'));
      const headwaySec = parseIntField(get('headway_secs'), Number.NaN);
      if (startSec === undefined)
        return log.add('frequencies.txt', line, 'start_time', 'not a time; row skipped');
      if (endSec === undefined || endSec < startSec)
        return log.add('frequencies.txt', line, 'end_time', 'not a time after start_time; row skipped');
      if (!(headwaySec > 0))
        return log.add('frequencies.txt', line, 'headway_secs', 'must be a positive integer; row skipped');
      frequencies.push({ tripIdx, startSec, endSec, headwaySec, exactTimes: get('exact_times') === '1' });
    },
    false,
  );

  // transfers.txt (optional)
  const transfers: GtfsTransfer[] = [];
  const hasTransfersFile = eachRow(
    source,
    log,
    'transfers.txt',
    ['from_stop_id', 'to_stop_id', 'transfer_type'],
    (get, line) => {
      const fromStopIdx = stopById.get(get('from_stop_id'));
      const toStopIdx = stopById.get(get('to_stop_id'));
      if (fromStopIdx === undefined)
        return log.add(
          'transfers.txt',
          line,
          'from_stop_id',
          `unknown stop "${get('from_stop_id')}"; row skipped`,
        );
      if (toStopIdx === undefined)
        return log.add(
          'transfers.txt',
          line,
          'to_stop_id',
          `unknown stop "${get('to_stop_id')}"; row skipped`,
        );
      if (
        get('from_trip_id') !== '' ||
        get('to_trip_id') !== '' ||
        get('from_route_id') !== '' ||
        get('to_route_id') !== ''
      ) {
        return log.add(
          'transfers.txt',
          line,
          'from_trip_id',
          'trip- or route-specific transfers are not supported; row skipped',
        );
      }
      const type = parseIntField(get('transfer_type'), 0);
      if (!(type >= 0 && type <= 3))
        return log.add(
          'transfers.txt',
          line,
          'transfer_type',
          `must be 0–3 here, got "${get('transfer_type')}"; row skipped`,
        );
      const min = parseIntField(get('min_transfer_time'), -1);
      if (type === 2 && !(min >= 0))
        return log.add(
          'transfers.txt',
          line,
          'min_transfer_time',
          'type 2 needs a non-negative min_transfer_time; row skipped',
        );
      transfers.push({ fromStopIdx, toStopIdx, type, minTransferSec: Number.isNaN(min) ? -1 : min });
    },
    false,
  );

  // feed_info.txt (optional)
  let feedInfo: GtfsFeedInfo | undefined;
  eachRow(
    source,
    log,
    'feed_info.txt',
    ['feed_publisher_name'],
    (get) => {
      feedInfo ??= {
        publisherName: get('feed_publisher_name'),
        version: get('feed_version'),
        startDate: parseGtfsDate(get('feed_start_date')) ?? 0,
        endDate: parseGtfsDate(get('feed_end_date')) ?? 0,
      };
    },
    false,
  );

  if (log.hasErrors) return { ok: false, warnings: log.list };
  const feed: GtfsFeed = {
    id: options.feedId,
    timezone,
    agencies,
    stops,
    routes,
    trips,
    services,
    stopTimes,
    frequencies,
    transfers,
    hasTransfersFile,
    shapes,
    feedInfo,
  };
  return { ok: true, feed, warnings: log.list, warningCounts: log.counts };
}

/** Reads stop_times into trip-ordered typed arrays, filling non-timepoint times and rejecting trips that go back in time. */
function readStopTimes(
  source: GtfsSource,
  log: WarningLog,
  stops: GtfsStop[],
  tripById: Map<string, number>,
  trips: GtfsTrip[],
): GtfsStopTimes {
  const stopIdByIdx = new Map<string, number>();
  stops.forEach((s, i) => stopIdByIdx.set(s.id, i));
  const text = source.read('stop_times.txt');
  if (text === undefined) {
    log.add('stop_times.txt', 0, '', 'required file is missing', 'error');
    return emptyStopTimes(trips.length);
  }
  let cap = 16;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) cap++;
  const rowTrip = new Int32Array(cap);
  const rowSeq = new Int32Array(cap);
  const rowStop = new Int32Array(cap);
  const rowArr = new Int32Array(cap);
  const rowDep = new Int32Array(cap);
  const rowPick = new Uint8Array(cap);
  const rowDrop = new Uint8Array(cap);
  const rowLine = new Int32Array(cap);
  let n = 0;
  let cTrip = -1;
  let cStop = -1;
  let cSeq = -1;
  let cArr = -1;
  let cDep = -1;
  let cPick = -1;
  let cDrop = -1;
  let lastTripId = '';
  let lastTripIdx = -1;
  let usable = true;
  parseCsv(text, {
    header(names) {
      const at = (n: string): number => names.indexOf(n);
      cTrip = at('trip_id');
      cStop = at('stop_id');
      cSeq = at('stop_sequence');
      cArr = at('arrival_time');
      cDep = at('departure_time');
      cPick = at('pickup_type');
      cDrop = at('drop_off_type');
      for (const [name, c] of [
        ['trip_id', cTrip],
        ['stop_id', cStop],
        ['stop_sequence', cSeq],
        ['arrival_time', cArr],
        ['departure_time', cDep],
      ] as const) {
        if (c < 0) {
          log.add('stop_times.txt', 1, name, 'required column is missing', 'error');
          usable = false;
        }
      }
    },
    row(f, line) {
      if (!usable) return;
      const tripId = (f[cTrip] ?? '').trim();
      let tripIdx = lastTripIdx;
      if (tripId !== lastTripId) {
        tripIdx = tripById.get(tripId) ?? -1;
        lastTripId = tripId;
        lastTripIdx = tripIdx;
      }
      if (tripIdx < 0)
        return log.add('stop_times.txt', line, 'trip_id', `unknown trip_id "${tripId}"; row skipped`);
      const stopId = (f[cStop] ?? '').trim();
      const stopIdx = stopIdByIdx.get(stopId);
      if (stopIdx === undefined)
        return log.add('stop_times.txt', line, 'stop_id', `unknown stop_id "${stopId}"; row skipped`);
      const seq = Number(f[cSeq]);
      if (!Number.isInteger(seq) || seq < 0)
        return log.add(
          'stop_times.txt',
          line,
          'stop_sequence',
          `not a non-negative integer: "${f[cSeq]}"; row skipped`,
        );
      const arrText = (f[cArr] ?? '').trim();
      const depText = (f[cDep] ?? '').trim();
      let arr = arrText === '' ? -1 : (parseGtfsTime(arrText) ?? -2);
      let dep = depText === '' ? -1 : (parseGtfsTime(depText) ?? -2);
      if (arr === -2)
        return log.add('stop_times.txt', line, 'arrival_time', `not a time: "${arrText}"; row skipped`);
      if (dep === -2)
        return log.add('stop_times.txt', line, 'departure_time', `not a time: "${depText}"; row skipped`);
      if (arr < 0) arr = dep;
      if (dep < 0) dep = arr;
      rowTrip[n] = tripIdx;
      rowSeq[n] = seq;
      rowStop[n] = stopIdx;
      rowArr[n] = arr;
      rowDep[n] = dep;
      rowPick[n] = cPick >= 0 ? Number(f[cPick]) || 0 : 0;
      rowDrop[n] = cDrop >= 0 ? Number(f[cDrop]) || 0 : 0;
      rowLine[n] = line;
      n++;
    },
  });
  if (!usable) return emptyStopTimes(trips.length);

  // Counting sort by trip, then by stop_sequence inside each trip (usually already in order).
  const counts = new Int32Array(trips.length + 1);
  for (let i = 0; i < n; i++) counts[rowTrip[i]! + 1]!++;
  for (let t = 0; t < trips.length; t++) counts[t + 1]! += counts[t]!;
  const order = new Int32Array(n);
  const fill = counts.slice(0, trips.length);
  for (let i = 0; i < n; i++) order[fill[rowTrip[i]!]!++] = i;

  const tripOffsets = new Int32Array(trips.length + 1);
  const stopIdx = new Int32Array(n);
  const arrivalSec = new Int32Array(n);
  const departureSec = new Int32Array(n);
  const pickupType = new Uint8Array(n);
  const dropOffType = new Uint8Array(n);
  let out = 0;
  for (let t = 0; t < trips.length; t++) {
    tripOffsets[t] = out;
    const from = counts[t]!;
    const to = counts[t + 1]!;
    const rows = Array.from(order.subarray(from, to));
    let sorted = true;
    for (let i = 1; i < rows.length; i++) if (rowSeq[rows[i]!]! < rowSeq[rows[i - 1]!]!) sorted = false;
    if (!sorted) rows.sort((a, b) => rowSeq[a]! - rowSeq[b]!);
    const trip = trips[t]!;
    const problem = checkTrip(rows, rowSeq, rowArr, rowDep, rowLine, stops, rowStop);
    if (problem) {
      log.add(
        'stop_times.txt',
        problem.line,
        problem.field,
        `trip "${trip.id}": ${problem.message}; trip skipped`,
      );
      trip.valid = false;
      continue;
    }
    for (const r of rows) {
      stopIdx[out] = rowStop[r]!;
      arrivalSec[out] = rowArr[r]!;
      departureSec[out] = rowDep[r]!;
      pickupType[out] = rowPick[r]!;
      dropOffType[out] = rowDrop[r]!;
      out++;
    }
  }
  tripOffsets[trips.length] = out;
  return {
    tripOffsets,
    stopIdx: stopIdx.slice(0, out),
    arrivalSec: arrivalSec.slice(0, out),
    departureSec: departureSec.slice(0, out),
    pickupType: pickupType.slice(0, out),
    dropOffType: dropOffType.slice(0, out),
  };
}

function emptyStopTimes(tripCount: number): GtfsStopTimes {
  return {
    tripOffsets: new Int32Array(tripCount + 1),
    stopIdx: new Int32Array(0),
    arrivalSec: new Int32Array(0),
    departureSec: new Int32Array(0),
    pickupType: new Uint8Array(0),
    dropOffType: new Uint8Array(0),
  };
}

/**
 * Validates one trip's rows in sequence order and interpolates missing times by straight-line
 * distance between the surrounding timepoints. Returns the first problem found.
 */
function checkTrip(
  rows: number[],
  rowSeq: Int32Array,
  rowArr: Int32Array,
  rowDep: Int32Array,
  rowLine: Int32Array,
  stops: GtfsStop[],
  rowStop: Int32Array,
): { line: number; field: string; message: string } | undefined {
  if (rows.length === 0) return undefined;
  if (rows.length < 2)
    return { line: rowLine[rows[0]!]!, field: 'stop_sequence', message: 'has fewer than two stops' };
  for (let i = 1; i < rows.length; i++) {
    if (rowSeq[rows[i]!] === rowSeq[rows[i - 1]!])
      return {
        line: rowLine[rows[i]!]!,
        field: 'stop_sequence',
        message: `stop_sequence ${rowSeq[rows[i]!]} repeats`,
      };
  }
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  if (rowArr[first]! < 0)
    return { line: rowLine[first]!, field: 'departure_time', message: 'first stop has no time' };
  if (rowArr[last]! < 0)
    return { line: rowLine[last]!, field: 'arrival_time', message: 'last stop has no time' };
  let prev = 0;
  for (let i = 1; i < rows.length; i++) {
    const r = rows[i]!;
    if (rowArr[r]! >= 0) {
      if (i - prev > 1) interpolate(rows, prev, i, rowArr, rowDep, stops, rowStop);
      prev = i;
    }
  }
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (rowDep[r]! < rowArr[r]!)
      return { line: rowLine[r]!, field: 'departure_time', message: 'departs before it arrives' };
    if (i > 0 && rowArr[r]! < rowDep[rows[i - 1]!]!)
      return {
        line: rowLine[r]!,
        field: 'arrival_time',
        message: 'arrives before the previous stop departs (times go backwards)',
      };
  }
  return undefined;
}

function interpolate(
  rows: number[],
  a: number,
  b: number,
  rowArr: Int32Array,
  rowDep: Int32Array,
  stops: GtfsStop[],
  rowStop: Int32Array,
): void {
  const dist: number[] = [0];
  for (let i = a + 1; i <= b; i++) {
    const p = stops[rowStop[rows[i - 1]!]!]!;
    const q = stops[rowStop[rows[i]!]!]!;
    dist.push(
      dist[dist.length - 1]! +
        Math.hypot(p.lat - q.lat, (p.lon - q.lon) * Math.cos((p.lat * Math.PI) / 180)) +
        1e-9,
    );
  }
  const total = dist[dist.length - 1]!;
  const t0 = rowDep[rows[a]!]!;
  const t1 = rowArr[rows[b]!]!;
  for (let i = a + 1; i < b; i++) {
    const t = Math.round(t0 + ((t1 - t0) * dist[i - a]!) / total);
    rowArr[rows[i]!] = t;
    rowDep[rows[i]!] = t;
  }
}
