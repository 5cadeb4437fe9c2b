import type {
  BrandSettings,
  Journey,
  PlaceSuggestion,
  Profile,
  RegionInfo,
  SearchRequest,
  TravelType,
} from '@cairn/contracts';
import type { OptionSetRule, Protection } from '../journeys/ranking/optionSet.ts';
import type { SearchEnd, UnplacedEnd } from '../places/locateEnd.ts';
import type { MapFeatureCollection } from './mapFeatures.ts';
import type { LiveVersion } from '../realtime/liveVersion.ts';
import type { LiveStore } from '../realtime/liveStore.ts';
import type { JourneyCheck } from '../realtime/journeyCheck.ts';

/*
 * The planner port: what the API (and the command line) ask of a loaded region. The engine
 * implements it (planner/loadPlanner.ts); the API's fixture planner in its tests implements the
 * same type. Declared once, here, so the two sides cannot drift.
 */

/**
 * Why a search found no journey, so that no caller has to guess. Checked in this order:
 * - `unplaced`: an end cannot be placed: its text matched no place, or the place lies outside the
 *   region (places/locateEnd.ts UnplacedEnd, with the message for the traveller);
 * - `same place`: origin and destination are the same place (a few steps apart);
 * - `bad time`: a search time is not a time of the search format (SPEC §5 'YYYY/MM/DD HH:mm:ss');
 * - `no stop near`: no door-to-door option fits, and public transport has no stop within a walk
 *   of these ends;
 * - `no service`: stops are near both ends, but nothing runs there in the searched window of that
 *   day (`date`, the region's YYYY-MM-DD); `next`, the first departure from the stops near the
 *   origin in the next week (planner/nextDeparture.ts), null when none runs in it;
 * - `no return`: outbound options exist, but none has a way back at the return time; `arrival`
 *   (local ISO), when every way there arrives after the return time: the first of them (Braemar
 *   to Raigmore Hospital by 09:00 and back at 11:00: the first bus and train arrive at 13:49);
 * - `no option`: options were found and all left out by the traveller's or brand's limits
 *   (booking windows, blocked travel types).
 */
/** A departure named to the traveller when nothing runs at the asked time. */
export interface NextDepartureFact {
  /** The stop it leaves from. */
  stop: string;
  /** The line's short name ("D"), else its long name. */
  line: string;
  /** The trip's headsign, else its last stop. */
  towards: string;
  /** Local time with offset, ISO 8601. */
  departure: string;
  /**
   * The run later sets down at a stop near the destination. False only when no departure of the
   * week does: this one, the first of all, is named to say that a bus leaves but not that way.
   */
  reaches_destination: boolean;
}

export type NoJourneyReason =
  | { reason: 'unplaced'; ends: UnplacedEnd[] }
  | { reason: 'same place' }
  | { reason: 'bad time' }
  | { reason: 'no stop near'; ends: SearchEnd[] }
  | { reason: 'no service'; date: string; next?: NextDepartureFact | null }
  | { reason: 'no return'; arrival?: string }
  | { reason: 'no option' };

/** Why a search's options include no public transport: the two reasons that say so of public transport alone. */
export type NoPublicTransportReason = Extract<NoJourneyReason, { reason: 'no stop near' | 'no service' }>;

/**
 * What removed a candidate: a rule of the option set (journeys/ranking/optionSet.ts) or of the
 * search around it: a flexible service's timetabled run beside its door-to-door trip ('service
 * twice'), no way back at the return time ('no way back'), outside a booked service's hours or
 * booking window ('booking hours'), a step known not to be step-free ('not step-free'), cycling
 * further or climbing more than region.json's cycling limits ('cycling limits') or outside
 * daylight ('after dark'), or a walk of half an hour or more on rural roads after dark ('dark rural walk').
 */
export type { Protection };

export type RemovalRule =
  | OptionSetRule
  | 'service twice'
  | 'no way back'
  | 'booking hours'
  | 'not step-free'
  | 'cycling limits'
  | 'after dark'
  | 'dark rural walk';

/** One candidate of a search, for `cairn plan --explain`: what it was and what removed it. */
export interface ExplainedOption {
  /** The option's family ('walk', 'transit taxi+walk'). */
  kind: string;
  departSec: number;
  arriveSec: number;
  steps: Array<{
    type: TravelType;
    service: string | null;
    from: string;
    to: string;
    startSec: number;
    endSec: number;
    distanceM: number;
  }>;
  /** Null when not priced (removed before pricing) or unknown. */
  costPence: number | null;
  carbonKg: number;
  walkM: number;
  changes: number;
  /** Null: the traveller is shown it. `by`: the index of the option that beat it in the same list. */
  removedBy: { rule: RemovalRule; by?: number } | null;
  /**
   * A shown option a rule would have removed: the protections that kept it (best on a sort key, or
   * 'pinned'), the rule, and the index of the option that would have beaten it.
   */
  keptBy?: { protections: Protection[]; rule: RemovalRule; by?: number };
}

/** What a search found: its ranked journeys, or none and why; with every candidate when asked to explain. */
export type PlanResult = (
  | {
      found: true;
      journeys: Journey[];
      /**
       * Options found, none by public transport, and none reachable on foot in the asked time:
       * why (no stop within a walk of an end, or nothing running, with the next departure).
       */
      noPublicTransport?: NoPublicTransportReason;
    }
  | { found: false; journeys: []; why: NoJourneyReason }
) & { explained?: ExplainedOption[] };

/** How to run a search beyond its request. */
export interface PlanOptions {
  /** Keep every candidate and the rule that removed it (PlanResult.explained). */
  explain?: boolean;
}

/** Facts of the loaded region the API uses in-process (not sent on the wire as such). */
export interface RegionFacts {
  /** IANA zone of the region's wall clock (region.json `timeZone`): search dates are read in it. */
  readonly timeZone: string;
}

/** One loaded region answering searches, place look-ups and map data. */
export interface Planner {
  /**
   * Ranked Journey documents (emissions first) for a search, or why there are none. With `live`
   * (a version of realtime/liveStore.ts LiveStore.current()), it routes on live times and each
   * transit step carries `live` (contracts StepLive) naming that version. With `options.explain`,
   * every candidate and the rule that removed it.
   */
  plan(
    request: SearchRequest,
    profile: Profile | null,
    brand: BrandSettings,
    live?: LiveVersion,
    options?: PlanOptions,
  ): Promise<PlanResult>;
  autocomplete(q: string, limit: number): PlaceSuggestion[];
  /**
   * The place a typed text names when the traveller chose no suggestion, as a search end is
   * placed: the best suggestion, never a road named after the text ("Newport Road" for "Newport").
   */
  findPlace(text: string): PlaceSuggestion | undefined;
  reverse(lat: number, lon: number): PlaceSuggestion | null;
  /** The region as the web app needs it (SPEC GET /v1/config). */
  regionInfo(): RegionInfo;
  readonly region: RegionFacts;
  /** The region's base map (streets, ferries, places, stations, stops) for the vector tiles. */
  mapFeatures(): MapFeatureCollection;
  /** Problems met while loading (feeds that could not be read), for the operator's log. */
  readonly warnings: readonly string[];
  /**
   * Live running (issue #18): a store of live versions over this planner's timetable, fed with
   * GTFS-realtime FeedMessages (LiveStore.ingest); `idPrefix` names its versions. Optional so
   * planners without a timetable (test fixtures) need not offer it.
   */
  createLiveStore?(idPrefix?: string): LiveStore;
  /** Whether a journey as sent (with `live` on its steps) changed or broke in `live` (a newer version). */
  checkJourney?(journey: Journey, live: LiveVersion): JourneyCheck;
}

/** What a planner module (the engine, or PLANNER_MODULE in the API's tests) exports as `loadPlanner`. */
export type LoadPlanner = (regionDir: string) => Planner | Promise<Planner>;
