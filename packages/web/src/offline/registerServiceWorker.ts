import { createPath, type createBrowserRouter } from 'react-router';
import { chunkGone, failedFile } from './chunkGone.ts';

/**
 * Registers /sw.js. A new version takes control at once (it skips waiting); this page then
 * reloads on its next navigation, so nobody stays on an old version and nothing typed is lost.
 * Once a worker controls the page, it is sent the same-origin files this page already loaded.
 */
export function registerServiceWorker(
  router: Pick<ReturnType<typeof createBrowserRouter>, 'subscribe' | 'state'>,
): void {
  reloadWhenCodeIsGone(router);
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let updated = false;
  // The first worker to take control (on a first visit) is no update; any later change is.
  let controlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (controlled) updated = true;
    controlled = true;
    sendLoadedFiles();
  });
  router.subscribe((state) => {
    if (updated && state.navigation.state === 'idle') window.location.reload();
  });
  // After the page's own loading, so the worker's downloads do not compete with it.
  const register = () =>
    container.register('/sw.js', { scope: '/' }).catch((error) => console.warn('no offline support', error));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/**
 * Code of a version the server no longer has (a new deploy): load the page again, as the new
 * version, at the address the traveller was going to. Code that did not come for want of a signal,
 * offline or on a device that only says it is online (a captive portal, dead mobile data), is left
 * to the screen, which says so and offers Try again: a reload would lose what was typed, loop, or
 * show the browser's error page. Vite's preload helper fires the event; the import still fails.
 */
function reloadWhenCodeIsGone(router: Pick<ReturnType<typeof createBrowserRouter>, 'state'>): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.onLine) return;
    const going = router.state.navigation.location;
    const file = failedFile((event as Event & { payload?: unknown }).payload);
    if (!file) return;
    void chunkGone(file).then((gone) => {
      if (!gone) return;
      if (going) window.location.assign(createPath(going));
      else window.location.reload();
    });
  });
}

/** An address to keep, with the headers to fetch it with (Workbox's CACHE_URLS message). */
type UrlToCache = string | [string, RequestInit];

/** Addresses asked to be kept before a worker controlled the page, sent when one does. */
const pending: UrlToCache[] = [];

/**
 * Asks the worker to keep an answer for offline use: a journey taken from the Results page's
 * memory was never fetched by this page, so the worker would not otherwise have it.
 */
export function keepOffline(path: string, headers: Record<string, string>): void {
  const entry: UrlToCache = [new URL(path, window.location.origin).href, { headers }];
  const controller = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (controller) controller.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: [entry] } });
  else pending.push(entry);
}

/** The files already loaded by this page, for the worker to keep as if it had fetched them. */
function sendLoadedFiles(): void {
  const urls: UrlToCache[] = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === window.location.origin);
  urls.push(...pending.splice(0));
  navigator.serviceWorker.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
}
