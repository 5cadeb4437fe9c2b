// The running demo that `npm run lighthouse` and the route-bytes bench measure: the real API
// serving the built web app on a loopback port, and one planned search to open.
import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../..');

export type DemoApp = { origin: string; stop: () => Promise<void> };

/** The three routes measured: home, a search's results and one journey's details. */
export type DemoRoutes = { home: string; results: string; journey: string };

/** Why the demo cannot start yet (missing build or region), or undefined when it can. */
export function findMissingPart(): string | undefined {
  if (!existsSync(join(ROOT, 'packages/web/dist/index.html')))
    return 'packages/web/dist is missing: run `npm run -w @cairn/web build` first.';
  if (!existsSync(join(ROOT, 'regions/cairngorms/build')))
    return 'the demo region is missing: run `node scripts/prepare-region.ts` first.';
  return undefined;
}

/** Starts `cairn serve` on 127.0.0.1:port with a throw-away data folder; resolves when it answers. */
export async function startDemoApp(port: number): Promise<DemoApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-measure-'));
  const child: ChildProcess = spawn(process.execPath, ['packages/api/bin/cairn.ts', 'serve'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((done) => child.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let tries = 0; tries < 240; tries++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${origin}/v1/config`)).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  await stop();
  throw new Error(`the demo app did not answer on ${origin}`);
}

/** Plans Aviemore → Braemar tomorrow at 09:00 with a return, and answers the routes to measure. */
export async function planDemoSearch(origin: string): Promise<DemoRoutes> {
  const place = async (q: string) => {
    const body = (await (await fetch(`${origin}/v1/places?q=${q}&limit=1`)).json()) as {
      data: { label: string; location: { lat: number; lng: number } }[];
    };
    return body.data[0]!;
  };
  const [from, to] = [await place('Aviemore'), await place('Braemar')];
  const day = new Date(Date.now() + 86_400_000);
  const date = `${day.getFullYear()}/${String(day.getMonth() + 1).padStart(2, '0')}/${String(day.getDate()).padStart(2, '0')}`;
  const created = await fetch(`${origin}/v1/journey-planner/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      origin: from.label,
      destination: to.label,
      origin_location: from.location,
      destination_location: to.location,
      out_time: `${date} 09:00:00`,
      return_time: `${date} 17:00:00`,
    }),
  });
  const { hash } = ((await created.json()) as { data: { hash: string } }).data;
  for (let tries = 0; tries < 240; tries++) {
    const search = (await (await fetch(`${origin}/v1/journey-planner/search/${hash}`)).json()) as {
      data: { journeys: { id: string }[]; query: { status: string } };
    };
    const first = search.data.journeys[0];
    if (search.data.query.status === 'done' && first)
      return {
        home: `${origin}/`,
        results: `${origin}/search/${hash}/results`,
        journey: `${origin}/search/${hash}/results/${first.id}`,
      };
    if (search.data.query.status === 'failed') break;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('the demo search found no journey');
}

/**
 * Starts the demo and the system's Chromium (with `chromiumArgs`), plans one search, runs
 * `measure` on its routes and stops both. Without a build or region it says what is missing.
 */
export async function measureOnDemo(
  port: number,
  chromiumArgs: string[],
  measure: (browser: Browser, routes: DemoRoutes) => Promise<void>,
): Promise<void> {
  const missing = findMissingPart();
  if (missing) {
    console.log(missing);
    process.exitCode = 1;
    return;
  }
  const app = await startDemoApp(port);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', ...chromiumArgs],
  });
  try {
    await measure(browser, await planDemoSearch(app.origin));
  } finally {
    await browser.close();
    await app.stop();
  }
}
