import type { Timetable } from '../timetable/timetable.ts';
import type { RtFeed, RtTripDescriptor } from './decodeFeed.ts';
import { tripIndexOf } from './tripIndex.ts';

/*
 * SIRI names journeys and lines as the operator's systems know them: DatedVehicleJourneyRef is
 * the journey code (TransXChange's VehicleJourneyCode), LineRef the public line name. The
 * TransXChange reader makes trip ids unique as "file:service:code" and route ids
 * "service:line", so a SIRI reference is taken to the one trip whose id ends in ":code", and to
 * the one route whose short name is the line; a reference the feed already uses as an id stays.
 * Ambiguous or unknown references stay as given and are counted unmatched, as GTFS-realtime's are.
 */

interface FeedRefs {
  tripByCode: Map<string, string | null>;
  routeByName: Map<string, string | null>;
  trips: Set<string>;
  routes: Set<string>;
}

const cache = new WeakMap<Timetable, Map<string, FeedRefs>>();

function refsOf(tt: Timetable, feedId: string): FeedRefs {
  let byFeed = cache.get(tt);
  if (!byFeed) cache.set(tt, (byFeed = new Map()));
  const known = byFeed.get(feedId);
  if (known) return known;
  const once = <K>(m: Map<K, string | null>, k: K, v: string): void => {
    m.set(k, m.has(k) && m.get(k) !== v ? null : v);
  };
  const trips = new Set(tripIndexOf(tt).feedTrips(feedId).keys());
  const tripByCode = new Map<string, string | null>();
  for (const id of trips) once(tripByCode, id.slice(id.lastIndexOf(':') + 1), id);
  const prefix = `${feedId}:`;
  const routes = new Set<string>();
  const routeByName = new Map<string, string | null>();
  for (const l of tt.meta.lines) {
    if (!l.id.startsWith(prefix)) continue;
    const id = l.id.slice(prefix.length);
    routes.add(id);
    once(routeByName, l.shortName, id);
  }
  const refs = { tripByCode, routeByName, trips, routes };
  byFeed.set(feedId, refs);
  return refs;
}

/** A SIRI-decoded feed with its journey and line references turned into the feed's trip and route ids. */
export function resolveSiriRefs(tt: Timetable, feedId: string, feed: RtFeed): RtFeed {
  const r = refsOf(tt, feedId);
  const trip = (id: string | undefined): string | undefined =>
    id === undefined || r.trips.has(id) ? id : (r.tripByCode.get(id) ?? id);
  const route = (id: string | undefined): string | undefined =>
    id === undefined || r.routes.has(id) ? id : (r.routeByName.get(id) ?? id);
  const descriptor = (d: RtTripDescriptor): RtTripDescriptor => {
    const out = { ...d };
    const t = trip(d.tripId);
    const rt = route(d.routeId);
    if (t !== undefined) out.tripId = t;
    if (rt !== undefined) out.routeId = rt;
    return out;
  };
  return {
    ...feed,
    tripUpdates: feed.tripUpdates.map((u) => ({ ...u, trip: descriptor(u.trip) })),
    vehicles: feed.vehicles.map((v) => (v.trip ? { ...v, trip: descriptor(v.trip) } : v)),
    alerts: feed.alerts.map((a) => ({
      ...a,
      informed: a.informed.map((e) => ({
        ...e,
        ...(e.tripId ? { tripId: trip(e.tripId) } : {}),
        ...(e.routeId ? { routeId: route(e.routeId) } : {}),
      })),
    })),
  };
}
