import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Vite puts content-hashed files under assets/: a new build gives them new names. */
const HASHED = /[\\/]assets[\\/]/;
const HASHED_ROUTE = /^\/assets\//;
/** MapLibre's worker script: a worker runs under the policy its own script arrives with. */
const WORKER_SCRIPT = /worker/i;

/**
 * Headers that protect a document (or a worker's scope): on a script, style sheet or image that a
 * page loads they do nothing, and on a weak signal every hashed asset would carry them again.
 * nosniff, Cross-Origin-Resource-Policy and Referrer-Policy (which governs a style sheet's own
 * fetches) stay on every answer.
 */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The web app's own files (the API lives under /v1/): the page, its assets and the service worker. */
export function isWebFileRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && !route.startsWith('/v1/');
}

/**
 * Serves the built web app. Text files come with `.br` and `.gz` siblings from the build
 * (scripts/precompress.ts), served by Accept-Encoding with `Vary: Accept-Encoding`. Hashed assets
 * are cached for good and sent without page-only headers; everything else (index.html, sw.js, the
 * manifest) is revalidated by ETag on every use, so a new release is picked up at once.
 */
export async function registerWebFiles(app: FastifyInstance, root: string): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? '';
    if (HASHED_ROUTE.test(route) && !WORKER_SCRIPT.test(route))
      for (const header of PAGE_ONLY_HEADERS) reply.removeHeader(header);
    return payload;
  });
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) =>
      res.header('cache-control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
}
