import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Paths a browser loads without our headers (EventSource, MapLibre, <img>, docs, health) and the
 * bootstrap: /v1/config tells the web app its key (ADR 010).
 */
const KEYLESS = [
  /^\/v1\/(health|ready|docs|config)$/,
  /^\/v1\/docs\/ui(\/|$)/,
  /^\/v1\/tiles\//,
  /^\/v1\/realtime\//,
  /^\/v1\/brand\//,
];

/** Whether a /v1 path is served without an API key even where the brand has keys. */
export function isKeyless(path: string): boolean {
  return KEYLESS.some((re) => re.test(path));
}

/** The X-API-Key header of a request (the first, if sent twice). */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-api-key'];
  return (Array.isArray(header) ? header[0] : header) || undefined;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The configured key equal to `presented`, with its brand (null: valid for every brand). Compared
 * in constant time: digests of equal length, every configured key compared, no early exit, so
 * the answer's timing does not tell how much of a guess was right.
 */
export function matchApiKey(
  keys: ReadonlyMap<string, string | null>,
  presented: string,
): { brand: string | null } | undefined {
  const wanted = digest(presented);
  let found: { brand: string | null } | undefined;
  for (const [key, brand] of keys) {
    if (timingSafeEqual(digest(key), wanted) && !found) found = { brand };
  }
  return found;
}

/** Whether calls of `brand` need a key: some key is the brand's own or valid for every brand. */
export function brandHasKeys(keys: ReadonlyMap<string, string | null>, brand: string): boolean {
  for (const owner of keys.values()) if (owner === null || owner === brand) return true;
  return false;
}
