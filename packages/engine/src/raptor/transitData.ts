/**
 * What RAPTOR needs from a timetable, and nothing more: integer indices, times in seconds relative
 * to the query's service-day start. A "trip instance" is a stored trip running on one service day;
 * its times are the stored times plus `shiftSec` for that day.
 *
 * Implemented by `timetable/transitView.ts` (one view per query date). RAPTOR never sees GTFS.
 */

export type StopIdx = number & { readonly __brand: 'StopIdx' };
export type PatternIdx = number & { readonly __brand: 'PatternIdx' };
export type TripIdx = number & { readonly __brand: 'TripIdx' };

/** Flags per pattern position. */
export const POS_NO_PICKUP = 1;
export const POS_NO_DROP_OFF = 2;

/** Filled by the trip finders: the trip instance found. */
export interface TripHit {
  trip: TripIdx;
  shiftSec: number;
  /** View time of the instance at the searched position (departure, or arrival for findLatestArrival). Finders always set it; optional only so callers may create `out` without it. */
  timeSec?: number;
  /**
   * How far the request time may move away from the instance with the answer unchanged: the
   * earliest request time (findEarliestDeparture) or the latest (findLatestArrival) that finds the
   * same instance, or nothing when none is found; ±Infinity when no other instance is in the way.
   * Finders always set it; a range search reuses an answer for the next request within it.
   */
  holdsToSec?: number;
}

export interface TransitData {
  readonly stopCount: number;
  readonly patternCount: number;
  /** Stop coordinates in degrees, when known: the time bound aims its search with them (timeBound.ts). */
  readonly stopLat?: Float64Array;
  readonly stopLon?: Float64Array;

  /** Pattern r visits patternStops[patternStopOffsets[r] … patternStopOffsets[r+1]-1]. */
  readonly patternStopOffsets: Int32Array;
  readonly patternStops: Int32Array;
  /** POS_NO_PICKUP / POS_NO_DROP_OFF per pattern position (same indexing as patternStops). */
  readonly patternPosFlags: Uint8Array;

  /** Patterns through stop s: stopPatterns[stopPatternOffsets[s] … +1) with the position in stopPatternPos. */
  readonly stopPatternOffsets: Int32Array;
  readonly stopPatterns: Int32Array;
  readonly stopPatternPos: Int32Array;

  /** Stop time of trip t at position p of its pattern is arrivals/departures[tripTimeOffsets[t] + p]. */
  readonly tripTimeOffsets: Int32Array;
  readonly tripPattern: Int32Array;
  readonly arrivals: Int32Array;
  readonly departures: Int32Array;

  /** Transfers after alighting at s: to transferTo[i] taking transferSec[i], i in transferOffsets[s] … +1. A stop's entry to itself carries its minimum change time; without it, changing there is not allowed. */
  readonly transferOffsets: Int32Array;
  readonly transferTo: Int32Array;
  readonly transferSec: Int32Array;
  /** True for transfers that are a walk (counted as walking time); false for same-stop change times. */
  readonly transferIsWalk: Uint8Array;

  /** The same transfers seen from their destination, for arrive-by searches. */
  readonly transferInOffsets: Int32Array;
  readonly transferInFrom: Int32Array;
  readonly transferInSec: Int32Array;
  readonly transferInIsWalk: Uint8Array;

  /** True when the stop may be used by a wheelchair user. */
  stopWheelchairOk(stop: number): boolean;

  /**
   * Earliest instance of pattern `pattern` departing position `pos` at or after `timeSec` that runs
   * (and is wheelchair accessible when asked). Returns false when none.
   */
  findEarliestDeparture(
    pattern: number,
    pos: number,
    timeSec: number,
    wheelchair: boolean,
    out: TripHit,
  ): boolean;
  /** Latest instance arriving at position `pos` at or before `timeSec` (for arrive-by searches). */
  findLatestArrival(
    pattern: number,
    pos: number,
    timeSec: number,
    wheelchair: boolean,
    out: TripHit,
  ): boolean;
  /** Calls `visit` with each running instance's departure (or arrival when `byArrival`) time at `pos` within [fromSec, toSec]. */
  forEachInstanceTime(
    pattern: number,
    pos: number,
    fromSec: number,
    toSec: number,
    byArrival: boolean,
    wheelchair: boolean,
    visit: (timeSec: number) => void,
  ): void;
}
