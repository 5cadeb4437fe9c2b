// Feature under test: SIRI-ET, SIRI-VM and SIRI-SX laid over a TransXChange timetable through the same live running as GTFS-realtime.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTimetableFeed } from '../../src/feeds/readTimetableFeed.ts';
import { feedsToTimetableInput } from '../../src/gtfs/toTimetableInput.ts';
import { decodeSiri } from '../../src/realtime/decodeSiri.ts';
import { LiveStore } from '../../src/realtime/liveStore.ts';
import type { LiveSource } from '../../src/realtime/liveStore.ts';
import { buildTimetable } from '../../src/timetable/builder.ts';
import type { Timetable } from '../../src/timetable/timetable.ts';
import { firstRide } from './support/firstRide.ts';
import { london } from './support/rtFeed.ts';

/*
 * One Aberdeen line in TransXChange (journey codes 1001 at 08:00 and 1002 at 09:00, Union Square →
 * Castlegate → King Street) and its live feeds in SIRI as the Bus Open Data Service sends them:
 * journeys named by DatedVehicleJourneyRef and LineRef, stops by ATCO code, times with offsets.
 */
const DATE = 20260603; // a Wednesday
const NOW = london(DATE, '07:55');
const dir = mkdtempSync(join(tmpdir(), 'cairn-siri-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function timetable(): Timetable {
  const link = (id: string, from: string, to: string, run: string): string =>
    `<JourneyPatternTimingLink id="${id}"><From><StopPointRef>${from}</StopPointRef></From><To><StopPointRef>${to}</StopPointRef></To><RunTime>${run}</RunTime></JourneyPatternTimingLink>`;
  const vj = (code: string, time: string): string =>
    `<VehicleJourney><VehicleJourneyCode>${code}</VehicleJourneyCode><ServiceRef>ABBN001</ServiceRef><LineRef>l1</LineRef><JourneyPatternRef>JP1</JourneyPatternRef><DepartureTime>${time}</DepartureTime></VehicleJourney>`;
  writeFileSync(
    join(dir, 'line1.xml'),
    `<?xml version="1.0"?><TransXChange xmlns="http://www.transxchange.org.uk/" SchemaVersion="2.4">
<JourneyPatternSections><JourneyPatternSection id="S1">${link('L1', '639000001', '639000002', 'PT10M')}${link('L2', '639000002', '639000003', 'PT10M')}</JourneyPatternSection></JourneyPatternSections>
<Operators><Operator id="O1"><NationalOperatorCode>FABD</NationalOperatorCode><OperatorShortName>First Aberdeen</OperatorShortName></Operator></Operators>
<Services><Service><ServiceCode>ABBN001</ServiceCode><Lines><Line id="l1"><LineName>1</LineName></Line></Lines>
<OperatingPeriod><StartDate>2026-06-01</StartDate><EndDate>2026-06-30</EndDate></OperatingPeriod>
<OperatingProfile><RegularDayType><DaysOfWeek><MondayToFriday/></DaysOfWeek></RegularDayType></OperatingProfile>
<RegisteredOperatorRef>O1</RegisteredOperatorRef><StandardService><Origin>A</Origin><Destination>B</Destination>
<JourneyPattern id="JP1"><Direction>outbound</Direction><JourneyPatternSectionRefs>S1</JourneyPatternSectionRefs></JourneyPattern>
</StandardService></Service></Services><VehicleJourneys>${vj('1001', '08:00:00')}${vj('1002', '09:00:00')}</VehicleJourneys></TransXChange>`,
  );
  writeFileSync(
    join(dir, 'Stops.csv'),
    'ATCOCode,CommonName,Longitude,Latitude\n639000001,Union Square,-2.0970,57.1437\n639000002,Castlegate,-2.0930,57.1485\n639000003,King Street,-2.0960,57.1540\n',
  );
  const r = readTimetableFeed(join(dir, 'line1.xml'), {
    feedId: 'f',
    type: 'transxchange',
    stopsPath: join(dir, 'Stops.csv'),
    nation: 'scotland',
  });
  if (!r.ok) throw new Error(JSON.stringify(r.warnings));
  return buildTimetable(feedsToTimetableInput([r.feed]), { transferSettings: { sameStopTransferSec: 0 } });
}

const siri = (delivery: string, stamp = '2026-06-03T07:55:00+01:00'): Uint8Array =>
  new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Siri xmlns="http://www.siri.org.uk/siri" version="2.0"><ServiceDelivery><ResponseTimestamp>${stamp}</ResponseTimestamp>${delivery}</ServiceDelivery></Siri>`,
  );
const et = (journeys: string): string =>
  `<EstimatedTimetableDelivery version="2.0"><EstimatedJourneyVersionFrame><RecordedAtTime>2026-06-03T07:55:00+01:00</RecordedAtTime>${journeys}</EstimatedJourneyVersionFrame></EstimatedTimetableDelivery>`;
const journey = (code: string, calls: string, extra = ''): string =>
  `<EstimatedVehicleJourney><LineRef>1</LineRef><DirectionRef>outbound</DirectionRef><FramedVehicleJourneyRef><DataFrameRef>2026-06-03</DataFrameRef><DatedVehicleJourneyRef>${code}</DatedVehicleJourneyRef></FramedVehicleJourneyRef>${extra}<EstimatedCalls>${calls}</EstimatedCalls></EstimatedVehicleJourney>`;
const call = (stop: string, expected: string, extra = ''): string =>
  `<EstimatedCall><StopPointRef>${stop}</StopPointRef>${extra}<ExpectedArrivalTime>2026-06-03T${expected}:00+01:00</ExpectedArrivalTime><ExpectedDepartureTime>2026-06-03T${expected}:00+01:00</ExpectedDepartureTime></EstimatedCall>`;

const src = (kind: LiveSource['kind']): LiveSource => ({
  source: `siri-${kind}`,
  feedId: 'f',
  kind,
  maxAgeSec: 300,
});
const ride = (tt: Timetable, live: Parameters<typeof firstRide>[1]) =>
  firstRide(tt, live, '639000001', '639000003', DATE, '07:55');

describe('L10 SIRI live feeds', () => {
  it('SIRI-ET: expected times move the journey its DatedVehicleJourneyRef names; plans ride on them', () => {
    const tt = timetable();
    expect(ride(tt, undefined)).toBe('08:00-08:20');
    const store = new LiveStore(tt);
    const { version, report } = store.ingest(
      src('trip-updates'),
      siri(
        et(
          journey(
            '1001',
            call('639000001', '08:06') + call('639000002', '08:16') + call('639000003', '08:26'),
          ),
        ),
      ),
      NOW,
    );
    expect(report.outcome).toBe('applied');
    expect(report.tripUpdates).toMatchObject({ matched: 1, byTripId: 1 });
    expect(ride(tt, version)).toBe('08:06-08:26');
  });

  it('SIRI-ET: a cancelled journey is not ridden; a cancelled call is skipped', () => {
    const tt = timetable();
    const store = new LiveStore(tt);
    const cancelled = journey('1001', call('639000001', '08:00'), '<Cancellation>true</Cancellation>');
    const { version, report } = store.ingest(src('trip-updates'), siri(et(cancelled)), NOW);
    expect(report.tripUpdates!.cancelled).toBe(1);
    expect(ride(tt, version)).toBe('09:00-09:20');
    const skipping = journey('1001', call('639000003', '08:20', '<Cancellation>true</Cancellation>'));
    const skipped = store.ingest(src('trip-updates'), siri(et(skipping)), NOW);
    expect(ride(tt, skipped.version)).toBe('09:00-09:20');
  });

  it('SIRI-VM: a vehicle still at the first stop after its time makes its journey late at least that much', () => {
    const tt = timetable();
    const store = new LiveStore(tt);
    const vm = `<VehicleMonitoringDelivery version="2.0"><VehicleActivity><RecordedAtTime>2026-06-03T08:07:00+01:00</RecordedAtTime><ItemIdentifier>v1</ItemIdentifier>
<MonitoredVehicleJourney><LineRef>1</LineRef><FramedVehicleJourneyRef><DataFrameRef>2026-06-03</DataFrameRef><DatedVehicleJourneyRef>1001</DatedVehicleJourneyRef></FramedVehicleJourneyRef>
<OriginAimedDepartureTime>2026-06-03T08:00:00+01:00</OriginAimedDepartureTime><VehicleLocation><Longitude>-2.0970</Longitude><Latitude>57.1437</Latitude></VehicleLocation>
<VehicleRef>FABD-123</VehicleRef><MonitoredCall><StopPointRef>639000001</StopPointRef><VehicleAtStop>true</VehicleAtStop></MonitoredCall></MonitoredVehicleJourney></VehicleActivity></VehicleMonitoringDelivery>`;
    const now = london(DATE, '08:07');
    const { version, report } = store.ingest(
      src('vehicle-positions'),
      siri(vm, '2026-06-03T08:07:00+01:00'),
      now,
    );
    expect(report.vehicles).toBe(1);
    expect(report.vehicleDelays!.trips.matched).toBe(1);
    expect(firstRide(tt, version, '639000001', '639000003', DATE, '08:05')).toBe('08:07-08:27');
  });

  it('SIRI-SX: a situation becomes an alert on the feed’s own line and stop ids', () => {
    const tt = timetable();
    const store = new LiveStore(tt);
    const sx = `<SituationExchangeDelivery version="2.0"><Situations><PtSituationElement><SituationNumber>sx-1</SituationNumber>
<ValidityPeriod><StartTime>2026-06-03T06:00:00+01:00</StartTime><EndTime>2026-06-03T20:00:00+01:00</EndTime></ValidityPeriod>
<EnvironmentReason>flooding</EnvironmentReason><Summary>Castlegate closed</Summary><Description>Buses divert via Union Street.</Description>
<Affects><Networks><AffectedNetwork><AffectedLine><LineRef>1</LineRef></AffectedLine></AffectedNetwork></Networks>
<StopPoints><AffectedStopPoint><StopPointRef>639000002</StopPointRef></AffectedStopPoint></StopPoints></Affects></PtSituationElement></Situations></SituationExchangeDelivery>`;
    const { version, report } = store.ingest(src('service-alerts'), siri(sx), NOW);
    expect(report.alerts).toBe(1);
    expect(version.alerts[0]).toMatchObject({
      id: 'f:sx-1',
      header: 'Castlegate closed',
      cause: 'WEATHER',
      informed: [{ routeId: 'f:ABBN001:l1' }, { stopId: 'f:639000002' }],
    });
  });

  it('producer quirks: a stale SIRI response and a body that is not SIRI are reported and leave the timetable', () => {
    const tt = timetable();
    const store = new LiveStore(tt);
    const late = store.ingest(
      src('trip-updates'),
      siri(et(journey('1001', call('639000001', '08:06'))), '2026-06-03T07:30:00+01:00'),
      NOW,
    );
    expect(late.report.outcome).toBe('stale');
    const broken = store.ingest(
      src('trip-updates'),
      new TextEncoder().encode('<html><body>502</body></html>'),
      NOW,
    );
    expect(broken.report).toMatchObject({ outcome: 'undecodable' });
    expect(broken.report.error).toMatch(/not a SIRI ServiceDelivery/);
    expect(decodeSiri(new TextEncoder().encode('<Siri><ServiceDelivery>')).ok).toBe(false);
    expect(ride(tt, broken.version)).toBe('08:00-08:20');
  });
});
