import type { Timetable as TimetableDoc } from '@cairn/contracts';
import { formatLocalTime } from '../journeys/format/localTime.ts';
import type { PlannedStep } from '../journeys/model.ts';
import type { TripHit, TripIdx } from '../raptor/transit-data.ts';
import type { TransitView } from '../timetable/transit-view.ts';
import type { Timetable } from '../timetable/timetable.ts';
import type { RegionData } from './regionData.ts';

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
const BEFORE_SEC = 90 * 60;

/**
 * The stage timetable of a ride: the stops of the trip's pattern from boarding to alighting,
 * and up to five trips of the same pattern around the ride's departure (times 'HH:mm', null when
 * a trip does not call). Undefined when the ride's trip is not in the timetable.
 */
export function buildStepTimetable(
  data: RegionData,
  view: TransitView,
  step: PlannedStep,
): TimetableDoc | undefined {
  const ride = step.ride;
  if (!ride) return undefined;
  const tt = data.timetable;
  const a = tt.a;
  const trip = storedTripOf(tt).get(`${ride.feedId}:${ride.tripId}`);
  if (trip === undefined) return undefined;
  const pattern = a.tripPattern[trip] ?? 0;
  const first = a.patternStopOffsets[pattern] ?? 0;
  const count = (a.patternStopOffsets[pattern + 1] ?? first) - first;
  const boardId = ride.stops[0]?.stopId;
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
  if (boardPos < 0 || alightPos < 0) return undefined;
  const tz = data.region.timeZone;
  const hit: TripHit = { trip: 0 as TripIdx, shiftSec: 0 };
  const columns: TimetableDoc['columns'] = [];
  let from = (ride.stops[0]?.timeSec ?? 0) - view.epochZeroSec - BEFORE_SEC;
  while (columns.length < COLUMNS && view.findEarliestDeparture(pattern, boardPos, from, false, hit)) {
    const base = view.tripTimeOffsets[hit.trip] ?? 0;
    const times: Array<string | null> = [];
    for (let p = boardPos; p <= alightPos; p++) {
      const flags = a.patternPosFlags[first + p] ?? 0;
      const t = p === boardPos ? view.departures[base + p] : view.arrivals[base + p];
      // Positions where the trip neither picks up nor sets down are shown as '-'.
      times.push(
        t === undefined || flags === 3 ? null : formatLocalTime(tz, t + hit.shiftSec + view.epochZeroSec),
      );
    }
    const info = a.tripInfo[hit.trip] ?? 0;
    columns.push({ headsign: tt.meta.tripInfoHeadsigns[info] || null, times });
    from = (view.departures[base + boardPos] ?? 0) + hit.shiftSec + 1;
  }
  const stops: string[] = [];
  for (let p = boardPos; p <= alightPos; p++)
    stops.push(tt.meta.stopNames[a.patternStops[first + p] ?? 0] ?? '');
  return { Mode: step.type, ServiceNumber: ride.routeShortName || ride.routeLongName, stops, columns };
}
