import bindings from 'gtfs-realtime-bindings';

/*
 * GTFS-realtime FeedMessage → plain records. Decoding is the bindings' (MobilityData's generated
 * protobufjs classes); this file only reads the fields Cairn uses into plain numbers and strings,
 * so nothing past it sees protobuf types, Long values or enum numbers. A feed that cannot be
 * decoded is a value (`ok: false`), never a throw: a poller logs it and keeps the last version.
 */

const rt = bindings.transit_realtime;

export type TripRelationship =
  'SCHEDULED' | 'ADDED' | 'UNSCHEDULED' | 'CANCELED' | 'REPLACEMENT' | 'DUPLICATED' | 'DELETED' | 'NEW';
export type StopRelationship = 'SCHEDULED' | 'SKIPPED' | 'NO_DATA' | 'UNSCHEDULED';

export interface RtTripDescriptor {
  tripId?: string;
  routeId?: string;
  directionId?: number;
  /** "HH:MM:SS", may pass 24:00:00 for a trip of the previous service day. */
  startTime?: string;
  /** "YYYYMMDD", the service day. */
  startDate?: string;
  relationship: TripRelationship;
}

export interface RtStopEvent {
  delaySec?: number;
  /** Absolute time, epoch seconds. */
  timeSec?: number;
  /** Not a prediction but a bound, epoch seconds: the event is no earlier (from a vehicle position, see vehiclePositions.ts). */
  notBeforeSec?: number;
}

export interface RtStopTimeUpdate {
  stopSequence?: number;
  stopId?: string;
  arrival?: RtStopEvent;
  departure?: RtStopEvent;
  relationship: StopRelationship;
}

export interface RtTripUpdate {
  entityId: string;
  trip: RtTripDescriptor;
  /** Trip-wide delay for stops the updates say nothing about (GTFS-RT experimental field). */
  delaySec?: number;
  stopTimeUpdates: RtStopTimeUpdate[];
}

export interface RtInformedEntity {
  agencyId?: string;
  routeId?: string;
  stopId?: string;
  tripId?: string;
}

export interface RtAlert {
  entityId: string;
  /** Active periods in epoch seconds; empty = always. */
  activePeriods: { startSec?: number; endSec?: number }[];
  informed: RtInformedEntity[];
  cause: string;
  effect: string;
  header: string;
  description: string;
  url?: string;
}

export type VehicleStopStatus = 'INCOMING_AT' | 'STOPPED_AT' | 'IN_TRANSIT_TO';

export interface RtVehicle {
  entityId: string;
  trip?: RtTripDescriptor;
  lat?: number;
  lon?: number;
  /** The stop the vehicle is at or heading to (`status` says which), by id or by stop_sequence. */
  stopId?: string;
  stopSequence?: number;
  status: VehicleStopStatus;
  /** When the vehicle was there, epoch seconds. */
  timeSec?: number;
}

export interface RtFeed {
  /** Header timestamp, epoch seconds (0 when the producer left it out). */
  timestampSec: number;
  incrementality: 'FULL_DATASET' | 'DIFFERENTIAL';
  tripUpdates: RtTripUpdate[];
  alerts: RtAlert[];
  vehicles: RtVehicle[];
}

export type DecodeResult = { ok: true; feed: RtFeed } | { ok: false; error: string };

export function decodeFeed(bytes: Uint8Array): DecodeResult {
  let msg: bindings.transit_realtime.FeedMessage;
  try {
    msg = rt.FeedMessage.decode(bytes);
  } catch (e) {
    return { ok: false, error: `not a GTFS-realtime FeedMessage: ${(e as Error).message}` };
  }
  const feed: RtFeed = {
    timestampSec: num(msg.header.timestamp) ?? 0,
    incrementality:
      msg.header.incrementality === rt.FeedHeader.Incrementality.DIFFERENTIAL
        ? 'DIFFERENTIAL'
        : 'FULL_DATASET',
    tripUpdates: [],
    alerts: [],
    vehicles: [],
  };
  for (const e of msg.entity) {
    if (e.isDeleted) continue;
    if (e.tripUpdate) feed.tripUpdates.push(tripUpdateOf(e.id, e.tripUpdate));
    if (e.alert) feed.alerts.push(alertOf(e.id, e.alert));
    if (e.vehicle) feed.vehicles.push(vehicleOf(e.id, e.vehicle));
  }
  return { ok: true, feed };
}

/** protobufjs gives uint64 as a Long-like object (or a number); both as a number. */
function num(v: number | { toNumber(): number } | null | undefined): number | undefined {
  if (v === null || v === undefined) return undefined;
  return typeof v === 'number' ? v : v.toNumber();
}

/** `{ key: value }` when the protobuf field was set (proto3-style defaults read as unset). */
function opt<K extends string, V>(key: K, value: V | null | undefined): { [k in K]?: V } {
  return value === null || value === undefined || value === '' ? {} : ({ [key]: value } as { [k in K]: V });
}

const TRIP_REL = rt.TripDescriptor.ScheduleRelationship;
const STOP_REL = rt.TripUpdate.StopTimeUpdate.ScheduleRelationship;

// The trip-update readers assign fields one by one: a full feed has one entity per trip of the day.
function tripOf(t: bindings.transit_realtime.ITripDescriptor): RtTripDescriptor {
  const out: RtTripDescriptor = {
    relationship: (TRIP_REL[t.scheduleRelationship ?? 0] ?? 'SCHEDULED') as TripRelationship,
  };
  if (t.tripId) out.tripId = t.tripId;
  if (t.routeId) out.routeId = t.routeId;
  if (hasField(t, 'directionId') && typeof t.directionId === 'number') out.directionId = t.directionId;
  if (t.startTime) out.startTime = t.startTime;
  if (t.startDate) out.startDate = t.startDate;
  return out;
}

/** protobufjs static classes mark set optional fields as own properties. */
function hasField(o: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

function eventOf(
  e: bindings.transit_realtime.TripUpdate.IStopTimeEvent | null | undefined,
): RtStopEvent | undefined {
  if (!e) return undefined;
  const out: RtStopEvent = {};
  if (hasField(e, 'delay') && e.delay !== null && e.delay !== undefined) out.delaySec = e.delay;
  const time = hasField(e, 'time') ? num(e.time) : undefined;
  if (time) out.timeSec = time;
  return out.delaySec === undefined && out.timeSec === undefined ? undefined : out;
}

function tripUpdateOf(id: string, u: bindings.transit_realtime.ITripUpdate): RtTripUpdate {
  const out: RtTripUpdate = { entityId: id, trip: tripOf(u.trip), stopTimeUpdates: [] };
  if (hasField(u, 'delay') && typeof u.delay === 'number') out.delaySec = u.delay;
  for (const s of u.stopTimeUpdate ?? []) {
    const update: RtStopTimeUpdate = {
      relationship: (STOP_REL[s.scheduleRelationship ?? 0] ?? 'SCHEDULED') as StopRelationship,
    };
    if (hasField(s, 'stopSequence') && typeof s.stopSequence === 'number')
      update.stopSequence = s.stopSequence;
    if (s.stopId) update.stopId = s.stopId;
    const arrival = eventOf(s.arrival);
    if (arrival) update.arrival = arrival;
    const departure = eventOf(s.departure);
    if (departure) update.departure = departure;
    out.stopTimeUpdates.push(update);
  }
  return out;
}

const VEHICLE_STATUS = rt.VehiclePosition.VehicleStopStatus;

/** A vehicle's position, where one was given, and the stop it is at or heading to (IN_TRANSIT_TO unless it says). */
function vehicleOf(id: string, v: bindings.transit_realtime.IVehiclePosition): RtVehicle {
  const status = hasField(v, 'currentStatus') ? VEHICLE_STATUS[v.currentStatus ?? 2] : undefined;
  const out: RtVehicle = {
    entityId: id,
    status: (status ?? 'IN_TRANSIT_TO') as VehicleStopStatus,
    ...opt('stopId', v.stopId),
    ...opt('timeSec', num(v.timestamp)),
  };
  if (v.trip) out.trip = tripOf(v.trip);
  if (v.position) {
    out.lat = v.position.latitude;
    out.lon = v.position.longitude;
  }
  if (hasField(v, 'currentStopSequence') && typeof v.currentStopSequence === 'number')
    out.stopSequence = v.currentStopSequence;
  return out;
}

/** The English translation, else the first one. */
function textOf(t: bindings.transit_realtime.ITranslatedString | null | undefined): string {
  const list = t?.translation ?? [];
  return (list.find((x) => !x.language || x.language.startsWith('en')) ?? list[0])?.text ?? '';
}

function alertOf(id: string, a: bindings.transit_realtime.IAlert): RtAlert {
  const url = textOf(a.url);
  return {
    entityId: id,
    activePeriods: (a.activePeriod ?? []).map((p) => ({
      ...opt('startSec', num(p.start)),
      ...opt('endSec', num(p.end)),
    })),
    informed: (a.informedEntity ?? []).map((e) => ({
      ...opt('agencyId', e.agencyId),
      ...opt('routeId', e.routeId),
      ...opt('stopId', e.stopId),
      ...opt('tripId', e.trip?.tripId),
    })),
    cause: rt.Alert.Cause[a.cause ?? 1] ?? 'UNKNOWN_CAUSE',
    effect: rt.Alert.Effect[a.effect ?? 8] ?? 'UNKNOWN_EFFECT',
    header: textOf(a.headerText),
    description: textOf(a.descriptionText),
    ...(url ? { url } : {}),
  };
}
