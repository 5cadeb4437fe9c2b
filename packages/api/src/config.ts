import { resolve } from 'node:path';
import { z } from 'zod';

/** Everything the API reads from the environment; see packages/api/README.md. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** PGlite's folder (default DATA_DIR/db); 'memory://' keeps the database in memory. */
  pgliteDir: string;
  regionDir: string;
  brandsDir: string;
  brand: string;
  brandByHost: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  /** API key → brand id; empty means keys are not checked. */
  apiKeys: Map<string, string | null>;
  webDist: string;
  /** Glyph ranges of the map labels, `{fontstack}/{range}.pbf` (scripts/build-glyphs.ts writes them). */
  glyphsDir: string;
  logLevel: string;
  plannerModule: string;
  rateLimitPerMinute: number;
  /** Map tiles, glyph ranges and the web app's files per client per minute (their own budget). */
  mapRateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  /** New searches (POST search and update-return-time together) per client per minute. */
  searchRateLimitPerMinute: number;
  /** New searches per client in any 10 s, so a minute's budget cannot land at once. */
  searchRateLimitBurst: number;
  /** Open realtime streams one client may hold in this process. */
  realtimeMaxStreamsPerClient: number;
  /** Open realtime streams one address block (IPv4 /24, IPv6 /48) may hold in this process. */
  realtimeMaxStreamsPerBlock: number;
  /** Open realtime streams this process holds at most, all clients together. */
  realtimeMaxStreams: number;
  /** A realtime stream that has sent no event for this long is closed (the browser reconnects). */
  realtimeIdleTimeoutSec: number;
  /** Failed logins in a row from one client address before that address is locked out of the account. */
  loginLockAfter: number;
  /** Failed logins in a row from all addresses before the account itself locks (its owner is mailed an unlock link). */
  loginGlobalLockAfter: number;
  /** Account mails (activation, reset, unlock, notices) one address receives in an hour at most. */
  mailPerRecipientPerHour: number;
  jobVisibilitySec: number;
  jobPollMs: number;
  bodyLimitBytes: number;
  /** Visitors' searches (no account, nothing saved) are deleted after this many days. */
  searchRetentionDays: number;
  /**
   * Behind reverse proxies: the proxies (addresses/CIDRs) trusted to have appended X-Forwarded-For;
   * false takes the socket's peer as the client and ignores the header.
   */
  trustProxy: false | string[];
  /**
   * Live running (issue #18): 'region' polls region.json's `feeds[].realtime[]`, 'simulator' the
   * engine's simulator on a loopback port, 'auto' (unset) the region's sources, or the simulator
   * for the default demo region when it names none.
   */
  liveFeeds: 'off' | 'region' | 'simulator' | 'auto';
  /** LIVE_FEEDS_JSON: sources that replace the region's (tests point the API at their own feed server). */
  liveFeedsJson: LiveFeedJson[] | undefined;
  /** No source is polled more often than this (seconds). */
  livePollSec: number;
  /** Whether REGION_DIR was left at the demo region (the simulator's default). */
  demoRegion: boolean;
}

/** One source of LIVE_FEEDS_JSON. */
export const LiveFeedJson = z.strictObject({
  feedId: z.string().min(1),
  kind: z.enum(['trip-updates', 'service-alerts', 'vehicle-positions']),
  url: z.url(),
  pollSec: z.number().positive(),
  maxAgeSec: z.number().int().positive(),
  headers: z.record(z.string(), z.string()).optional(),
});
export type LiveFeedJson = z.infer<typeof LiveFeedJson>;

const ROOT = resolve(import.meta.dirname, '../../..');
const DEMO_REGION_DIR = 'regions/cairngorms/build';

/** Reads the configuration from `env` (defaults: the demo region, PGlite under ./var, port 8080). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? resolve(ROOT, 'var'));
  // An operator's REGION_DIR is relative to where they run `cairn serve`, like DATA_DIR.
  const regionDir = env.REGION_DIR ? resolve(env.REGION_DIR) : resolve(ROOT, DEMO_REGION_DIR);
  return {
    port: intOf(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    pgliteDir: env.PGLITE_DIR ?? resolve(dataDir, 'db'),
    regionDir,
    brandsDir: resolve(ROOT, env.BRANDS_DIR ?? 'brands'),
    // An operator's own region starts on the neutral brand, not on the demo park's.
    brand: env.BRAND ?? (regionDir === resolve(ROOT, DEMO_REGION_DIR) ? 'cairngorms-explorer' : 'default'),
    brandByHost: env.BRAND_BY_HOST === '1' || env.BRAND_BY_HOST === 'true',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Cairn <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    apiKeys: parseApiKeys(env.API_KEYS ?? ''),
    webDist: resolve(ROOT, env.WEB_DIST ?? 'packages/web/dist'),
    glyphsDir: resolve(ROOT, env.GLYPHS_DIR ?? 'packages/api/dist/glyphs'),
    logLevel: env.LOG_LEVEL ?? 'info',
    plannerModule: env.PLANNER_MODULE ?? '@cairn/engine',
    rateLimitPerMinute: intOf(env.RATE_LIMIT_PER_MINUTE, 600, 'RATE_LIMIT_PER_MINUTE'),
    mapRateLimitPerMinute: positiveIntOf(env.MAP_RATE_LIMIT_PER_MINUTE, 3000, 'MAP_RATE_LIMIT_PER_MINUTE'),
    authRateLimitPerMinute: intOf(env.AUTH_RATE_LIMIT_PER_MINUTE, 20, 'AUTH_RATE_LIMIT_PER_MINUTE'),
    searchRateLimitPerMinute: positiveIntOf(
      env.SEARCH_RATE_LIMIT_PER_MINUTE,
      20,
      'SEARCH_RATE_LIMIT_PER_MINUTE',
    ),
    searchRateLimitBurst: positiveIntOf(env.SEARCH_RATE_LIMIT_BURST, 5, 'SEARCH_RATE_LIMIT_BURST'),
    realtimeMaxStreamsPerClient: positiveIntOf(
      env.REALTIME_MAX_STREAMS_PER_CLIENT,
      20,
      'REALTIME_MAX_STREAMS_PER_CLIENT',
    ),
    realtimeMaxStreamsPerBlock: positiveIntOf(
      env.REALTIME_MAX_STREAMS_PER_BLOCK,
      100,
      'REALTIME_MAX_STREAMS_PER_BLOCK',
    ),
    realtimeMaxStreams: positiveIntOf(env.REALTIME_MAX_STREAMS, 1000, 'REALTIME_MAX_STREAMS'),
    realtimeIdleTimeoutSec: positiveIntOf(env.REALTIME_IDLE_TIMEOUT_SEC, 120, 'REALTIME_IDLE_TIMEOUT_SEC'),
    loginLockAfter: Math.max(1, intOf(env.LOGIN_LOCK_AFTER, 5, 'LOGIN_LOCK_AFTER')),
    loginGlobalLockAfter: Math.max(1, intOf(env.LOGIN_GLOBAL_LOCK_AFTER, 50, 'LOGIN_GLOBAL_LOCK_AFTER')),
    mailPerRecipientPerHour: positiveIntOf(env.MAIL_PER_RECIPIENT_PER_HOUR, 5, 'MAIL_PER_RECIPIENT_PER_HOUR'),
    jobVisibilitySec: intOf(env.JOB_VISIBILITY_SEC, 120, 'JOB_VISIBILITY_SEC'),
    jobPollMs: intOf(env.JOB_POLL_MS, 1000, 'JOB_POLL_MS'),
    bodyLimitBytes: intOf(env.BODY_LIMIT_BYTES, 64 * 1024, 'BODY_LIMIT_BYTES'),
    searchRetentionDays: intOf(env.SEARCH_RETENTION_DAYS, 30, 'SEARCH_RETENTION_DAYS'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY ?? ''),
    liveFeeds: parseLiveFeeds(env.LIVE_FEEDS ?? ''),
    liveFeedsJson: parseLiveFeedsJson(env.LIVE_FEEDS_JSON ?? ''),
    livePollSec: positiveIntOf(env.LIVE_POLL_SEC, 1, 'LIVE_POLL_SEC'),
    demoRegion: !env.REGION_DIR,
  };
}

/** `key1:brand-a,key2:brand-b,key3` — a key without a brand works for every brand. */
export function parseApiKeys(text: string): Map<string, string | null> {
  const keys = new Map<string, string | null>();
  for (const entry of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [key, brand] = entry.split(':');
    if (key) keys.set(key, brand || null);
  }
  return keys;
}

/** What TRUST_PROXY=1 (or `true`) trusts: proxies on loopback and private networks. */
export const PRIVATE_PROXIES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY: off (unset, `0`, `false`); `1` or `true` for proxies on loopback and private
 * networks; or a comma list of the proxies' addresses or CIDRs (also the names `loopback`,
 * `linklocal`, `uniquelocal`). Only a hop from a trusted proxy is believed, so the client is the
 * address the last trusted proxy saw; a hop count (which cannot check who is connecting) and
 * "trust every hop" (the left end of X-Forwarded-For is whatever the client wrote) are refused.
 */
export function parseTrustProxy(text: string): false | string[] {
  const value = text.trim();
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return PRIVATE_PROXIES;
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const named = PRIVATE_PROXIES.includes(entry);
    if (!named && !/^[0-9a-fA-F:.]*[:.][0-9a-fA-F:.]*(\/\d{1,3})?$/.test(entry))
      throw new Error(
        `TRUST_PROXY must be 1, or the proxies' addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1), got "${entry}"`,
      );
  }
  return list;
}

function parseLiveFeeds(text: string): Config['liveFeeds'] {
  const value = text.trim() || 'auto';
  if (value === 'off' || value === 'region' || value === 'simulator' || value === 'auto') return value;
  throw new Error(`LIVE_FEEDS must be off, region or simulator, got "${text}"`);
}

function parseLiveFeedsJson(text: string): LiveFeedJson[] | undefined {
  if (text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`LIVE_FEEDS_JSON is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = z.array(LiveFeedJson).safeParse(json);
  if (!parsed.success)
    throw new Error(
      `LIVE_FEEDS_JSON must be a list of {feedId, kind, url, pollSec, maxAgeSec, headers?}: ${parsed.error.issues
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  return parsed.data;
}

function positiveIntOf(value: string | undefined, fallback: number, name: string): number {
  const n = intOf(value, fallback, name);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${value}"`);
  return n;
}

function intOf(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}
