/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa's injectManifest into /sw.js): the app shell opens
// offline, and what the traveller opened — journeys, their map area, the code that shows them —
// is kept so it opens again without signal. Account answers are never kept, nor anything fetched
// with a token; logging out empties the journeys kept (AuthContext).
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, Route, Router } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { RouteMatchCallback, WorkboxPlugin } from 'workbox-core/types.js';
import {
  APP_SHELL_CACHE,
  CODE_CACHE,
  JOURNEYS_CACHE,
  KEEP_JOURNEYS,
  KEEP_TILES,
  MAP_CACHE,
  OFFLINE_COPY_HEADER,
  SETTINGS_CACHE,
} from './offlineCaches.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

setCacheNameDetails({ prefix: 'cairn', precache: APP_SHELL_CACHE.replace(/^cairn-/, ''), suffix: '' });
// A new version takes over at once; the page reloads on its next navigation (registerServiceWorker).
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Marks an answer served from the cache (the network failed) with the time it was planned. */
const markOfflineCopy: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(OFFLINE_COPY_HEADER, cachedResponse.headers.get('date') ?? new Date().toUTCString());
    return new Response(await cachedResponse.blob(), { status: cachedResponse.status, headers });
  },
};

/**
 * Keeps only what any visitor of this device may see again: never an answer fetched with a token
 * or marked no-store (a traveller's own search carries their railcard, concession card and
 * step-free need, and a shared device keeps the cache for 14 days). Workbox's default rule, a 200
 * only, applies too.
 */
const keepOnlyPublic: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) =>
    response.status === 200 &&
    !request.headers.has('authorization') &&
    !/no-store|private/i.test(response.headers.get('cache-control') ?? '')
      ? response
      : null,
};

const router = new Router();
// Pages: the server's answer when it comes (keeping its status), the shell when it does not.
router.registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      }
    },
    { denylist: [/^\/v1\//] },
  ),
);
// The server varies every answer by Origin for cross-origin callers; this origin's own copy serves
// it whatever the request carried (module scripts are fetched in CORS mode, kept copies were not).
const IGNORE_VARY = { ignoreVary: true };

/** Same-origin GET requests whose path matches. */
const path =
  (pattern: RegExp): RouteMatchCallback =>
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && pattern.test(url.pathname);

router.registerRoute(
  new Route(path(/^\/assets\//), new CacheFirst({ cacheName: CODE_CACHE, matchOptions: IGNORE_VARY })),
);
router.registerRoute(
  new Route(
    path(/^\/v1\/(config$|brand\/|pages\/)/),
    new NetworkFirst({
      cacheName: SETTINGS_CACHE,
      networkTimeoutSeconds: 6,
      matchOptions: IGNORE_VARY,
      plugins: [keepOnlyPublic],
    }),
  ),
);
router.registerRoute(
  new Route(
    path(/^\/v1\/journey-planner\/search\/[^/]+(\/[^/]+)?$/),
    new NetworkFirst({
      cacheName: JOURNEYS_CACHE,
      networkTimeoutSeconds: 10,
      matchOptions: IGNORE_VARY,
      plugins: [keepOnlyPublic, new ExpirationPlugin(KEEP_JOURNEYS), markOfflineCopy],
    }),
  ),
);
// The style carries the brand's colours and names the tiles: the server's when it answers.
router.registerRoute(
  new Route(
    path(/^\/v1\/tiles\/style\.json$/),
    new NetworkFirst({ cacheName: MAP_CACHE, networkTimeoutSeconds: 6, matchOptions: IGNORE_VARY }),
  ),
);
router.registerRoute(
  new Route(
    path(/^\/v1\/tiles\//),
    new CacheFirst({
      cacheName: MAP_CACHE,
      matchOptions: IGNORE_VARY,
      plugins: [new ExpirationPlugin(KEEP_TILES)],
    }),
  ),
);
router.addFetchListener();
// The page sends what it loaded before this worker controlled it, so a first visit is kept too.
router.addCacheListener();
