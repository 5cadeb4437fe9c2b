import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../http/httpError.ts';
import { apiKeyOf, brandHasKeys, isKeyless, matchApiKey } from './apiKeys.ts';
import type { Brand, BrandRegistry } from './brandRegistry.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The brand this request is served as (hostname, then the API key's brand, then BRAND). */
    brand: Brand;
  }
}

/**
 * Picks the request's brand and checks its API key (ADR 010): the hostname's brand when
 * BRAND_BY_HOST finds one, else the key's brand, else BRAND. A brand with keys (API_KEYS) needs
 * one of them on every /v1 call but the keyless ones: 401 without a valid key, 403 with a key of
 * another brand. Keys name the client app; the web app's key is public, not a secret.
 */
export function resolveBrand(
  request: FastifyRequest,
  config: Config,
  brands: BrandRegistry,
  fallback: Brand,
): Brand {
  const path = request.url.split('?')[0] ?? '';
  const presented = apiKeyOf(request);
  const key = presented === undefined ? undefined : matchApiKey(config.apiKeys, presented);
  const byHost = config.brandByHost ? brands.findByHost(request.hostname) : undefined;
  const byKey = key?.brand ? brands.find(key.brand) : undefined;
  const brand = byHost ?? byKey ?? fallback;
  if (path.startsWith('/v1/') && !isKeyless(path)) {
    if (key?.brand && key.brand !== brand.settings.brand)
      throw new HttpError(403, 'This API key is not for this site.');
    if (!key && brandHasKeys(config.apiKeys, brand.settings.brand))
      throw new HttpError(401, 'A valid API key is required (X-API-Key header).');
  }
  return brand;
}
