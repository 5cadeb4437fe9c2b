// Feature under test: the README's "Your own region, step by step", followed word for word on a real feed, ends with `cairn serve` planning a journey.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { AppConfig, PlacesResponse, SearchCreated, SearchResults } from '@cairn/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/testServer.ts';
import { childClockEnv } from '../helpers/testClock.ts';
import { freePort } from '../helpers/freePort.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CAIRN = join(ROOT, 'packages/api/bin/cairn.ts');
// The real feeds beside the checkout (CAIRN_SHARED_DATA when the checkout is a worktree one level deeper).
const DATA = process.env.CAIRN_SHARED_DATA ?? resolve(ROOT, '../shared/data');
const FEED = join(DATA, 'iow/iow-bus-gtfs.zip');

/** The shell lines of the README block marked `region-walk`. */
function readmeLines(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
  const mark = readme.findIndex((l) => l.startsWith('<!-- region-walk'));
  const open = readme.indexOf('```sh', mark);
  const close = readme.indexOf('```', open + 1);
  if (mark < 0 || open < 0 || close < 0) throw new Error('README has no region-walk block');
  return readme.slice(open + 1, close).filter((l) => l.trim() !== '');
}

/** The README line as run here: your feed is the Isle of Wight's, and `npx cairn` is this checkout's command. */
function asRun(line: string): string {
  return line
    .replace('path/to/your-gtfs.zip', FEED)
    .replaceAll('npx cairn', `"${process.execPath}" "${CAIRN}"`);
}

/** `YYYY/MM/DD HH:mm:00` of the next Tuesday at least two days ahead (the island's buses run Monday to Saturday). */
function nextTuesday(hhmm: string): string {
  const d = new Date(Date.now() + 2 * 86_400_000);
  while (d.getUTCDay() !== 2) d.setUTCDate(d.getUTCDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${hhmm}:00`;
}

let dir: string | undefined;
let server: ChildProcess | undefined;
afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((done) => server!.once('exit', done));
    // The whole group: `sh -c` runs npx, which runs node; SIGTERM to sh alone left that node
    // serving (two stray servers after every run of the suite).
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!existsSync(FEED))('README region walk (Isle of Wight buses)', () => {
  it(
    'sets up, checks, builds and serves the region, then plans a bus journey',
    { timeout: 240_000 },
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'cairn-readme-walk-'));
      const lines = readmeLines();
      const serveLine = lines.at(-1)!;
      expect(serveLine).toBe('REGION_DIR=my-region npx cairn serve');
      for (const line of lines.slice(0, -1)) {
        // Each command must succeed (a non-zero exit throws, with its output).
        execFileSync('sh', ['-c', asRun(line)], {
          cwd: dir,
          stdio: 'pipe',
          env: { ...process.env, ...childClockEnv() },
        });
      }
      const region = JSON.parse(readFileSync(join(dir, 'my-region/region.json'), 'utf8'));
      expect(region).toMatchObject({ id: 'my-region', timeZone: 'Europe/London', demo: false });
      expect(existsSync(join(dir, 'my-region/timetable.bin'))).toBe(true);

      const port = await freePort();
      let output = '';
      server = spawn('sh', ['-c', asRun(serveLine)], {
        cwd: dir,
        env: {
          ...process.env,
          ...childClockEnv(),
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: join(dir, 'var'),
          LIVE_FEEDS: 'off',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      server.stdout!.on('data', (b: Buffer) => (output += b.toString()));
      server.stderr!.on('data', (b: Buffer) => (output += b.toString()));
      const url = `http://127.0.0.1:${port}`;
      const call = async (path: string, init: RequestInit = {}) => {
        const response = await fetch(url + path, {
          ...init,
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            'x-requested-with': 'XMLHttpRequest',
          },
        });
        return { status: response.status, body: (await response.json()) as unknown };
      };
      const config = await waitFor(
        async () => {
          if (server?.exitCode !== null) throw new Error(`cairn serve exited: ${output}`);
          return fetch(`${url}/v1/config`)
            .then(async (r) => (r.ok ? AppConfig.parse(await r.json()) : undefined))
            .catch(() => undefined);
        },
        120_000,
        'cairn serve to answer',
      );
      expect(config.data.region).toMatchObject({ id: 'my-region', demo: false, time_zone: 'Europe/London' });
      // The neutral brand, not the demo park's.
      expect(config.data.brand.title).toBe('Cairn Journey Planner');

      const from = PlacesResponse.parse((await call('/v1/places?q=Shanklin%20Bus%20Station&limit=1')).body)
        .data[0]!;
      expect(from.label).toBe('Shanklin Bus Station');
      const created = await call('/v1/journey-planner/search', {
        method: 'POST',
        body: JSON.stringify({
          origin: from.label,
          destination: 'Yaverland',
          origin_location: from.location,
          destination_location: { lat: 50.659, lng: -1.154 },
          out_time: nextTuesday('12:30'),
        }),
      });
      expect(created.status).toBe(201);
      const hash = SearchCreated.parse(created.body).data.hash;
      const results = await waitFor(
        async () => {
          const r = SearchResults.parse((await call(`/v1/journey-planner/search/${hash}`)).body);
          return r.data.query.status === 'done' ? r.data : undefined;
        },
        60_000,
        'the search to be planned',
      );
      const stages = (results.journeys as Array<{ depart: { stages: string[] } }>).map(
        (j) => j.depart.stages,
      );
      expect(stages).toContainEqual(['bus', 'walk']);
    },
  );
});
