import type { createBrowserRouter } from 'react-router';

/**
 * Registers /sw.js. A new version takes control at once (it skips waiting); this page then
 * reloads on its next navigation, so nobody stays on an old version and nothing typed is lost.
 * Once a worker controls the page, it is sent the same-origin files this page already loaded.
 */
export function registerServiceWorker(
  router: Pick<ReturnType<typeof createBrowserRouter>, 'subscribe'>,
): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let updated = false;
  const hadController = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (hadController) updated = true;
    sendLoadedFiles();
  });
  router.subscribe((state) => {
    if (updated && state.navigation.state === 'idle') window.location.reload();
  });
  // A chunk of a version the server no longer has: load the page again, as the new version.
  window.addEventListener('vite:preloadError', () => window.location.reload());
  // After the page's own loading, so the worker's downloads do not compete with it.
  const register = () =>
    container.register('/sw.js', { scope: '/' }).catch((error) => console.warn('no offline support', error));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/** The files already loaded by this page, for the worker to keep as if it had fetched them. */
function sendLoadedFiles(): void {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => new URL(url).origin === window.location.origin);
  navigator.serviceWorker.controller?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } });
}
