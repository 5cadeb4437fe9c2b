import type { RaptorJourney, RaptorLeg } from '../raptor/types.ts';
import type { TransitView } from './transit-view.ts';

/**
 * A journey in terms later stages can use without knowing the compact layout: ids, names,
 * positions and epoch times. `journeys/` turns these into SPEC steps.
 */

export interface ItineraryStop {
  stopIdx: number;
  /** Namespaced "feed:stop_id". */
  id: string;
  name: string;
  lat: number;
  lon: number;
  platformCode: string;
  /** Epoch seconds; undefined where the leg does not call (a walk's ends). */
  arrivalEpochSec?: number;
  departureEpochSec?: number;
}

export interface TransitItineraryLeg {
  kind: 'transit';
  mode: string;
  route: {
    id: string;
    shortName: string;
    longName: string;
    routeType: number;
    color: string;
    textColor: string;
    url: string;
  };
  agency: { id: string; name: string; url: string; phone: string };
  trip: {
    id: string;
    headsign: string;
    shortName: string;
    /** >0 for headway-based frequencies: times are nominal. */ headwaySec: number;
  };
  from: ItineraryStop;
  to: ItineraryStop;
  departureEpochSec: number;
  arrivalEpochSec: number;
  /** Calls between boarding and alighting, with their times. */
  intermediateStops: ItineraryStop[];
  /** [lat, lon] points from boarding to alighting (the feed's shape, else the stops). */
  shape: [number, number][];
}

export interface NonTransitItineraryLeg {
  /** access: origin → first stop; egress: last stop → destination; transfer: between stops. */
  kind: 'access' | 'egress' | 'transfer';
  mode: string;
  /** Undefined at the origin (access) or destination (egress). */
  from?: ItineraryStop;
  to?: ItineraryStop;
  durationSec: number;
  departureEpochSec: number;
  arrivalEpochSec: number;
}

export type ItineraryLeg = TransitItineraryLeg | NonTransitItineraryLeg;

export interface TransitItinerary {
  departureEpochSec: number;
  arrivalEpochSec: number;
  transfers: number;
  walkSec: number;
  legs: ItineraryLeg[];
}

/** Expands a RAPTOR journey found on `view` into an itinerary. */
export function buildItinerary(view: TransitView, journey: RaptorJourney): TransitItinerary {
  const zero = view.epochZeroSec;
  const legs: ItineraryLeg[] = [];
  for (const l of journey.legs) {
    if (l.kind === 'transit') legs.push(transitLeg(view, l));
    else if (l.kind === 'transfer') {
      // A change at the same stop is waiting, not a leg.
      if (l.from === l.to) continue;
      legs.push({
        kind: 'transfer',
        mode: 'walk',
        from: stopOf(view, l.from),
        to: stopOf(view, l.to),
        durationSec: l.durationSec,
        departureEpochSec: zero + l.startSec,
        arrivalEpochSec: zero + l.endSec,
      });
    } else if (l.kind === 'access') {
      legs.push({
        kind: 'access',
        mode: l.mode,
        to: stopOf(view, l.stop),
        durationSec: l.durationSec,
        departureEpochSec: zero + l.startSec,
        arrivalEpochSec: zero + l.endSec,
      });
    } else {
      legs.push({
        kind: 'egress',
        mode: l.mode,
        from: stopOf(view, l.stop),
        durationSec: l.durationSec,
        departureEpochSec: zero + l.startSec,
        arrivalEpochSec: zero + l.endSec,
      });
    }
  }
  return {
    departureEpochSec: zero + journey.departureSec,
    arrivalEpochSec: zero + journey.arrivalSec,
    transfers: journey.transfers,
    walkSec: journey.walkSec,
    legs,
  };
}

function stopOf(view: TransitView, stop: number): ItineraryStop {
  const tt = view.timetable;
  return {
    stopIdx: stop,
    id: tt.meta.stopIds[stop] ?? '',
    name: stationName(view, stop),
    lat: tt.a.stopLat[stop] ?? 0,
    lon: tt.a.stopLon[stop] ?? 0,
    platformCode: tt.meta.stopPlatforms[stop] ?? '',
  };
}

/** A platform without a name of its own takes its station's name. */
function stationName(view: TransitView, stop: number): string {
  const tt = view.timetable;
  const own = tt.meta.stopNames[stop] ?? '';
  const parent = tt.a.stopParent[stop] ?? -1;
  return own !== '' || parent < 0 ? own : (tt.meta.stopNames[parent] ?? '');
}

function transitLeg(view: TransitView, l: Extract<RaptorLeg, { kind: 'transit' }>): TransitItineraryLeg {
  const tt = view.timetable;
  const a = tt.a;
  const zero = view.epochZeroSec;
  const info = a.tripInfo[l.trip]!;
  const line = tt.meta.lines[a.tripInfoLine[info]!]!;
  const agency = tt.meta.agencies[line.agency];
  const base = a.patternStopOffsets[l.pattern]!;
  const tto = a.tripTimeOffsets[l.trip]!;
  const call = (pos: number): ItineraryStop => ({
    ...stopOf(view, a.patternStops[base + pos]!),
    arrivalEpochSec: zero + a.arrivals[tto + pos]! + l.shiftSec,
    departureEpochSec: zero + a.departures[tto + pos]! + l.shiftSec,
  });
  const stops: ItineraryStop[] = [];
  for (let p = l.boardPos; p <= l.alightPos; p++) stops.push(call(p));
  return {
    kind: 'transit',
    mode: line.mode,
    route: {
      id: line.id,
      shortName: line.shortName,
      longName: line.longName,
      routeType: line.routeType,
      color: line.color,
      textColor: line.textColor,
      url: line.url,
    },
    agency: {
      id: agency?.id ?? '',
      name: agency?.name ?? '',
      url: agency?.url ?? '',
      phone: agency?.phone ?? '',
    },
    trip: {
      id: tt.meta.tripInfoIds[info] ?? '',
      headsign: tt.meta.tripInfoHeadsigns[info] ?? '',
      shortName: tt.meta.tripInfoShortNames[info] ?? '',
      headwaySec: a.tripHeadwaySec[l.trip]!,
    },
    from: stops[0]!,
    to: stops[stops.length - 1]!,
    departureEpochSec: zero + l.startSec,
    arrivalEpochSec: zero + l.endSec,
    intermediateStops: stops.slice(1, -1),
    shape: shapeBetween(view, a.tripInfoShape[info]!, stops),
  };
}

/** The part of the trip's shape from the boarding to the alighting stop (nearest points, in order). */
function shapeBetween(view: TransitView, shape: number, stops: ItineraryStop[]): [number, number][] {
  const a = view.timetable.a;
  const fallback = stops.map((s): [number, number] => [s.lat, s.lon]);
  if (shape < 0) return fallback;
  const from = a.shapeOffsets[shape]!;
  const to = a.shapeOffsets[shape + 1]!;
  if (to - from < 2) return fallback;
  const nearest = (lat: number, lon: number, start: number): number => {
    let best = start;
    let bestD = Infinity;
    for (let i = start; i < to; i++) {
      const d = (a.shapeCoords[2 * i]! - lat) ** 2 + (a.shapeCoords[2 * i + 1]! - lon) ** 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    }
    return best;
  };
  const first = nearest(stops[0]!.lat, stops[0]!.lon, from);
  const last = nearest(stops[stops.length - 1]!.lat, stops[stops.length - 1]!.lon, first);
  const out: [number, number][] = [];
  for (let i = first; i <= last; i++) out.push([a.shapeCoords[2 * i]!, a.shapeCoords[2 * i + 1]!]);
  return out.length >= 2 ? out : fallback;
}
