import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../http/httpError.ts';
import type { Brand, BrandRegistry } from './brandRegistry.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand this request is served as (API key, then hostname, then BRAND). */
    brand: Brand;
  }
}

/** Paths loaded without our headers (EventSource, MapLibre, <img>, docs) or before the key is known (config). */
const KEYLESS = [
  /^\/v1\/(health|ready|docs|config)$/,
  /^\/v1\/tiles\//,
  /^\/v1\/realtime\//,
  /^\/v1\/brand\//,
];

/**
 * Picks the request's brand. When API_KEYS is set, `/v1` calls must carry a known `X-API-Key`;
 * the web app's key is public, so it names a brand rather than guarding a secret.
 */
export function resolveBrand(
  request: FastifyRequest,
  config: Config,
  brands: BrandRegistry,
  fallback: Brand,
): Brand {
  const path = request.url.split('?')[0] ?? '';
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (config.apiKeys.size > 0 && path.startsWith('/v1/') && !KEYLESS.some((re) => re.test(path))) {
    if (!key || !config.apiKeys.has(key))
      throw new HttpError(401, 'A valid API key is required (X-API-Key header).');
  }
  const keyBrand = key ? config.apiKeys.get(key) : undefined;
  if (keyBrand) {
    const brand = brands.find(keyBrand);
    if (brand) return brand;
  }
  if (config.brandByHost) {
    const brand = brands.findByHost(request.hostname);
    if (brand) return brand;
  }
  return fallback;
}
