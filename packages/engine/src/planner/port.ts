import type {
  BrandSettings,
  Journey,
  PlaceSuggestion,
  Profile,
  RegionInfo,
  SearchRequest,
} from '@cairn/contracts';
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
 *   day (`date`, the region's YYYY-MM-DD);
 * - `no return`: outbound options exist, but none has a way back at the return time;
 * - `no option`: options were found and all left out by the traveller's or brand's limits
 *   (booking windows, blocked travel types).
 */
export type NoJourneyReason =
  | { reason: 'unplaced'; ends: UnplacedEnd[] }
  | { reason: 'same place' }
  | { reason: 'bad time' }
  | { reason: 'no stop near'; ends: SearchEnd[] }
  | { reason: 'no service'; date: string }
  | { reason: 'no return' }
  | { reason: 'no option' };

/** What a search found: its ranked journeys, or none and why. */
export type PlanResult =
  { found: true; journeys: Journey[] } | { found: false; journeys: []; why: NoJourneyReason };

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
   * transit step carries `live` (contracts StepLive) naming that version.
   */
  plan(
    request: SearchRequest,
    profile: Profile | null,
    brand: BrandSettings,
    live?: LiveVersion,
  ): Promise<PlanResult>;
  autocomplete(q: string, limit: number): PlaceSuggestion[];
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
