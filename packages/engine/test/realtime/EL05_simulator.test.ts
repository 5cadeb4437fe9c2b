// Feature under test: the demo region's GTFS-realtime simulator: deterministic real protobuf (late buses, one cancelled, one skipped stop, a ferry weather alert), served over HTTP.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { decodeFeed } from '../../src/realtime/decodeFeed.ts';
import type { RtFeed } from '../../src/realtime/decodeFeed.ts';
import { simulatedSources, simulateFeed, simulatorHandler } from '../../src/realtime/simulator.ts';
import { demoPlanner } from '../support/demoRegion.ts';
import { london } from './support/rtFeed.ts';

const demo = demoPlanner('cairn-el05-');
const NOW = london(20261123, '09:10');
const timetable = () => demo.planner.createLiveStore!().timetable;

function decoded(bytes: Uint8Array): RtFeed {
  const r = decodeFeed(bytes);
  if (!r.ok) throw new Error(r.error);
  return r.feed;
}

describe('L05 the simulator', () => {
  it('says the same for the same clock: some buses late, one cancelled, one skipping a stop, all matching the timetable', () => {
    const tt = timetable();
    const bytes = simulateFeed(tt, 'bus', 'trip-updates', NOW);
    expect(simulateFeed(tt, 'bus', 'trip-updates', NOW)).toEqual(bytes);
    const feed = decoded(bytes);
    expect(feed.timestampSec).toBe(NOW);
    const updates = feed.tripUpdates;
    expect(updates.filter((u) => u.trip.relationship === 'CANCELED')).toHaveLength(1);
    expect(updates.filter((u) => u.stopTimeUpdates.some((s) => s.relationship === 'SKIPPED'))).toHaveLength(
      1,
    );
    const late = updates.filter((u) => u.stopTimeUpdates.some((s) => (s.departure?.delaySec ?? 0) >= 120));
    expect(late.length).toBeGreaterThanOrEqual(2);
    const store = demo.planner.createLiveStore!('sim');
    const { report, version } = store.ingest(
      { source: 'sim-bus', feedId: 'bus', kind: 'trip-updates', maxAgeSec: 120 },
      bytes,
      NOW + 30,
    );
    expect(report.tripUpdates).toMatchObject({
      matched: updates.length,
      unmatched: {},
      unknownStops: 0,
      cancelled: 1,
    });
    expect(version.instances.size).toBe(updates.length);
    // An hour on, the cancelled bus is another one.
    const later = decoded(simulateFeed(tt, 'bus', 'trip-updates', NOW + 3600)).tripUpdates;
    const cancelledId = (list: typeof updates) =>
      list.find((u) => u.trip.relationship === 'CANCELED')?.trip.tripId;
    expect(cancelledId(later)).toBeDefined();
    expect(cancelledId(later)).not.toBe(cancelledId(updates));
  });

  it('puts a weather alert on the ferries, and vehicles where buses are', () => {
    const tt = timetable();
    const alerts = decoded(simulateFeed(tt, 'ferry', 'service-alerts', NOW)).alerts;
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts[0]).toMatchObject({
      cause: 'WEATHER',
      effect: 'REDUCED_SERVICE',
      informed: [{ routeId: 'WATERBUS' }],
    });
    expect(alerts[0]!.header).toContain('Strong winds');
    expect(decoded(simulateFeed(tt, 'bus', 'service-alerts', NOW)).alerts).toEqual([]);
    const vehicles = decoded(simulateFeed(tt, 'bus', 'vehicle-positions', NOW)).vehicles;
    expect(vehicles.length).toBeGreaterThan(0);
    const b = demo.planner.regionInfo().bbox;
    for (const v of vehicles) {
      expect(v.lon).toBeGreaterThanOrEqual(b[0] - 1);
      expect(v.lat).toBeLessThanOrEqual(b[3] + 1);
    }
  });

  it('serves every feed over HTTP as protobuf and leaves other paths to the next handler', async () => {
    const tt = timetable();
    const handle = simulatorHandler(tt, () => NOW * 1000);
    const server = createServer((req, res) => {
      if (!handle(req, res)) res.writeHead(418).end();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const sources = simulatedSources(tt);
      expect(sources.map((s) => s.feedId)).toContain('ferry');
      const tu = sources.find((s) => s.feedId === 'bus' && s.kind === 'trip-updates')!;
      const res = await fetch(base + tu.path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/x-protobuf');
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.equals(Buffer.from(simulateFeed(tt, 'bus', 'trip-updates', NOW)))).toBe(true);
      expect((await fetch(`${base}/gtfs-rt/nowhere/trip-updates`)).status).toBe(404);
      expect((await fetch(`${base}/gtfs-rt/bus/timetable`)).status).toBe(404);
      expect((await fetch(`${base}/v1/config`)).status).toBe(418);
    } finally {
      server.close();
    }
  });
});
