import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Journey, StepLive } from '@cairn/contracts';
import bindings from 'gtfs-realtime-bindings';

const rt = bindings.transit_realtime;

/** The protobuf bytes of a FULL_DATASET FeedMessage stamped now, entities given as plain objects. */
export function encodeFeed(entities: object[], timestampSec = Math.floor(Date.now() / 1000)): Uint8Array {
  const msg = rt.FeedMessage.fromObject({
    header: { gtfsRealtimeVersion: '2.0', incrementality: 'FULL_DATASET', timestamp: timestampSec },
    entity: entities.map((e, i) => ({ id: `e${i}`, ...e })),
  });
  return rt.FeedMessage.encode(msg).finish();
}

/** A TripUpdate for the trip instance a step rides, as its operator would publish it. */
export function tripUpdate(trip: StepLive['trip'], fields: object, relationship = 'SCHEDULED'): object {
  return {
    tripUpdate: {
      trip: {
        tripId: trip.trip_id,
        startDate: trip.service_date.replaceAll('-', ''),
        scheduleRelationship: relationship,
      },
      ...fields,
    },
  };
}

/** The rides (transit steps with live running) of a journey's way out. */
export const ridesOf = (j: Journey) => j.depart.steps.filter((s) => s.live !== undefined);

export interface LiveFeedServer {
  /** The LIVE_FEEDS_JSON source of this server's TripUpdates of feed `feedId`. */
  source(feedId: string): {
    feedId: string;
    kind: 'trip-updates';
    url: string;
    pollSec: number;
    maxAgeSec: number;
  };
  /** What the TripUpdates of feed `feedId` answer from now on. */
  publish(feedId: string, body: Uint8Array): void;
  /** From now on feed `feedId` answers this HTTP error status instead (a producer that went down). */
  fail(feedId: string, status: number): void;
  requests: number;
  close(): Promise<void>;
}

/** A GTFS-realtime producer on a loopback port that the test controls. */
export async function startLiveFeedServer(): Promise<LiveFeedServer> {
  const bodies = new Map<string, Uint8Array>();
  const failures = new Map<string, number>();
  const state = { requests: 0 };
  const server: Server = createServer((req, res) => {
    state.requests++;
    const feedId = decodeURIComponent(req.url?.split('/')[2] ?? '');
    const failure = failures.get(feedId);
    if (failure) return void res.writeHead(failure).end();
    // An empty message stamped now until the test publishes something.
    res
      .writeHead(200, { 'content-type': 'application/x-protobuf' })
      .end(bodies.get(feedId) ?? encodeFeed([]));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gtfs-rt`;
  return {
    source: (feedId) => ({
      feedId,
      kind: 'trip-updates',
      url: `${base}/${encodeURIComponent(feedId)}/trip-updates`,
      pollSec: 1,
      maxAgeSec: 600,
    }),
    publish(feedId, body) {
      failures.delete(feedId);
      bodies.set(feedId, body);
    },
    fail(feedId, status) {
      failures.set(feedId, status);
    },
    get requests() {
      return state.requests;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A search time on the next Monday (weekday buses run) at `hhmm`, in the SPEC §5 form. */
export function nextMonday(hhmm: string): string {
  const now = new Date();
  const days = (8 - now.getUTCDay()) % 7 || 7;
  const d = new Date(now.getTime() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${hhmm}:00`;
}
