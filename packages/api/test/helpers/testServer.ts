import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Planner } from '@cairn/engine';
import { startRuntime, type Runtime } from '../../src/runtime.ts';
import { createTestPlanner, type TestPlanner } from './testPlanner.ts';

/** The database the suite runs on: a fresh database on the test PostgreSQL, or in-memory PGlite. */
export async function testDatabaseEnv(): Promise<Record<string, string>> {
  const serverUrl = inject('cairnPostgresUrl');
  if (!serverUrl) return { PGLITE_DIR: 'memory://' };
  const name = `cairn_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

export const onPostgres = () => inject('cairnPostgresUrl') !== null;

export interface TestServer {
  url: string;
  runtime: Runtime;
  config: Config;
  /** The fixture planner (undefined when the real engine was loaded). */
  planner: TestPlanner;
  dataDir: string;
  /** JSON call helper: answers status, parsed body and headers. */
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  // Tests read answers loosely and check them with the contracts where it matters.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

/** Starts the whole API (HTTP on 127.0.0.1, in-process worker) on a fresh database. */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    planner?: Planner | 'engine';
    worker?: boolean;
    now?: () => Date;
    /** A logger to read what the server logs (default: silent). */
    logger?: pino.Logger;
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-api-test-'));
  const config = loadConfig({
    ...(await testDatabaseEnv()),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    JOB_POLL_MS: '200',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Suites that plan many searches or hold many streams from 127.0.0.1; the security tests set low ones.
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
    SEARCH_RATE_LIMIT_BURST: '100000',
    REALTIME_MAX_STREAMS_PER_CLIENT: '1000',
    // Live running only where a test asks for it (AL tests): others keep timetable journeys.
    LIVE_FEEDS: 'off',
    ...options.env,
  });
  // 'engine': load the real planner the way `cairn serve` does (PLANNER_MODULE, REGION_DIR).
  const planner =
    options.planner === 'engine'
      ? undefined
      : ((options.planner as TestPlanner | undefined) ?? createTestPlanner());
  const runtime = await startRuntime(config, {
    http: true,
    worker: options.worker ?? true,
    ...(planner ? { planner } : {}),
    logger: options.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'silent' }),
    ...(options.now ? { now: options.now } : {}),
  });
  await runtime.ready;
  const url = await runtime.app!.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    runtime,
    config,
    planner: planner as TestPlanner,
    dataDir,
    async call(method, path, call = {}) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        ...call.headers,
      };
      const hasBody = call.body !== undefined || call.rawBody !== undefined;
      if (hasBody) headers['content-type'] ??= 'application/json';
      if (call.token) headers.authorization = `Bearer ${call.token}`;
      const response = await fetch(url + path, {
        method,
        headers,
        body: call.rawBody ?? (call.body !== undefined ? JSON.stringify(call.body) : undefined),
      });
      const text = await response.text();
      let body: unknown = text;
      if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
      return { status: response.status, body, headers: response.headers };
    },
    async close() {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Days from today (UTC) to the next `weekday` (0 Sunday … 6 Saturday) outside 24 December –
 * 2 January: a search that needs a weekday timetable must not land on a Sunday or a holiday
 * because of the day the suite runs (Edinburgh → Aviemore has no morning train on a Sunday).
 */
export function daysToWeekday(weekday: number): number {
  for (let ahead = 1; ; ahead++) {
    const d = new Date(Date.now() + ahead * 86_400_000);
    const month = d.getUTCMonth();
    const date = d.getUTCDate();
    const holidays = (month === 11 && date >= 24) || (month === 0 && date <= 2);
    if (d.getUTCDay() === weekday && !holidays) return ahead;
  }
}

/** A search time `days` ahead at `hh:mm`, in the `YYYY/MM/DD HH:mm:ss` form of SPEC §5. */
export function searchTime(days: number, hhmm = '09:00'): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${hhmm}:00`;
}

export async function waitFor<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
