// A ride's runs through its day, read from the timetable: the stage timetable shown with a step
// (the runs before and after the traveller's own) and whether a later run of it leaves today.
import type { Timetable as TimetableDoc } from '@cairn/contracts';
import { formatLocalTime } from '../format/localTime.ts';
import type { PlannedStep } from '../journeys/model.ts';
import { POS_NO_PICKUP } from '../raptor/transitData.ts';
import type { TripHit, TripIdx } from '../raptor/transitData.ts';
import type { TransitView } from '../timetable/transitView.ts';
import { dateToDayNumber, dayNumberToDate, epochToLocal, localToEpochSec } from '../time/serviceDay.ts';
import { rideCallSec } from './transitSteps.ts';
import type { Timetable } from '../timetable/timetable.ts';
import type { RegionData } from '../loader/regionData.ts';

const COLUMNS = 5;

const tripIndexes = new WeakMap<Timetable, Map<string, number>>();

/** First stored trip of each namespaced trip id ("feed:trip"), built once per timetable. */
function storedTripOf(tt: Timetable): Map<string, number> {
  let map = tripIndexes.get(tt);
  if (!map) {
    map = new Map();
    for (let t = 0; t < tt.a.tripInfo.length; t++) {
      const id = tt.meta.tripInfoIds[tt.a.tripInfo[t] ?? 0];
      if (id !== undefined && !map.has(id)) map.set(id, t);
    }
    tripIndexes.set(tt, map);
  }
  return map;
}
/** Trips shown before the journey's own one when the day has them. */
const EARLIER_COLUMNS = 2;

/** One run of the pattern: when it leaves the boarding stop and its times at the shown stops. */
interface Run {
  departSec: number;
  headsign: string | null;
  times: Array<string | null>;
  own: boolean;
}

/**
 * The stage timetable of a ride: the stops of the trip's pattern from boarding to alighting, and
 * up to five trips of the pattern on the ride's local day, in departure order, with the ride's
 * own trip among them (times 'HH:mm', null when a trip does not call). The own trip's column is
 * timed from the ride itself, as its step is. Undefined when the ride's trip is not in the timetable.
 */
export function buildStepTimetable(
  data: RegionData,
  view: TransitView,
  step: PlannedStep,
): TimetableDoc | undefined {
  const ride = step.ride;
  const boarding = ride?.stops[0];
  if (!ride || !boarding) return undefined;
  const tt = data.timetable;
  const a = tt.a;
  const tripId = `${ride.feedId}:${ride.tripId}`;
  const trip = storedTripOf(tt).get(tripId);
  if (trip === undefined) return undefined;
  const pattern = a.tripPattern[trip] ?? 0;
  const first = a.patternStopOffsets[pattern] ?? 0;
  const count = (a.patternStopOffsets[pattern + 1] ?? first) - first;
  const boardId = boarding.stopId;
  const alightId = ride.stops[ride.stops.length - 1]?.stopId;
  const idOf = (pos: number) => {
    const id = tt.meta.stopIds[a.patternStops[first + pos] ?? 0] ?? '';
    return id.slice(ride.feedId.length + 1);
  };
  let boardPos = -1;
  let alightPos = -1;
  for (let p = 0; p < count; p++) {
    if (boardPos < 0 && idOf(p) === boardId) boardPos = p;
    else if (boardPos >= 0 && idOf(p) === alightId) {
      alightPos = p;
      break;
    }
  }
  if (boardPos < 0 || alightPos < 0 || alightPos - boardPos + 1 !== ride.stops.length) return undefined;
  const tz = data.region.timeZone;
  // Positions where the trip neither picks up nor sets down are shown as '-'.
  const calls = (p: number) => (a.patternPosFlags[first + p] ?? 0) !== 3;
  const timeText = (p: number, epochSec: number) => (calls(p) ? formatLocalTime(tz, epochSec) : null);

  const own: Run = {
    departSec: boarding.timeSec,
    headsign: ride.headsign || null,
    times: ride.stops.map((s, i) => timeText(boardPos + i, s.timeSec)),
    own: true,
  };
  // The runs of the ride's local day, up to a table's width past the ride; the ride's own run
  // is left out here and added from the ride, so it is neither doubled nor timed differently.
  const day = epochToLocal(tz, boarding.timeSec).date;
  const runs: Run[] = [];
  let later = 0;
  const hit: TripHit = { trip: 0 as TripIdx, shiftSec: 0 };
  let from = localToEpochSec(tz, day, 0) - view.epochZeroSec;
  while (later < COLUMNS && view.findEarliestDeparture(pattern, boardPos, from, false, hit)) {
    const base = view.tripTimeOffsets[hit.trip] ?? 0;
    const at = (p: number) => rideCallSec(view, base, p, alightPos) + hit.shiftSec + view.epochZeroSec;
    const departSec = at(boardPos);
    if (epochToLocal(tz, departSec).date !== day) break;
    from = departSec - view.epochZeroSec + 1;
    const info = view.tripInfoOf(hit.trip);
    if (tt.meta.tripInfoIds[info] === tripId && departSec === own.departSec) continue;
    const times: Array<string | null> = [];
    for (let p = boardPos; p <= alightPos; p++) times.push(timeText(p, at(p)));
    runs.push({ departSec, headsign: tt.meta.tripInfoHeadsigns[info] || null, times, own: false });
    if (departSec > own.departSec) later++;
  }
  const ownAt = runs.filter((r) => r.departSec <= own.departSec).length;
  runs.splice(ownAt, 0, own);
  const start = Math.max(0, Math.min(ownAt - EARLIER_COLUMNS, runs.length - COLUMNS));
  const columns = runs.slice(start, start + COLUMNS).map((r) => ({
    headsign: r.headsign,
    times: r.times,
    ...(r.own ? { journey_trip: true as const } : {}),
  }));
  const stops: string[] = [];
  for (let p = boardPos; p <= alightPos; p++)
    stops.push(tt.meta.stopNames[a.patternStops[first + p] ?? 0] ?? '');
  return { Mode: step.type, ServiceNumber: ride.routeShortName || ride.routeLongName, stops, columns };
}

/**
 * A run leaving before this local time the next morning is still "tonight's": NYC's 7 at 23:54
 * was called the last one today with another at 00:02.
 */
const NIGHT_ENDS_SEC = 4 * 3600;

/**
 * Whether another run leaves the ride's boarding stop later the same day or night (before
 * NIGHT_ENDS_SEC the next morning) and calls at its alighting stop, on any pattern (a line's patterns differ in their stops, so the stage
 * timetable's own pattern is not enough). False when the ride's trip is not in the timetable.
 */
export function hasLaterRun(data: RegionData, view: TransitView, step: PlannedStep): boolean {
  const ride = step.ride;
  const boarding = ride?.stops[0];
  if (!ride || !boarding) return false;
  const tt = data.timetable;
  const a = tt.a;
  const trip = storedTripOf(tt).get(`${ride.feedId}:${ride.tripId}`);
  if (trip === undefined) return false;
  const pattern = a.tripPattern[trip] ?? 0;
  const first = a.patternStopOffsets[pattern] ?? 0;
  const end = a.patternStopOffsets[pattern + 1] ?? first;
  const idOf = (s: number) => (tt.meta.stopIds[s] ?? '').slice(ride.feedId.length + 1);
  let boardStop = -1;
  let alightStop = -1;
  for (let i = first; i < end; i++) {
    const s = a.patternStops[i] ?? 0;
    if (boardStop < 0 && idOf(s) === boarding.stopId) boardStop = s;
    else if (boardStop >= 0 && idOf(s) === ride.stops[ride.stops.length - 1]?.stopId) alightStop = s;
  }
  if (boardStop < 0 || alightStop < 0) return false;
  const tz = data.region.timeZone;
  const boardDay = epochToLocal(tz, boarding.timeSec).date;
  const nightEndsSec = localToEpochSec(tz, dayNumberToDate(dateToDayNumber(boardDay) + 1), NIGHT_ENDS_SEC);
  const hit: TripHit = { trip: 0 as TripIdx, shiftSec: 0 };
  for (let k = a.stopPatternOffsets[boardStop] ?? 0; k < (a.stopPatternOffsets[boardStop + 1] ?? 0); k++) {
    const p = a.stopPatterns[k] ?? 0;
    const pos = a.stopPatternPos[k] ?? 0;
    const pFirst = a.patternStopOffsets[p] ?? 0;
    const pEnd = a.patternStopOffsets[p + 1] ?? pFirst;
    if ((a.patternPosFlags[pFirst + pos] ?? 0) & POS_NO_PICKUP) continue;
    let calls = false;
    for (let i = pFirst + pos + 1; i < pEnd && !calls; i++) calls = a.patternStops[i] === alightStop;
    if (!calls) continue;
    if (!view.findEarliestDeparture(p, pos, boarding.timeSec - view.epochZeroSec + 1, false, hit)) continue;
    const departSec = (view.departures[(view.tripTimeOffsets[hit.trip] ?? 0) + pos] ?? 0) + hit.shiftSec;
    if (departSec + view.epochZeroSec < nightEndsSec) return true;
  }
  return false;
}
