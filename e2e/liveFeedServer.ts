import bindings from 'gtfs-realtime-bindings';
import { createServer } from 'node:http';
import type { StepLive } from '@cairn/contracts';

// A GTFS-realtime producer on loopback that a spec controls (issue #18): it serves what the spec
// last published as real protobuf (MobilityData's bindings), stamped with the time of each request
// so the API never finds it stale. Paths: /{feedId}/trip-updates and /{feedId}/service-alerts.

const rt = bindings.transit_realtime;

export type LiveFeedServer = {
  url: (feedId: string, kind: 'trip-updates' | 'service-alerts') => string;
  /** Replaces the entities served for a kind (FULL_DATASET: what is not published is gone). */
  publish: (kind: 'trip-updates' | 'service-alerts', entities: object[]) => void;
  stop: () => Promise<void>;
};

export async function startLiveFeedServer(port: number): Promise<LiveFeedServer> {
  const entities: Record<'trip-updates' | 'service-alerts', object[]> = {
    'trip-updates': [],
    'service-alerts': [],
  };
  const server = createServer((req, res) => {
    const kind = (req.url ?? '').split('/')[2];
    if (kind !== 'trip-updates' && kind !== 'service-alerts') {
      res.writeHead(404).end();
      return;
    }
    const message = rt.FeedMessage.fromObject({
      header: {
        gtfsRealtimeVersion: '2.0',
        incrementality: 'FULL_DATASET',
        timestamp: Math.floor(Date.now() / 1000),
      },
      entity: entities[kind].map((e, i) => ({ id: `${kind}-${i}`, ...e })),
    });
    res.writeHead(200, { 'content-type': 'application/x-protobuf' });
    res.end(rt.FeedMessage.encode(message).finish());
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: (feedId, kind) => `http://127.0.0.1:${port}/${encodeURIComponent(feedId)}/${kind}`,
    publish: (kind, list) => {
      entities[kind] = list;
    },
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

type LiveTrip = StepLive['trip'];

/** The trip instance of a step as GTFS-realtime names it (start_date is YYYYMMDD). */
function tripDescriptor(trip: LiveTrip, extra: object = {}): object {
  return {
    tripId: trip.trip_id,
    routeId: trip.route_id,
    startDate: trip.service_date.replaceAll('-', ''),
    ...extra,
  };
}

/** A TripUpdate delaying the trip by `delaySec` from the stop where the traveller boards. */
export function delayed(trip: LiveTrip, delaySec: number): object {
  return {
    tripUpdate: {
      trip: tripDescriptor(trip),
      stopTimeUpdate: [
        { stopId: trip.from_stop_id, arrival: { delay: delaySec }, departure: { delay: delaySec } },
      ],
    },
  };
}

/** A TripUpdate cancelling the trip. */
export function cancelled(trip: LiveTrip): object {
  return { tripUpdate: { trip: tripDescriptor(trip, { scheduleRelationship: 'CANCELED' }) } };
}

/** A ServiceAlert on the trip's route. */
export function routeAlert(trip: LiveTrip, header: string, description: string, url: string): object {
  const text = (t: string) => ({ translation: [{ text: t, language: 'en' }] });
  return {
    alert: {
      informedEntity: [{ routeId: trip.route_id }],
      cause: 'CONSTRUCTION',
      effect: 'DETOUR',
      headerText: text(header),
      descriptionText: text(description),
      url: text(url),
    },
  };
}
