// GTFS-realtime fixtures: FeedMessages written as plain objects and encoded with the bindings, as a producer would send them.
import bindings from 'gtfs-realtime-bindings';
import { localToEpochSec } from '../../../src/time/serviceDay.ts';

const rt = bindings.transit_realtime;

/** The protobuf bytes of a FeedMessage given as a plain object (camelCase fields, enum names). */
export function encodeFeed(entities: object[], timestampSec: number, extra: object = {}): Uint8Array {
  const msg = rt.FeedMessage.fromObject({
    header: { gtfsRealtimeVersion: '2.0', incrementality: 'FULL_DATASET', timestamp: timestampSec, ...extra },
    entity: entities.map((e, i) => ({ id: `e${i}`, ...e })),
  });
  return rt.FeedMessage.encode(msg).finish();
}

/** Epoch seconds of a London wall-clock time ("HH:MM", may pass 24:00) on a service date. */
export function london(date: number, hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return localToEpochSec('Europe/London', date, h! * 3600 + m! * 60);
}
