import { resolve } from 'node:path';

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
  logLevel: string;
  plannerModule: string;
  timeZone: string;
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  /** Failed logins in a row from one client address before that address is locked out of the account. */
  loginLockAfter: number;
  /** Failed logins in a row from all addresses before the account itself locks (its owner is mailed an unlock link). */
  loginGlobalLockAfter: number;
  jobVisibilitySec: number;
  jobPollMs: number;
  bodyLimitBytes: number;
  /** Visitors' searches (no account, nothing saved) are deleted after this many days. */
  searchRetentionDays: number;
  /** Behind a reverse proxy: take the client address and protocol from X-Forwarded-*. */
  trustProxy: boolean;
}

const ROOT = resolve(import.meta.dirname, '../../..');

/** Reads the configuration from `env` (defaults: the demo region, PGlite under ./var, port 8080). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? resolve(ROOT, 'var'));
  return {
    port: intOf(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    pgliteDir: env.PGLITE_DIR ?? resolve(dataDir, 'db'),
    regionDir: resolve(ROOT, env.REGION_DIR ?? 'regions/cairngorms/build'),
    brandsDir: resolve(ROOT, env.BRANDS_DIR ?? 'brands'),
    brand: env.BRAND ?? 'cairngorms-explorer',
    brandByHost: env.BRAND_BY_HOST === '1' || env.BRAND_BY_HOST === 'true',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Cairn <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    apiKeys: parseApiKeys(env.API_KEYS ?? ''),
    webDist: resolve(ROOT, env.WEB_DIST ?? 'packages/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    plannerModule: env.PLANNER_MODULE ?? '@cairn/engine',
    timeZone: env.REGION_TIME_ZONE ?? 'Europe/London',
    rateLimitPerMinute: intOf(env.RATE_LIMIT_PER_MINUTE, 600, 'RATE_LIMIT_PER_MINUTE'),
    authRateLimitPerMinute: intOf(env.AUTH_RATE_LIMIT_PER_MINUTE, 20, 'AUTH_RATE_LIMIT_PER_MINUTE'),
    loginLockAfter: Math.max(1, intOf(env.LOGIN_LOCK_AFTER, 5, 'LOGIN_LOCK_AFTER')),
    loginGlobalLockAfter: Math.max(1, intOf(env.LOGIN_GLOBAL_LOCK_AFTER, 50, 'LOGIN_GLOBAL_LOCK_AFTER')),
    jobVisibilitySec: intOf(env.JOB_VISIBILITY_SEC, 120, 'JOB_VISIBILITY_SEC'),
    jobPollMs: intOf(env.JOB_POLL_MS, 1000, 'JOB_POLL_MS'),
    bodyLimitBytes: intOf(env.BODY_LIMIT_BYTES, 64 * 1024, 'BODY_LIMIT_BYTES'),
    searchRetentionDays: intOf(env.SEARCH_RETENTION_DAYS, 30, 'SEARCH_RETENTION_DAYS'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
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

function intOf(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}
