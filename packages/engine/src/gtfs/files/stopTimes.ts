import { parseGtfsTime } from '../../time/serviceDay.ts';
import { parseCsvPieces } from '../csv.ts';
import { readInPieces } from '../source.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsStop, GtfsStopTimes, GtfsTrip } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/*
 * stop_times.txt (required), the one file large enough to matter: it is parsed straight into typed
 * arrays by column position rather than through the by-name row lookup the other files use.
 */

/** Reads stop_times into trip-ordered typed arrays, filling non-timepoint times and rejecting trips that go back in time. */
export function readStopTimes(
  source: GtfsSource,
  log: WarningLog,
  stops: readonly GtfsStop[],
  stopById: ReadonlyMap<string, number>,
  trips: GtfsTrip[],
  tripById: ReadonlyMap<string, number>,
): GtfsStopTimes {
  // In pieces: a GB-size file is longer than a string can be.
  const pieces = readInPieces(source, 'stop_times.txt');
  if (pieces === undefined) {
    log.add('stop_times.txt', 0, '', 'required file is missing', 'error');
    return emptyStopTimes(trips.length);
  }
  let cap = 16;
  for (const text of pieces) for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) cap++;
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
  parseCsvPieces(pieces, {
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
      const stopIdx = stopById.get(stopId);
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
  stops: readonly GtfsStop[],
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
  stops: readonly GtfsStop[],
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
