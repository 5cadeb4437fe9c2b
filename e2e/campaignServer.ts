import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// A second API process for specs that need a server of their own. The campaign spec adds
// campaigns with the operator's CLI (`cairn campaign add`), which opens the embedded database
// itself, so it runs against a data folder of its own before that server starts (PGlite allows
// one process per folder); other specs pass settings (BRANDS_DIR, BRAND) in its environment.

const ROOT = resolve(import.meta.dirname, '..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const CAIRN = join(ROOT, 'packages/api/bin/cairn.ts');

export type CampaignServer = { baseURL: string; dataDir: string; stop: () => Promise<void> };
export type ExtraServer = CampaignServer;

function env(dataDir: string, port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    BRAND: 'cairngorms-explorer',
    LOG_LEVEL: 'warn',
    // Pages, maps and tiles of the whole suite come from one address: a budget for the suite.
    RATE_LIMIT_PER_MINUTE: '6000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '600',
    SEARCH_RATE_LIMIT_BURST: '600',
    // Timetable only, so nothing moves under a spec; the live-running spec names its own feeds.
    LIVE_FEEDS: 'off',
    PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
    ...extra,
  };
}

/** Runs `cairn campaign add …` on a fresh data folder, then serves it on `port`. */
export async function startCampaignServer(port: number, addArgs: string[][]): Promise<CampaignServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cairn-e2e-campaign-'));
  for (const args of addArgs) {
    const run = spawnSync(NODE, [CAIRN, 'campaign', 'add', ...args], {
      cwd: ROOT,
      env: env(dataDir, port),
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`cairn campaign add failed: ${run.stdout}${run.stderr}`);
  }
  return serveDataDir(port, dataDir);
}

/** Serves a fresh data folder on `port` with `extraEnv` over the e2e server's settings. */
export function startExtraServer(port: number, extraEnv: Record<string, string>): Promise<ExtraServer> {
  return serveDataDir(port, mkdtempSync(join(tmpdir(), 'cairn-e2e-extra-')), extraEnv);
}

async function serveDataDir(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<ExtraServer> {
  const child: ChildProcess = spawn(NODE, [CAIRN, 'serve'], {
    cwd: ROOT,
    env: env(dataDir, port, extraEnv),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited: ${stderr}`);
    try {
      if ((await fetch(`${baseURL}/v1/config`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server on port ${port} did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseURL,
    dataDir,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
