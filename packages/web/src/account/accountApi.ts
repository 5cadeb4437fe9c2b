import type {
  PageMeta,
  RecentSearchItem,
  RegisterRequestInput,
  SavedJourneyItem,
  UpdateUserRequestInput,
} from '@cairn/contracts';
import { decode, decodeList } from '../api/decode.ts';
import { apiRequest } from '../api/http.ts';
import { LIST_PAGE_SIZE } from './pagination.ts';

// The account calls of SPEC §7; answers are checked against the contracts here.

const message = async (path: string, body?: unknown, method: 'POST' | 'PUT' = 'POST') =>
  decode('MessageResponse', await apiRequest(path, body === undefined ? { method } : { method, body }))
    .message;

/** POST /v1/auth/login: answers the access token. */
export async function login(email: string, password: string): Promise<string> {
  return decode(
    'LoginResponse',
    await apiRequest('/v1/auth/login', { method: 'POST', body: { username: email, password } }),
  ).data.access_token;
}

/** POST /v1/users/register: answers the server's message. */
export function register(body: RegisterRequestInput): Promise<string> {
  return message('/v1/users/register', body);
}

/** PUT /v1/users/update. */
export function updateUser(body: UpdateUserRequestInput): Promise<string> {
  return message('/v1/users/update', body, 'PUT');
}

/** POST /v1/users/activation/{code}. */
export function activate(code: string): Promise<string> {
  return message(`/v1/users/activation/${encodeURIComponent(code)}`);
}

/** POST /v1/users/unlock/{code}: lifts the lock of an account. */
export function unlockAccount(code: string): Promise<string> {
  return message(`/v1/users/unlock/${encodeURIComponent(code)}`);
}

/** POST /v1/users/email/confirm/{code}: completes an e-mail change. */
export function confirmEmailChange(code: string): Promise<string> {
  return message(`/v1/users/email/confirm/${encodeURIComponent(code)}`);
}

/** POST /v1/users/password/reset: e-mails a reset link. */
export function requestPasswordReset(email: string): Promise<string> {
  return message('/v1/users/password/reset', { email });
}

/** POST /v1/users/password/reset/{code}: sets the new password. */
export function resetPassword(code: string, password: string, passwordConfirmation: string): Promise<string> {
  return message(`/v1/users/password/reset/${encodeURIComponent(code)}`, {
    password,
    password_confirmation: passwordConfirmation,
  });
}

export type Page<T> = { data: T[]; meta: PageMeta };

/** GET /v1/journey-planner/queries/user: recent searches, 10 a page. */
export async function fetchRecentSearches(page: number): Promise<Page<RecentSearchItem>> {
  const body = await apiRequest<{ data?: unknown; meta?: unknown }>('/v1/journey-planner/queries/user', {
    query: { per_page: LIST_PAGE_SIZE, page },
  });
  return { data: decodeList('RecentSearchItem', body?.data), meta: decode('PageMeta', body?.meta) };
}

/** GET /v1/journey/saved/user: saved journeys, 10 a page. */
export async function fetchSavedJourneys(page: number): Promise<Page<SavedJourneyItem>> {
  const body = await apiRequest<{ data?: unknown; meta?: unknown }>('/v1/journey/saved/user', {
    query: { per_page: LIST_PAGE_SIZE, page },
  });
  return { data: decodeList('SavedJourneyItem', body?.data), meta: decode('PageMeta', body?.meta) };
}
