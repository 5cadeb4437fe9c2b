import { findChild, listChildren, parseXmlTree, textAt } from '../xml/xmlTree.ts';
import type { XmlElement } from '../xml/xmlTree.ts';
import type {
  DecodeResult,
  RtAlert,
  RtFeed,
  RtInformedEntity,
  RtStopTimeUpdate,
  RtTripDescriptor,
  RtTripUpdate,
  RtVehicle,
} from './decodeFeed.ts';

/*
 * SIRI (Service Interface for Real Time Information, CEN/TS 15531, as the UK's Bus Open Data
 * Service and Traveline publish it) → the same plain records GTFS-realtime decodes to, so the
 * matching, delay propagation and alerts after this are the GTFS-realtime ones:
 * - SIRI-ET EstimatedVehicleJourney → a trip update (expected times per call, cancelled calls
 *   skipped, a cancelled journey cancelled);
 * - SIRI-VM VehicleActivity → a vehicle position (and the stop it is at or heading to);
 * - SIRI-SX PtSituationElement → an alert (validity, summary, description, lines, stops, journeys).
 * Journeys are named as SIRI names them (DatedVehicleJourneyRef, LineRef, the origin's aimed
 * departure); realtime/siriRefs.ts turns those names into the feed's own ids.
 */

/** Epoch seconds of an xs:dateTime with offset; undefined when unreadable. */
function epochOf(text: string): number | undefined {
  if (!text) return undefined;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

/** "HH:MM:SS" local clock of an xs:dateTime as written (SIRI times carry the local offset). */
function clockOf(text: string): string | undefined {
  const m = /T(\d{2}:\d{2})(?::(\d{2}))?/.exec(text);
  return m ? `${m[1]}:${m[2] ?? '00'}` : undefined;
}

/** "YYYYMMDD" of a date or an xs:dateTime. */
function dateOf(text: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? `${m[1]}${m[2]}${m[3]}` : undefined;
}

/** The trip a SIRI journey names: its journey ref, line, origin departure and day. */
function tripOf(j: XmlElement): RtTripDescriptor {
  const framed = findChild(j, 'FramedVehicleJourneyRef');
  const tripId = textAt(framed, 'DatedVehicleJourneyRef') || textAt(j, 'DatedVehicleJourneyRef');
  const originDeparture = textAt(j, 'OriginAimedDepartureTime');
  const out: RtTripDescriptor = {
    relationship: textAt(j, 'Cancellation') === 'true' ? 'CANCELED' : 'SCHEDULED',
  };
  if (tripId) out.tripId = tripId;
  const line = textAt(j, 'LineRef');
  if (line) out.routeId = line;
  const start = clockOf(originDeparture);
  if (start) out.startTime = start;
  const date = dateOf(textAt(framed, 'DataFrameRef')) ?? dateOf(originDeparture);
  if (date) out.startDate = date;
  return out;
}

/** Decodes a SIRI ServiceDelivery (ET, VM or SX); a document that is not SIRI is a value, never a throw. */
export function decodeSiri(bytes: Uint8Array): DecodeResult {
  const parsed = parseXmlTree(new TextDecoder().decode(bytes));
  if (!parsed.ok) return { ok: false, error: `not SIRI XML: line ${parsed.line}: ${parsed.message}` };
  const delivery = findChild(parsed.root, 'ServiceDelivery');
  if (parsed.root.name !== 'Siri' || !delivery)
    return { ok: false, error: `not a SIRI ServiceDelivery (root element ${parsed.root.name})` };
  const feed: RtFeed = {
    timestampSec: epochOf(textAt(delivery, 'ResponseTimestamp')) ?? 0,
    incrementality: 'FULL_DATASET',
    tripUpdates: [],
    alerts: [],
    vehicles: [],
  };
  for (const et of listChildren(delivery, 'EstimatedTimetableDelivery'))
    for (const frame of listChildren(et, 'EstimatedJourneyVersionFrame'))
      for (const j of listChildren(frame, 'EstimatedVehicleJourney')) feed.tripUpdates.push(tripUpdateOf(j));
  for (const vm of listChildren(delivery, 'VehicleMonitoringDelivery'))
    for (const a of listChildren(vm, 'VehicleActivity')) {
      const v = vehicleOf(a);
      if (v) feed.vehicles.push(v);
    }
  for (const sx of listChildren(delivery, 'SituationExchangeDelivery'))
    for (const s of listChildren(findChild(sx, 'Situations'), 'PtSituationElement'))
      feed.alerts.push(alertOf(s));
  return { ok: true, feed };
}

function tripUpdateOf(j: XmlElement): RtTripUpdate {
  const trip = tripOf(j);
  const update: RtTripUpdate = {
    entityId: trip.tripId ?? `${trip.routeId ?? ''}|${trip.startDate ?? ''}|${trip.startTime ?? ''}`,
    trip,
    stopTimeUpdates: [],
  };
  const calls = [
    ...listChildren(findChild(j, 'RecordedCalls'), 'RecordedCall'),
    ...listChildren(findChild(j, 'EstimatedCalls'), 'EstimatedCall'),
  ];
  for (const c of calls) {
    const u: RtStopTimeUpdate = {
      relationship: textAt(c, 'Cancellation') === 'true' ? 'SKIPPED' : 'SCHEDULED',
    };
    const stopId = textAt(c, 'StopPointRef');
    if (stopId) u.stopId = stopId;
    const order = Number(textAt(c, 'Order'));
    if (Number.isInteger(order) && order > 0) u.stopSequence = order;
    const arrival = epochOf(textAt(c, 'ActualArrivalTime') || textAt(c, 'ExpectedArrivalTime'));
    const departure = epochOf(textAt(c, 'ActualDepartureTime') || textAt(c, 'ExpectedDepartureTime'));
    if (arrival !== undefined) u.arrival = { timeSec: arrival };
    if (departure !== undefined) u.departure = { timeSec: departure };
    update.stopTimeUpdates.push(u);
  }
  return update;
}

function vehicleOf(a: XmlElement): RtVehicle | undefined {
  const j = findChild(a, 'MonitoredVehicleJourney');
  if (!j) return undefined;
  const lat = Number(textAt(j, 'VehicleLocation', 'Latitude') || NaN);
  const lon = Number(textAt(j, 'VehicleLocation', 'Longitude') || NaN);
  const call = findChild(j, 'MonitoredCall');
  const v: RtVehicle = {
    entityId: textAt(j, 'VehicleRef') || textAt(a, 'ItemIdentifier') || `${textAt(j, 'LineRef')}|${a.line}`,
    trip: tripOf(j),
    // SIRI's MonitoredCall is the stop the vehicle is at (VehicleAtStop) or the next one.
    status: textAt(call, 'VehicleAtStop') === 'true' ? 'STOPPED_AT' : 'IN_TRANSIT_TO',
  };
  if (Number.isFinite(lat) && Number.isFinite(lon)) {
    v.lat = lat;
    v.lon = lon;
  }
  const stopId = textAt(call, 'StopPointRef');
  if (stopId) v.stopId = stopId;
  const at = epochOf(textAt(a, 'RecordedAtTime'));
  if (at !== undefined) v.timeSec = at;
  return v;
}

/** SIRI's ReasonType-like elements, in the GTFS-realtime Cause words the product shows. */
const CAUSE: Record<string, string> = {
  EnvironmentReason: 'WEATHER',
  EquipmentReason: 'TECHNICAL_PROBLEM',
  PersonnelReason: 'STRIKE',
  MiscellaneousReason: 'OTHER_CAUSE',
};

function alertOf(s: XmlElement): RtAlert {
  const informed: RtInformedEntity[] = [];
  const affects = findChild(s, 'Affects');
  for (const n of listChildren(findChild(affects, 'Networks'), 'AffectedNetwork'))
    for (const l of listChildren(n, 'AffectedLine')) informed.push({ routeId: textAt(l, 'LineRef') });
  for (const p of listChildren(findChild(affects, 'StopPoints'), 'AffectedStopPoint'))
    informed.push({ stopId: textAt(p, 'StopPointRef') });
  for (const o of listChildren(findChild(affects, 'Operators'), 'AffectedOperator'))
    informed.push({ agencyId: textAt(o, 'OperatorRef') });
  for (const v of listChildren(findChild(affects, 'VehicleJourneys'), 'AffectedVehicleJourney')) {
    const ref =
      textAt(v, 'DatedVehicleJourneyRef') || textAt(v, 'FramedVehicleJourneyRef', 'DatedVehicleJourneyRef');
    if (ref) informed.push({ tripId: ref });
  }
  const reason = s.children.find((c) => c.name in CAUSE);
  const severity = textAt(s, 'Severity');
  const url = textAt(findChild(findChild(s, 'InfoLinks'), 'InfoLink'), 'Uri');
  return {
    entityId: textAt(s, 'SituationNumber') || `situation-${s.line}`,
    activePeriods: listChildren(s, 'ValidityPeriod').map((p) => {
      const startSec = epochOf(textAt(p, 'StartTime'));
      const endSec = epochOf(textAt(p, 'EndTime'));
      return { ...(startSec !== undefined ? { startSec } : {}), ...(endSec !== undefined ? { endSec } : {}) };
    }),
    informed: informed.filter((e) => Object.values(e).some(Boolean)),
    cause: reason ? CAUSE[reason.name]! : 'UNKNOWN_CAUSE',
    // A SIRI-SX without consequences still tells riders something: other effect, as GTFS-RT's default.
    effect: severity === 'noImpact' ? 'NO_EFFECT' : 'OTHER_EFFECT',
    header: textAt(s, 'Summary'),
    description: textAt(s, 'Description'),
    ...(url ? { url } : {}),
  };
}
