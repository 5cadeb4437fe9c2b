import type {
  AppConfig,
  Journey,
  PlaceSuggestion,
  SearchRequestInput,
  SearchResults,
  StaticPage,
  StaticPageId,
} from '@cairn/contracts';
import { decode, decodeInSteps } from './decode.ts';
import { apiRequest } from './http.ts';

// One function per SPEC §7 call; answers are checked against the contracts at this boundary.

/** GET /v1/config: brand settings and region info. */
export async function fetchConfig(): Promise<AppConfig['data']> {
  return decode('AppConfig', await apiRequest('/v1/config')).data;
}

/** GET /v1/pages/:id: a static page's markdown for the active brand. */
export async function fetchStaticPage(id: StaticPageId): Promise<StaticPage> {
  const body = await apiRequest<{ data?: unknown }>(`/v1/pages/${id}`);
  return decode('StaticPage', body && typeof body === 'object' && 'data' in body ? body.data : body);
}

/** GET /v1/places: address suggestions for the text typed so far. */
export async function fetchPlaces(q: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
  const options = signal ? { query: { q, limit: 8 }, signal } : { query: { q, limit: 8 } };
  return decode('PlacesResponse', await apiRequest('/v1/places', options)).data;
}

/** GET /v1/places/reverse: the nearest named place to a position. */
export async function fetchReverse(lat: number, lng: number): Promise<PlaceSuggestion | null> {
  return decode('ReverseResponse', await apiRequest('/v1/places/reverse', { query: { lat, lng } })).data;
}

/** POST /v1/journey-planner/search: stores the query and answers its hash. */
export async function createSearch(form: SearchRequestInput): Promise<string> {
  return decode(
    'SearchCreated',
    await apiRequest('/v1/journey-planner/search', { method: 'POST', body: form }),
  ).data.hash;
}

/**
 * GET /v1/journey-planner/search/{hash}: the stored query and the journeys found so far. A
 * finished search holds many journeys: each is checked in a task of its own.
 */
export async function fetchSearch(hash: string): Promise<SearchResults['data']> {
  const body = await apiRequest<{ data?: { journeys?: unknown } }>(
    `/v1/journey-planner/search/${encodeURIComponent(hash)}`,
  );
  const journeys = body?.data?.journeys;
  const { data } = decode('SearchResults', { ...body, data: { ...body?.data, journeys: [] } });
  return { ...data, journeys: await decodeInSteps('Journey', journeys) };
}

/**
 * GET /v1/journey-planner/search/{hash}/{journeyId}: one journey. Offline, the copy kept when it
 * was last opened; onOfflineCopy then hears when that copy was planned.
 */
export async function fetchJourney(
  hash: string,
  journeyId: string,
  onOfflineCopy?: (plannedAt: Date) => void,
): Promise<Journey> {
  return decode(
    'JourneyResponse',
    await apiRequest(journeyPath(hash, journeyId), onOfflineCopy ? { onOfflineCopy } : {}),
  ).data;
}

/** The API path of one journey of a search. */
export function journeyPath(hash: string, journeyId: string): string {
  return `/v1/journey-planner/search/${encodeURIComponent(hash)}/${encodeURIComponent(journeyId)}`;
}

/** POST update-return-time: re-plans the return and answers the new search's hash. */
export async function updateReturnTime(hash: string, returnTime: string): Promise<string> {
  const path = `/v1/journey-planner/search/${encodeURIComponent(hash)}/update-return-time`;
  return decode(
    'SearchCreated',
    await apiRequest(path, { method: 'POST', body: { return_time: returnTime } }),
  ).data.hash;
}

/** POST /v1/journey/save/{id}. */
export async function saveJourney(journeyId: string): Promise<void> {
  await apiRequest(`/v1/journey/save/${encodeURIComponent(journeyId)}`, { method: 'POST' });
}

/** POST /v1/journey/viewed/{journeyId}: sent on entering the Journey screen. */
export async function recordJourneyView(journeyId: string): Promise<void> {
  await apiRequest(`/v1/journey/viewed/${encodeURIComponent(journeyId)}`, { method: 'POST' });
}
