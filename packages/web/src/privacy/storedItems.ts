import {
  APP_SHELL_CACHE,
  CODE_CACHE,
  EXPIRATION_DB,
  JOURNEYS_CACHE,
  KEEP_JOURNEYS,
  KEEP_TILES,
  MAP_CACHE,
  SETTINGS_CACHE,
} from '../offline/offlineCaches.ts';

/**
 * Everything the web app keeps in the visitor's browser. Code reads and writes storage only
 * through these entries, and the cookie policy page lists them, so the policy cannot drift from
 * what is stored (the storage e2e spec compares both with what Chromium holds). The API sets no
 * cookies: the account token travels in the Authorization header.
 */
export type StoredItem = {
  name: string;
  kind: 'cookie' | 'localStorage' | 'sessionStorage' | 'cacheStorage' | 'indexedDB';
  purpose: string;
  /** How long it lasts, in the policy's words. */
  lasts: string;
};

export type CookieItem = StoredItem & {
  kind: 'cookie';
  /** Absent: a session cookie, gone when the browser session ends. */
  maxAgeSec?: number;
};

const ONE_YEAR_SEC = 365 * 24 * 3600;

/** SPEC §4 cookie banner: Accept Cookies is remembered for a year. */
export const CONSENT_COOKIE: CookieItem = {
  name: 'cookies-accepted',
  kind: 'cookie',
  purpose:
    'Remembers that you pressed Accept Cookies, so the banner is not shown again and the analytics container (when this site uses one) may load.',
  lasts: '1 year',
  maxAgeSec: ONE_YEAR_SEC,
};

/** SPEC §4: the access token lives in a cookie named user-token, until the end of the session. */
export const TOKEN_COOKIE: CookieItem = {
  name: 'user-token',
  kind: 'cookie',
  purpose: 'Keeps you signed in to your account; set only when you sign in and removed when you log out.',
  lasts: 'End of session',
};

/** SPEC §3 and §9: the campaign impressions seen, dropped a day after their campaign ends. */
export const CAMPAIGN_IMPRESSIONS: StoredItem = {
  name: 'cairn.campaign-impressions',
  kind: 'localStorage',
  purpose: 'Remembers which announcements you have already seen, so they are not shown to you again.',
  lasts: 'Until one day after the announcement ends',
};

/** The service worker's caches (offline/sw.ts): what lets the planner open without signal. */
export const OFFLINE_ITEMS: readonly StoredItem[] = [
  {
    name: APP_SHELL_CACHE,
    kind: 'cacheStorage',
    purpose: "The planner's own pages, code and styles, so it opens without a connection.",
    lasts: 'Until the next version of the planner replaces it',
  },
  {
    name: CODE_CACHE,
    kind: 'cacheStorage',
    purpose: 'Parts of the planner loaded when first used (such as the map), so they work offline.',
    lasts: 'Until you clear site data',
  },
  {
    name: SETTINGS_CACHE,
    kind: 'cacheStorage',
    purpose: "This site's name, logo, colours and page texts, so the planner dresses itself offline.",
    lasts: 'Until you clear site data; refreshed on each visit',
  },
  {
    name: JOURNEYS_CACHE,
    kind: 'cacheStorage',
    purpose: 'The journeys and searches you opened, so you can follow them without signal.',
    lasts: `${KEEP_JOURNEYS.maxAgeSeconds / 86_400} days, at most ${KEEP_JOURNEYS.maxEntries}`,
  },
  {
    name: MAP_CACHE,
    kind: 'cacheStorage',
    purpose: 'The map around the journeys you opened, at the zooms you viewed.',
    lasts: `${KEEP_TILES.maxAgeSeconds / 86_400} days`,
  },
  {
    name: EXPIRATION_DB,
    kind: 'indexedDB',
    purpose: 'When each kept journey and map piece was stored, so old ones are removed.',
    lasts: 'As long as the journeys and map pieces it describes',
  },
];

export const STORED_ITEMS: readonly StoredItem[] = [
  CONSENT_COOKIE,
  TOKEN_COOKIE,
  CAMPAIGN_IMPRESSIONS,
  ...OFFLINE_ITEMS,
];
