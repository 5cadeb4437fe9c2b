import bindings from 'gtfs-realtime-bindings';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  dayNumberToDate,
  dateToDayNumber,
  epochToLocal,
  serviceDayStartEpochSec,
} from '../time/serviceDay.ts';
import type { Timetable } from '../timetable/timetable.ts';
import { serviceRunsOn } from '../timetable/transitView.ts';
import type { FeedReport } from './liveVersion.ts';
import { tripStops } from './tripIndex.ts';

/*
 * A deterministic stand-in for the operators' GTFS-realtime feeds, so the demo region runs live
 * without any set-up: for a given clock it always says the same thing. Buses running in the next
 * few hours are late by a few minutes (about one in three, by a hash of trip and date; some only
 * from a later stop on), one bus is cancelled, one skips a stop, and ferries carry a weather alert.
 * The choice of the cancelled and skipping trips holds for a clock hour, so a traveller watching
 * a journey sees it stay put between polls. Real protobuf, served per static feed over HTTP.
 */

const rt = bindings.transit_realtime;
const WINDOW_BEFORE_SEC = 30 * 60;
const WINDOW_AFTER_SEC = 3 * 3600;
const BUS_MODES = new Set(['bus', 'intercity bus']);

export type SimulatedKind = FeedReport['kind'];
export const SIMULATED_KINDS: readonly SimulatedKind[] = [
  'trip-updates',
  'service-alerts',
  'vehicle-positions',
];

/** FNV-1a: a stable small hash of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

interface Instance {
  trip: number;
  /** Bare GTFS trip id. */
  id: string;
  date: string;
  zero: number;
  startSec: number;
  endSec: number;
  bus: boolean;
}

/** Trip instances of `feed` (today's and yesterday's past midnight) overlapping the simulation window. */
function instancesNear(tt: Timetable, feed: number, nowSec: number): Instance[] {
  const meta = tt.meta.feeds[feed]!;
  const today = dateToDayNumber(epochToLocal(meta.timezone, nowSec).date);
  const out: Instance[] = [];
  for (const day of [today - 1, today]) {
    const date = dayNumberToDate(day);
    const zero = serviceDayStartEpochSec(meta.timezone, date);
    for (let t = 0; t < tt.tripCount; t++) {
      const info = tt.a.tripInfo[t]!;
      const line = tt.meta.lines[tt.a.tripInfoLine[info]!];
      if (line?.feed !== feed || tt.a.tripHeadwaySec[t]! > 0) continue;
      if (!serviceRunsOn(tt.a, tt.a.tripService[t]!, day)) continue;
      const o = tt.a.tripTimeOffsets[t]!;
      const startSec = zero + tt.a.departures[o]!;
      const endSec = zero + tt.a.arrivals[o + tripStops(tt, t).length - 1]!;
      if (endSec < nowSec - WINDOW_BEFORE_SEC || startSec > nowSec + WINDOW_AFTER_SEC) continue;
      const id = tt.meta.tripInfoIds[info]!.slice(meta.id.length + 1);
      out.push({ trip: t, id, date: String(date), zero, startSec, endSec, bus: BUS_MODES.has(line.mode) });
    }
  }
  return out;
}

/** The bus picked for `role` this clock hour: least hash among buses leaving in the hour's window. */
function pickBus(
  list: Instance[],
  nowSec: number,
  role: string,
  minStops: number,
  tt: Timetable,
  not?: Instance,
) {
  const hour = Math.floor(nowSec / 3600);
  const from = hour * 3600 + 15 * 60;
  let best: Instance | undefined;
  let bestHash = Infinity;
  for (const i of list) {
    if (!i.bus || i === not || i.startSec < from || i.startSec > from + 2 * 3600) continue;
    if (tripStops(tt, i.trip).length < minStops) continue;
    const h = hash(`${role}|${i.id}|${i.date}|${hour}`);
    if (h < bestHash) {
      bestHash = h;
      best = i;
    }
  }
  return best;
}

/** The FeedMessage of one kind for static feed `feedId` at `nowSec`, as protobuf bytes. */
export function simulateFeed(tt: Timetable, feedId: string, kind: SimulatedKind, nowSec: number): Uint8Array {
  const feed = tt.meta.feeds.findIndex((f) => f.id === feedId);
  const entity: object[] = [];
  if (feed >= 0) {
    if (kind === 'service-alerts') entity.push(...ferryAlerts(tt, feed, nowSec));
    else {
      const near = instancesNear(tt, feed, nowSec);
      if (kind === 'trip-updates') entity.push(...tripUpdates(tt, near, nowSec));
      else entity.push(...vehicles(tt, near, nowSec));
    }
  }
  const msg = rt.FeedMessage.fromObject({
    header: { gtfsRealtimeVersion: '2.0', incrementality: 'FULL_DATASET', timestamp: nowSec },
    entity: entity.map((e, i) => ({ id: `${kind}-${i}`, ...e })),
  });
  return rt.FeedMessage.encode(msg).finish();
}

function tripUpdates(tt: Timetable, near: Instance[], nowSec: number): object[] {
  const cancelled = pickBus(near, nowSec, 'cancel', 2, tt);
  const skipping = pickBus(near, nowSec, 'skip', 3, tt, cancelled);
  const out: object[] = [];
  for (const i of near) {
    const trip = { tripId: i.id, startDate: i.date };
    const stops = tripStops(tt, i.trip);
    const stopId = (pos: number) => {
      const id = tt.meta.stopIds[stops[pos]!]!;
      return id.slice(id.indexOf(':') + 1);
    };
    if (i === cancelled) {
      out.push({ tripUpdate: { trip: { ...trip, scheduleRelationship: 'CANCELED' } } });
      continue;
    }
    if (i === skipping) {
      const middle = Math.floor(stops.length / 2);
      out.push({
        tripUpdate: { trip, stopTimeUpdate: [{ stopId: stopId(middle), scheduleRelationship: 'SKIPPED' }] },
      });
      continue;
    }
    const h = hash(`late|${i.id}|${i.date}`);
    if (!i.bus || h % 3 !== 0) continue;
    const delaySec = (2 + ((h >>> 4) % 11)) * 60;
    // Some producers only report from a later stop on: the earlier stops keep their times.
    const from = (h >>> 8) % 2 === 0 ? 0 : Math.floor(stops.length / 2);
    out.push({
      tripUpdate: {
        trip,
        stopTimeUpdate: [
          { stopId: stopId(from), arrival: { delay: delaySec }, departure: { delay: delaySec } },
        ],
      },
    });
  }
  return out;
}

function vehicles(tt: Timetable, near: Instance[], nowSec: number): object[] {
  const out: object[] = [];
  for (const i of near) {
    if (nowSec < i.startSec || nowSec > i.endSec) continue;
    const stops = tripStops(tt, i.trip);
    const o = tt.a.tripTimeOffsets[i.trip]!;
    let pos = 0;
    while (pos + 1 < stops.length && i.zero + tt.a.departures[o + pos + 1]! <= nowSec) pos++;
    const stop = stops[pos]!;
    out.push({
      vehicle: {
        trip: { tripId: i.id, startDate: i.date },
        position: { latitude: tt.a.stopLat[stop]!, longitude: tt.a.stopLon[stop]! },
        timestamp: nowSec,
      },
    });
  }
  return out;
}

/** A weather alert on every ferry route of the feed, for the whole service day. */
function ferryAlerts(tt: Timetable, feed: number, nowSec: number): object[] {
  const meta = tt.meta.feeds[feed]!;
  const date = epochToLocal(meta.timezone, nowSec).date;
  const start = serviceDayStartEpochSec(meta.timezone, date);
  const bare = (id: string) => id.slice(meta.id.length + 1);
  return tt.meta.lines
    .filter((l) => l.feed === feed && l.mode === 'ferry')
    .map((l) => ({
      alert: {
        activePeriod: [{ start, end: start + 36 * 3600 }],
        informedEntity: [{ routeId: bare(l.id), agencyId: bare(tt.meta.agencies[l.agency]?.id ?? '') }],
        cause: 'WEATHER',
        effect: 'REDUCED_SERVICE',
        headerText: {
          translation: [{ text: 'Strong winds: sailings may be cancelled at short notice', language: 'en' }],
        },
        descriptionText: {
          translation: [
            {
              text: `Gales are forecast on the loch. ${l.shortName || l.longName} sailings may be cancelled or turned back; check with the operator before you travel.`,
              language: 'en',
            },
          ],
        },
      },
    }));
}

/** One simulated source: which static feed, which kind, and its path on the simulator's server. */
export interface SimulatedSource {
  feedId: string;
  kind: SimulatedKind;
  path: string;
}

/** Every source the simulator serves for `tt`, under `prefix` (e.g. '/gtfs-rt'). */
export function simulatedSources(tt: Timetable, prefix = '/gtfs-rt'): SimulatedSource[] {
  return tt.meta.feeds.flatMap((f) =>
    SIMULATED_KINDS.map((kind) => ({
      feedId: f.id,
      kind,
      path: `${prefix}/${encodeURIComponent(f.id)}/${kind}`,
    })),
  );
}

/**
 * A node:http handler serving `GET {prefix}/{feedId}/{trip-updates|service-alerts|vehicle-positions}`
 * as application/x-protobuf at the clock's time. Returns false (and leaves the response alone)
 * for any other path, so it can sit in front of another handler.
 */
export function simulatorHandler(tt: Timetable, clock: () => number = Date.now, prefix = '/gtfs-rt') {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(`${prefix}/`)) return false;
    const [feedId, kind] = url.pathname
      .slice(prefix.length + 1)
      .split('/')
      .map(decodeURIComponent);
    if (req.method !== 'GET' || !feedId || !SIMULATED_KINDS.includes(kind as SimulatedKind)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not a simulated feed');
      return true;
    }
    if (!tt.meta.feeds.some((f) => f.id === feedId)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('unknown feed');
      return true;
    }
    const body = simulateFeed(tt, feedId, kind as SimulatedKind, Math.floor(clock() / 1000));
    res.writeHead(200, { 'content-type': 'application/x-protobuf', 'cache-control': 'no-store' }).end(body);
    return true;
  };
}
