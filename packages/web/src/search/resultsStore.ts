import { startTransition, useEffect, useState } from 'react';
import type { Journey, SearchQuery } from '@cairn/contracts';
import { fetchJourney, fetchSearch } from '../api/endpoints.ts';
import { subscribeToQuery } from '../api/realtime.ts';
import { hasLive, showsLiveVersion } from './liveVersion.ts';
import { yieldToBrowser } from '../lib/yieldToBrowser.ts';
import {
  initialResults,
  isLoading,
  resultsReducer,
  type ResultsAction,
  type ResultsState,
} from './resultsState.ts';

/**
 * One live result set per search hash, kept outside React so the Results view can be re-created
 * (and the Journey screen can reuse loaded journeys) without re-running the stream.
 */
type Entry = {
  state: ResultsState;
  listeners: Set<() => void>;
  started: boolean;
  close: (() => void) | null;
  /** When the stream may start (council brands wait before retrieving results). */
  startAt: number;
  /** Results pages showing this search now: live running is only followed while one is. */
  watchers: number;
  /** Journeys being fetched again after journey.updated, and those updated again meanwhile. */
  refreshing: Set<string>;
  stale: Set<string>;
};

const entries = new Map<string, Entry>();

/** How long journeys announced on the channel wait for the snapshot that likely holds them. */
const SNAPSHOT_GRACE_MS = 2_000;
/** How often results are read again when the server refused the stream (its slots were full). */
const POLL_MS = 3_000;

function getEntry(hash: string): Entry {
  let entry = entries.get(hash);
  if (!entry) {
    entry = {
      state: initialResults,
      listeners: new Set(),
      started: false,
      close: null,
      startAt: 0,
      watchers: 0,
      refreshing: new Set(),
      stale: new Set(),
    };
    entries.set(hash, entry);
  }
  return entry;
}

/** The stream stays open while results load, and after while a shown journey has live running. */
function wantsStream(entry: Entry): boolean {
  return isLoading(entry.state) || (entry.watchers > 0 && entry.state.journeys.some(hasLive));
}

function closeIfDone(entry: Entry): void {
  if (!wantsStream(entry) && entry.close) {
    entry.close();
    entry.close = null;
  }
}

function dispatch(hash: string, action: ResultsAction): void {
  const entry = getEntry(hash);
  entry.state = resultsReducer(entry.state, action);
  for (const listener of entry.listeners) listener();
  closeIfDone(entry);
}

async function loadJourney(hash: string, journeyId: string): Promise<void> {
  try {
    const journey = await fetchJourney(hash, journeyId);
    // Decoding and rendering in one task would block input for both: render in the next one.
    await yieldToBrowser();
    dispatch(hash, { type: 'journey', journey });
  } catch (error) {
    // SPEC §8: results failures are logged only.
    console.warn('journey fetch failed', journeyId, error);
  }
}

/**
 * Fetches a journey again after live running changed it (issue #18). Updates arriving while one
 * fetch is under way make one more fetch after it, not one each (the channel replays its events).
 */
function refreshJourney(hash: string, journeyId: string): void {
  const entry = getEntry(hash);
  if (entry.refreshing.has(journeyId)) {
    entry.stale.add(journeyId);
    return;
  }
  entry.refreshing.add(journeyId);
  void loadJourney(hash, journeyId).finally(() => {
    entry.refreshing.delete(journeyId);
    if (entry.stale.delete(journeyId)) refreshJourney(hash, journeyId);
  });
}

function onJourneyUpdated(hash: string, journeyId: string, liveVersion: string): void {
  // A journey not loaded yet comes with its newest live running when it is.
  const shown = getEntry(hash).state.journeys.find((j) => j.id === journeyId);
  if (shown && !showsLiveVersion(shown, liveVersion)) refreshJourney(hash, journeyId);
}

/** Opens the stream (again, when a page comes back to journeys with live running) and reads the snapshot. */
function start(hash: string): void {
  const entry = getEntry(hash);
  if (entry.close || (entry.started && !wantsStream(entry))) return;
  entry.started = true;
  // The channel replays the journeys of a finished search, which the snapshot also holds: a
  // journey it announces before the snapshot is read waits for it rather than being fetched and
  // decoded twice. A slow snapshot holds them only SNAPSHOT_GRACE_MS, so journeys still stream in.
  let snapshotRead = (): void => undefined;
  const snapshotOrGrace = new Promise<void>((done) => {
    snapshotRead = done;
    setTimeout(done, SNAPSHOT_GRACE_MS);
  });
  // Subscribe first, then read the snapshot, so no event falls between the two.
  entry.close = subscribeToQuery(
    hash,
    (event) => {
      if (event.event === 'results.retrieved')
        dispatch(hash, {
          type: 'retrieved',
          count: event.data.journey_count,
          placeErrors: event.data.place_errors,
          noJourney: event.data.no_journey,
          noPublicTransport: event.data.no_public_transport,
        });
      else if (event.event === 'journey.processed') {
        const journeyId = event.data.journeyID;
        void snapshotOrGrace.then(() => {
          if (!getEntry(hash).state.journeys.some((j) => j.id === journeyId))
            void loadJourney(hash, journeyId);
        });
      } else if (event.event === 'search.failed')
        dispatch(hash, { type: 'failed', message: event.data.message });
      else if (event.event === 'journey.updated')
        onJourneyUpdated(hash, event.data.journeyID, event.data.live_version);
    },
    () => pollInstead(hash),
  );
  readSnapshot(hash).finally(() => snapshotRead());
}

/**
 * The server refused the stream (429 or 503: its slots are full) or ended it while results were
 * still loading: read the snapshot every POLL_MS until they have, rather than wait forever
 * (issue 30, finding 6). Leaving the page stops it like the stream.
 */
function pollInstead(hash: string): void {
  const entry = getEntry(hash);
  let timer = 0;
  const stop = () => window.clearTimeout(timer);
  entry.close = stop;
  const next = () => {
    if (entry.close !== stop) return;
    if (!isLoading(entry.state)) {
      entry.close = null;
      return;
    }
    timer = window.setTimeout(() => void readSnapshot(hash).finally(next), POLL_MS);
  };
  next();
}

/** Reads the search's stored journeys and state (the snapshot) into its results. */
function readSnapshot(hash: string): Promise<void> {
  return fetchSearch(hash)
    .then(async ({ journeys, query }) => {
      await yieldToBrowser();
      dispatch(hash, {
        type: 'snapshot',
        journeys,
        expected: query.results_retrieved,
        failed: query.status === 'failed' ? 'The search could not be completed.' : null,
        query,
      });
    })
    .catch((error) => {
      console.warn('results fetch failed', error);
      if (error && typeof error === 'object' && 'status' in error && error.status === 404) {
        dispatch(hash, {
          type: 'failed',
          message: 'This search no longer exists. Please plan your journey again.',
        });
      } else if (!navigator.onLine) {
        // Opened offline (Results' loader runs on the tap): the stream replays the journeys when the
        // connection is back, but only the snapshot has the search itself (the header's route and
        // Edit journey), so it is read again then.
        window.addEventListener('online', () => void readSnapshot(hash), { once: true });
      }
    });
}

/** Searches submitted in this page's life: only these wait the brand's resultsDelaySec. */
const submittedHere = new Set<string>();

/** Records a search the visitor has just submitted (the planner form), which waits the brand's delay. */
export function noteSubmitted(hash: string): void {
  submittedHere.add(hash);
}

/**
 * How long a search waits before its results are retrieved: the brand's delay for a search just
 * submitted here, none for one opened again (a reload, a shared link, Back), so the wait is not
 * repeated every time the same results are shown (issue 31).
 */
export function resultsDelayFor(hash: string, delaySec: number): number {
  return submittedHere.has(hash) ? delaySec : 0;
}

/**
 * Starts a search's results on navigation, before the Results page's code has arrived (issue #20);
 * the page then finds the stream and snapshot read under way and does not start them again.
 * Searches whose brand waits before retrieving results are left to the page and its countdown.
 */
export function prefetchResults(hash: string, delaySec: number): void {
  if (resultsDelayFor(hash, delaySec) === 0) start(hash);
}

/** Live results for a search; the stream starts after `delaySec` (0 = now). */
export function useResults(hash: string, delaySec: number): ResultsState & { startAt: number } {
  const entry = getEntry(hash);
  if (!entry.started && entry.startAt === 0)
    entry.startAt = Date.now() + resultsDelayFor(hash, delaySec) * 1000;
  // Changes render as transitions: a batch of cards is drawn in slices that give way to taps, where
  // useSyncExternalStore would draw every change at once in one long task.
  const [shown, setShown] = useState({ entry, state: entry.state });
  useEffect(() => {
    const show = () => startTransition(() => setShown({ entry, state: entry.state }));
    entry.listeners.add(show);
    show();
    return () => void entry.listeners.delete(show);
  }, [entry]);
  const state = shown.entry === entry ? shown.state : entry.state;
  useEffect(() => {
    entry.watchers += 1;
    const wait = Math.max(0, entry.startAt - Date.now());
    const timer = window.setTimeout(() => start(hash), wait);
    return () => {
      window.clearTimeout(timer);
      entry.watchers -= 1;
      closeIfDone(entry);
    };
  }, [hash, entry]);
  return { ...state, startAt: entry.startAt };
}

/** A journey already loaded for this search, if any (SPEC §4: use a cached result if present). */
export function findCachedJourney(hash: string, journeyId: string): Journey | undefined {
  return entries.get(hash)?.state.journeys.find((j) => j.id === journeyId);
}

/** The stored query of a search: the one Results already read, otherwise fetched. */
export async function loadQuery(hash: string): Promise<SearchQuery> {
  return entries.get(hash)?.state.query ?? (await fetchSearch(hash)).query;
}

/** Replaces a cached journey (after saving it, for instance). */
export function updateCachedJourney(hash: string, journey: Journey): void {
  if (entries.has(hash)) dispatch(hash, { type: 'journey', journey });
}

/** Forgets a search's results (a new submission clears results, SPEC §4). */
export function clearResults(hash: string): void {
  const entry = entries.get(hash);
  entry?.close?.();
  entries.delete(hash);
}
