// What the service worker keeps, named once for the worker and for the cookie policy's list.

/** The app's own files (precached at install, replaced whole by each new version). */
export const APP_SHELL_CACHE = 'cairn-app-shell';
/** Code chunks loaded on demand (the map, the journey screens), kept as they were used. */
export const CODE_CACHE = 'cairn-code';
/** Brand settings, logo, theme and page texts, so the frame dresses itself offline. */
export const SETTINGS_CACHE = 'cairn-settings';
/** The searches and journeys the traveller opened. */
export const JOURNEYS_CACHE = 'cairn-journeys';
/** Map style, glyphs and the tiles at the zooms the traveller viewed. */
export const MAP_CACHE = 'cairn-map';
/** Workbox's record of when each journey and tile was cached, so old ones can be dropped. */
export const EXPIRATION_DB = 'workbox-expiration';

/** How many journeys and map tiles stay kept offline, and for how long. */
export const KEEP_JOURNEYS = { maxEntries: 60, maxAgeSeconds: 14 * 86_400 };
export const KEEP_TILES = { maxEntries: 1500, maxAgeSeconds: 30 * 86_400 };

/**
 * Header the worker adds to an answer it gives from its cache because the network failed: the
 * time the server first sent it (its Date header), which is when the journey's times were planned.
 */
export const OFFLINE_COPY_HEADER = 'x-cairn-offline-copy';
