import type { PatternIdx, StopIdx, TripIdx } from './transitData.ts';

/** A way into (access) or out of (egress) the network, supplied by the caller: walking, cycling, taxi… */
export interface AccessLeg {
  stopIdx: number;
  durationSec: number;
  /** Free text carried into the itinerary ("walk", "bicycle", "taxi"…). */
  mode: string;
}

export type SearchDirection = 'depart-after' | 'arrive-by';

export interface RaptorQuery {
  direction: SearchDirection;
  /** Depart-after: leave the origin at or after this; arrive-by: reach the destination by this. View seconds. */
  timeSec: number;
  /** Range query: every departure in [timeSec, timeSec + windowSec] (arrive-by: arrivals in [timeSec − windowSec, timeSec]). */
  windowSec?: number;
  access: AccessLeg[];
  egress: AccessLeg[];
  /** Changes allowed (default 5, i.e. 6 vehicles). */
  maxTransfers?: number;
  /** Longest ride-to-last-vehicle time considered, from the search start (default 24 h): bounds the search when nothing is reachable. */
  maxDurationSec?: number;
  /** Avoid trips and stops marked not wheelchair accessible (unknown counts as usable). */
  wheelchair?: boolean;
  /** Walking transfers take this many times their stored time (a slower walker; default 1). */
  walkTransferFactor?: number;
  /** Debug hook, called after each round with the stops it improved. */
  trace?: (event: RaptorTraceEvent) => void;
}

export interface RaptorTraceEvent {
  iterationStartSec: number;
  round: number;
  improvedStops: number[];
}

/** The caller's way into or out of the network that a journey used; `index` points into the query's `access` (or `egress`) list. */
interface EndLeg {
  stop: StopIdx;
  durationSec: number;
  mode: string;
  index: number;
  startSec: number;
  endSec: number;
}

export type RaptorLeg =
  | ({ kind: 'access' } & EndLeg)
  | {
      kind: 'transit';
      pattern: PatternIdx;
      trip: TripIdx;
      /** Add to the stored times of the trip to get view times. */
      shiftSec: number;
      boardPos: number;
      alightPos: number;
      boardStop: StopIdx;
      alightStop: StopIdx;
      startSec: number;
      endSec: number;
    }
  | {
      kind: 'transfer';
      from: StopIdx;
      to: StopIdx;
      durationSec: number;
      isWalk: boolean;
      startSec: number;
      endSec: number;
    }
  | ({ kind: 'egress' } & EndLeg);

export interface RaptorJourney {
  /** Leaving the origin: the first boarding minus the access time (as late as possible). */
  departureSec: number;
  arrivalSec: number;
  /** Number of vehicles minus one. */
  transfers: number;
  /** Access + walking transfers + egress. */
  walkSec: number;
  /** The departure (arrive-by: arrival) time of the range iteration that found it. */
  iterationSec: number;
  legs: RaptorLeg[];
}

export interface RaptorStats {
  iterations: number;
  rounds: number;
  patternsScanned: number;
  stopsImproved: number;
  transfersRelaxed: number;
  durationMs: number;
}

/** Counters at zero, as a search starts them. */
export function emptyStats(): RaptorStats {
  return {
    iterations: 0,
    rounds: 0,
    patternsScanned: 0,
    stopsImproved: 0,
    transfersRelaxed: 0,
    durationMs: 0,
  };
}

export interface RaptorResult {
  /** Pareto-optimal journeys on (departure later, arrival earlier, fewer transfers; McRaptor: and less walking), sorted by arrival. */
  journeys: RaptorJourney[];
  stats: RaptorStats;
}
