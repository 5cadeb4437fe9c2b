import type { ErrorBody } from '@cairn/contracts';
import { OFFLINE_COPY_HEADER } from '../offline/offlineCaches.ts';

/** SPEC §9: every call gives up after 60 seconds. */
export const API_TIMEOUT_MS = 60_000;

/** A failed call: the HTTP status plus the SPEC §5 error body when the server sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  constructor(status: number, body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.fieldErrors = body.errors ?? {};
  }
}

type Credentials = { apiKey: string | null; token: string | null };
const credentials: Credentials = { apiKey: null, token: null };

/** Sets the public per-brand API key (from /v1/config) and the signed-in user's token. */
export function setCredentials(next: Partial<Credentials>): void {
  Object.assign(credentials, next);
}

/** The SPEC §7 headers every request carries. */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (credentials.apiKey) headers['X-API-Key'] = credentials.apiKey;
  if (credentials.token) headers.Authorization = `Bearer ${credentials.token}`;
  return headers;
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Told when the answer is the service worker's kept copy (no network), with when it was sent. */
  onOfflineCopy?: (sentAt: Date) => void;
};

/** Calls the API and returns the parsed JSON body; throws ApiError for non-2xx answers. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers: apiHeaders(),
      body:
        options.body === undefined
          ? options.method && options.method !== 'GET'
            ? '{}'
            : undefined
          : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted)
      throw new ApiError(0, { message: 'The server took too long to answer. Please try again.' });
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, {
      message: 'Cannot reach the journey planner. Check your connection and try again.',
    });
  }
  const copySentAt = response.headers.get(OFFLINE_COPY_HEADER);
  if (copySentAt && options.onOfflineCopy) options.onOfflineCopy(new Date(copySentAt));
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  if (!response.ok) throw new ApiError(response.status, toErrorBody(body, response.status));
  return body as T;
}

function toErrorBody(body: unknown, status: number): ErrorBody {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    const errors =
      'errors' in body && body.errors && typeof body.errors === 'object'
        ? (body.errors as Record<string, string[]>)
        : undefined;
    return errors ? { message: body.message, errors } : { message: body.message };
  }
  return {
    message:
      status >= 500
        ? 'Something went wrong on our side. Please try again.'
        : `The request failed (${status}).`,
  };
}
