import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The e2e suite drives the built web app (packages/web/dist) served by the real API on the demo
// region, in Debian Chromium with the launch options of shared/NOTES.md.
const PORT = Number(process.env.E2E_PORT ?? 8092);
const ROOT = resolve(import.meta.dirname, '..');
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cairn-e2e-'));
// Workers inherit it, so specs can read the server's mail outbox (DATA_DIR/outbox).
process.env.E2E_DATA_DIR = DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../test-results',
  timeout: 120_000,
  expect: { timeout: 30_000 },
  workers: 1,
  fullyParallel: false,
  // One retry: on a machine shared with other work a few specs have timed out where they pass alone
  // (the list reporter names each as "flaky"; a test that fails twice still fails the run).
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--use-angle=swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command:
      'node scripts/prepare-region.ts && node scripts/build-glyphs.ts && node packages/api/bin/cairn.ts serve',
    cwd: ROOT,
    url: `http://127.0.0.1:${PORT}/v1/config`,
    reuseExistingServer: process.env.E2E_REUSE === '1',
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      BRAND: 'cairngorms-explorer',
      BRAND_BY_HOST: '1',
      LOG_LEVEL: 'warn',
      // Every spec searches from 127.0.0.1 against one server: a budget for the suite, not a visitor.
      RATE_LIMIT_PER_MINUTE: '6000',
      SEARCH_RATE_LIMIT_PER_MINUTE: '600',
      SEARCH_RATE_LIMIT_BURST: '600',
      // The demo simulator's delays change with the clock: timetable only, so every run sees the same.
      LIVE_FEEDS: 'off',
      PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH ?? ''}`,
    },
  },
});
