import type { Journey, NoJourney, PlaceErrors, SearchQuery } from '@cairn/contracts';

/** What the Results page knows while journeys stream in (SPEC §4 "Results loading"). */
export type ResultsState = {
  /** Journeys announced by results.retrieved (or the stored query); null until known. */
  expected: number | null;
  journeys: Journey[];
  failed: string | null;
  /** Why the origin or destination could not be placed, when that is why there are no journeys. */
  placeErrors: PlaceErrors | null;
  /** Why a search whose ends were placed found nothing (issue #27), when the planner said. */
  noJourney: NoJourney | null;
  /** Options found, none by public transport nor reachable on foot: why, when the server said. */
  noPublicTransport: NoJourney | null;
  /** The stored query (origin, destination, times), once read. */
  query: SearchQuery | null;
};

export type ResultsAction =
  | {
      type: 'retrieved';
      count: number;
      placeErrors?: PlaceErrors | undefined;
      noJourney?: NoJourney | undefined;
      noPublicTransport?: NoJourney | undefined;
    }
  | { type: 'journey'; journey: Journey }
  | {
      type: 'snapshot';
      journeys: Journey[];
      expected: number | null;
      failed: string | null;
      query: SearchQuery | null;
    }
  | { type: 'failed'; message: string };

export const initialResults: ResultsState = {
  expected: null,
  journeys: [],
  failed: null,
  placeErrors: null,
  noJourney: null,
  noPublicTransport: null,
  query: null,
};

/** Applies one event; a journey already present is replaced, never duplicated. */
export function resultsReducer(state: ResultsState, action: ResultsAction): ResultsState {
  switch (action.type) {
    case 'retrieved':
      return {
        ...state,
        expected: action.count,
        placeErrors: action.placeErrors ?? state.placeErrors,
        noJourney: action.noJourney ?? state.noJourney,
        noPublicTransport: action.noPublicTransport ?? state.noPublicTransport,
      };
    case 'journey': {
      const i = state.journeys.findIndex((j) => j.id === action.journey.id);
      const journeys =
        i === -1
          ? [...state.journeys, action.journey]
          : state.journeys.map((j, k) => (k === i ? action.journey : j));
      return { ...state, journeys };
    }
    case 'snapshot': {
      let journeys = state.journeys;
      for (const journey of action.journeys)
        journeys = resultsReducer({ ...state, journeys }, { type: 'journey', journey }).journeys;
      return {
        expected: action.expected ?? state.expected,
        journeys,
        failed: action.failed ?? state.failed,
        placeErrors: action.query?.place_errors ?? state.placeErrors,
        noJourney: action.query?.no_journey ?? state.noJourney,
        noPublicTransport: action.query?.no_public_transport ?? state.noPublicTransport,
        query: action.query ?? state.query,
      };
    }
    case 'failed':
      return { ...state, failed: action.message };
  }
}

/** Loading ends when the expected count is at most the number loaded (or the search failed). */
export function isLoading(state: ResultsState): boolean {
  if (state.failed) return false;
  return state.expected === null || state.journeys.length < state.expected;
}

/** Skeleton cards still waiting for a journey. */
export function placeholderCount(state: ResultsState): number {
  if (state.expected === null || state.failed) return 0;
  return Math.max(0, state.expected - state.journeys.length);
}
