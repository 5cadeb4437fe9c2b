// Feature under test: issue #18 — the demo's live running with no set-up: LIVE_FEEDS=simulator serves the engine's GTFS-realtime simulator on a loopback port and polls it over HTTP; searches carry its delays and alerts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_REGION, demoRegionBuilt, searchAndWait } from '../helpers/demoEngine.ts';
import { nextMonday } from '../helpers/liveFeed.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';

let server: TestServer;
/** The simulator serves trip updates, alerts and vehicle positions for each static feed of the region. */
const SIMULATED_SOURCES =
  3 *
  (JSON.parse(readFileSync(join(DEMO_REGION, 'region.json'), 'utf8')) as { feeds: unknown[] }).feeds.length;
/** The clock of the test server and its simulator: a Monday morning, when the weekday buses run. */
const MONDAY = new Date(`${nextMonday('08:40').replaceAll('/', '-').replace(' ', 'T')}Z`);

beforeAll(async () => {
  if (!demoRegionBuilt) return;
  server = await startTestServer({
    planner: 'engine',
    env: { REGION_DIR: DEMO_REGION, LIVE_FEEDS: 'simulator' },
    now: () => MONDAY,
  });
}, 300_000);
afterAll(async () => {
  await server?.close();
});

describe.skipIf(!demoRegionBuilt)('L04 the demo simulator', () => {
  it('polls every simulated source over HTTP and applies it', async () => {
    const status = await waitFor(
      async () => {
        const s = (await server.call('GET', '/v1/live/status')).body.data;
        return s.sources.length === SIMULATED_SOURCES && s.polls.length === SIMULATED_SOURCES ? s : undefined;
      },
      30_000,
      'the simulated feeds',
    );
    expect(status.polling).toBe(true);
    expect(status.polls.every((p: { outcome: string }) => p.outcome === 'fetched')).toBe(true);
    expect(status.sources.every((s: { outcome: string }) => s.outcome === 'applied')).toBe(true);
    expect(status.sources.map((s: { source: string }) => s.source)).toContain(
      'simulator:/gtfs-rt/bus/trip-updates',
    );
  });

  it('a search in the next hours rides on the simulated live version', { timeout: 120_000 }, async () => {
    const status = (await server.call('GET', '/v1/live/status')).body.data;
    const bus = status.sources.find(
      (s: { source: string }) => s.source === 'simulator:/gtfs-rt/bus/trip-updates',
    );
    expect(bus.trips_matched).toBeGreaterThan(0);
    expect(bus.trips_unmatched).toBe(0);
    // The weather alert on the ferries.
    const alerts = status.sources.filter((s: { kind: string }) => s.kind === 'service-alerts');
    expect(alerts.some((s: { alerts: number }) => s.alerts > 0)).toBe(true);
    const { journeys } = await searchAndWait(server, {
      origin: 'Aviemore',
      destination: 'Grantown-on-Spey',
      out_time: nextMonday('09:00'),
    });
    const rides = journeys.flatMap((j) => j.depart.steps).filter((s) => s.live);
    expect(rides.length).toBeGreaterThan(0);
    for (const ride of rides) expect(ride.live!.version).toMatch(/^live-\d+$/);
  });
});
