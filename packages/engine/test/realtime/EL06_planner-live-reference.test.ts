// Feature under test: plan() on a live version (the demo simulator's late, cancelled and skipping buses) against the independent connection scan fed the same changes written into its own trips.
import { describe, expect, it } from 'vitest';
import { decodeFeed } from '../../src/realtime/decodeFeed.ts';
import type { RtTripUpdate } from '../../src/realtime/decodeFeed.ts';
import { simulateFeed } from '../../src/realtime/simulator.ts';
import type { LiveVersion } from '../../src/realtime/liveVersion.ts';
import type { ReferenceNetwork } from '../planner/reference/connectionScan.ts';
import { compareSearch, formatTable, loadReferenceRegion } from '../planner/reference/plannerReference.ts';
import type { ComparedSearch, ReferenceRegion } from '../planner/reference/plannerReference.ts';
import { listRandomSearches, searchTime } from '../planner/reference/searches.ts';
import { demoRegionDir } from '../support/demoRegion.ts';
import { london } from './support/rtFeed.ts';
import { formatLocalTime } from '../../src/format/localTime.ts';
import { serviceDayStartEpochSec } from '../../src/time/serviceDay.ts';

const NOW = london(20261123, '09:00');
let r: ReferenceRegion;
demoRegionDir('cairn-el06-', async (dir) => {
  r = await loadReferenceRegion(dir, Date.UTC(2026, 10, 22, 9, 0));
});

type RefTrip = ReferenceNetwork['trips'][number];

/**
 * The reference's trips with the feed written in by hand: a changed trip stops running that day
 * and, unless cancelled, a one-day copy runs with the delay added from the named stop on and the
 * skipped stop closed. Frequency trips are left alone: the simulator names no runs (no start_time).
 */
function overlaid(
  net: ReferenceNetwork,
  feedId: string,
  updates: RtTripUpdate[],
  changedRuns: Map<string, RefTrip | 'cancelled'>,
): { net: ReferenceNetwork; written: number } {
  const trips = [...net.trips];
  let written = 0;
  for (const u of updates) {
    const at = trips.findIndex((t) => t.id === `${feedId}:${u.trip.tripId}` && t.runShiftsSec.length === 1);
    if (at < 0) continue;
    written++;
    const trip = trips[at]!;
    const date = Number(u.trip.startDate);
    trips[at] = { ...trip, service: { ...trip.service, removed: new Set([...trip.service.removed, date]) } };
    const run = `${trip.id}|${u.trip.startDate}`;
    changedRuns.set(run, 'cancelled');
    if (u.trip.relationship === 'CANCELED') continue;
    const live: RefTrip = {
      ...trip,
      service: { weekdays: 0, startDate: date, endDate: date, added: new Set([date]), removed: new Set() },
      arrivals: Int32Array.from(trip.arrivals),
      departures: Int32Array.from(trip.departures),
      noPickup: Uint8Array.from(trip.noPickup),
      noDropOff: Uint8Array.from(trip.noDropOff),
    };
    for (const s of u.stopTimeUpdates) {
      const pos = trip.stops.indexOf(net.stopById.get(`${feedId}:${s.stopId}`)!);
      if (s.relationship === 'SKIPPED') {
        live.noPickup[pos] = 1;
        live.noDropOff[pos] = 1;
      }
      const delay = s.departure?.delaySec ?? 0;
      for (let p = pos; p < trip.stops.length; p++) {
        live.arrivals[p]! += delay;
        live.departures[p]! += delay;
      }
    }
    trips.push(live);
    changedRuns.set(run, live);
  }
  return { net: { ...net, trips, days: new Map() }, written };
}

describe('L06 the planner on live times against the reference', () => {
  it('40 searches around the simulated morning arrive no later than the reference on the overlaid trips', async () => {
    const store = r.planner.createLiveStore!('ref');
    const tt = store.timetable;
    let net = r.net;
    let version: LiveVersion = store.current();
    let changed = 0;
    const changedRuns = new Map<string, RefTrip | 'cancelled'>();
    for (const f of tt.meta.feeds) {
      const bytes = simulateFeed(tt, f.id, 'trip-updates', NOW);
      const decoded = decodeFeed(bytes);
      if (!decoded.ok) throw new Error(decoded.error);
      const o = overlaid(net, f.id, decoded.feed.tripUpdates, changedRuns);
      net = o.net;
      changed += o.written;
      const ingested = store.ingest(
        { source: f.id, feedId: f.id, kind: 'trip-updates', maxAgeSec: 300 },
        bytes,
        NOW,
      );
      version = ingested.version;
      // What the store applied is exactly what was written into the reference.
      expect(ingested.report.tripUpdates!.matched).toBe(o.written);
    }
    expect(changed).toBeGreaterThan(5);
    const live: ReferenceRegion = { ...r, net };
    // Searches of the simulated morning: the day and hours the feed covers.
    const searches = listRandomSearches(r, 40, 18).map(
      ([from, to], i) => [from, to, searchTime(Date.UTC(2026, 10, 23), 9 * 60 + ((i * 7) % 120))] as const,
    );
    const rows: ComparedSearch[] = [];
    for (const [from, to, out] of searches) rows.push(await compareSearch(live, from, to, out, {}, version));
    const failed = rows.filter((c) => c.verdict === 'late' || c.verdict === 'missing');
    expect(failed.length, formatTable(live, failed)).toBe(0);
    expect(rows.filter((c) => c.verdict !== 'no reference journey').length).toBeGreaterThan(15);
    // Every ride plan() offers runs as the overlaid trips say: not cancelled, boarding and alighting
    // where it stops, at the live times.
    let rides = 0;
    for (const row of rows) {
      for (const step of row.plan.walkAndTransit.flatMap((j) => j.depart.steps)) {
        const ref = step.live?.trip;
        if (!ref) continue;
        rides++;
        const id = `${ref.feed_id}:${ref.trip_id}`;
        const date = Number(ref.service_date.replaceAll('-', ''));
        const changedRun = changedRuns.get(`${id}|${date}`);
        expect(changedRun, `${id} on ${date}`).not.toBe('cancelled');
        const trip = (changedRun as RefTrip | undefined) ?? r.net.trips.find((t) => t.id === id)!;
        const board = trip.stops.indexOf(r.net.stopById.get(`${ref.feed_id}:${ref.from_stop_id}`)!);
        const alight = trip.stops.indexOf(r.net.stopById.get(`${ref.feed_id}:${ref.to_stop_id}`)!, board + 1);
        expect(trip.noPickup[board]).toBe(0);
        expect(trip.noDropOff[alight]).toBe(0);
        const zero = serviceDayStartEpochSec(r.net.timeZone, date);
        expect(step.departure_time).toBe(formatLocalTime(r.net.timeZone, zero + trip.departures[board]!));
        expect(step.arrival_time).toBe(formatLocalTime(r.net.timeZone, zero + trip.arrivals[alight]!));
      }
    }
    expect(rides).toBeGreaterThan(15);
    // Not vacuous: some answers differ from the timetable's.
    const timetableAnswers = await Promise.all(
      searches.map(([from, to, out]) => compareSearch(r, from, to, out)),
    );
    const moved = rows.filter((c, i) => c.ref.arrivalSec !== timetableAnswers[i]!.ref.arrivalSec).length;
    expect(moved).toBeGreaterThan(0);
  });
});
