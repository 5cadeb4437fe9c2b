// Feature: the TransXChange and NaPTAN readers report what they cannot use (file, line, field), read zips, overrides, school days and frequencies.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { readTimetableFeed } from '../../src/feeds/readTimetableFeed.ts';
import { WarningLog } from '../../src/gtfs/warnings.ts';
import { readNaptan } from '../../src/naptan/readNaptan.ts';
import { journeysOn } from './feedDays.ts';

const dir = mkdtempSync(join(tmpdir(), 'cairn-txc-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string | Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const NAPTAN = write(
  'Stops.csv',
  'ATCOCode,CommonName,Longitude,Latitude\n' +
    '639000001,Union Square,-2.0970,57.1437\n' +
    '639000002,Castlegate,-2.0930,57.1485\n' +
    '639000003,King Street,-2.0960,57.1540\n',
);

const link = (id: string, from: string, to: string, run: string, extra = ''): string =>
  `<JourneyPatternTimingLink id="${id}"><From><StopPointRef>${from}</StopPointRef></From>` +
  `<To>${extra}<StopPointRef>${to}</StopPointRef></To><RunTime>${run}</RunTime></JourneyPatternTimingLink>`;

/** A small TransXChange document: one service over three stops, journeys given by the caller. */
function document(journeys: string, more = ''): string {
  return `<?xml version="1.0"?>
<TransXChange xmlns="http://www.transxchange.org.uk/" SchemaVersion="2.4" CreationDateTime="2026-01-01T00:00:00">
  ${more}
  <StopPoints>
    <AnnotatedStopPointRef><StopPointRef>639000001</StopPointRef><CommonName>Union Square</CommonName></AnnotatedStopPointRef>
  </StopPoints>
  <JourneyPatternSections><JourneyPatternSection id="JPS1">
    ${link('L1', '639000001', '639000002', 'PT5M', '<WaitTime>PT2M</WaitTime>')}
    ${link('L2', '639000002', '639000003', 'PT4M')}
  </JourneyPatternSection></JourneyPatternSections>
  <Operators><Operator id="O1"><NationalOperatorCode>FABD</NationalOperatorCode><OperatorShortName>First Aberdeen</OperatorShortName></Operator></Operators>
  <Services><Service>
    <ServiceCode>S1</ServiceCode>
    <Lines><Line id="l1"><LineName>1</LineName></Line></Lines>
    <OperatingPeriod><StartDate>2026-01-05</StartDate><EndDate>2026-03-31</EndDate></OperatingPeriod>
    <OperatingProfile><RegularDayType><DaysOfWeek><MondayToFriday/></DaysOfWeek></RegularDayType></OperatingProfile>
    <RegisteredOperatorRef>O1</RegisteredOperatorRef>
    <StandardService><Origin>Union Square</Origin><Destination>King Street</Destination>
      <JourneyPattern id="JP1"><Direction>outbound</Direction><JourneyPatternSectionRefs>JPS1</JourneyPatternSectionRefs></JourneyPattern>
    </StandardService>
  </Service></Services>
  <VehicleJourneys>${journeys}</VehicleJourneys>
</TransXChange>`;
}
const journey = (code: string, time: string, inner = ''): string =>
  `<VehicleJourney><VehicleJourneyCode>${code}</VehicleJourneyCode><ServiceRef>S1</ServiceRef><LineRef>l1</LineRef>` +
  `<JourneyPatternRef>JP1</JourneyPatternRef>${inner}<DepartureTime>${time}</DepartureTime></VehicleJourney>`;

const read = (path: string) =>
  readTimetableFeed(path, { feedId: 'abz', type: 'transxchange', stopsPath: NAPTAN, nation: 'scotland' });

describe('U04 TransXChange reader reports', () => {
  it('times a journey with its waits and a VehicleJourneyTimingLink override', () => {
    const path = write(
      'override.xml',
      document(
        journey('a', '08:00:00') +
          journey(
            'b',
            '09:00:00',
            '<VehicleJourneyTimingLink><JourneyPatternTimingLinkRef>L2</JourneyPatternTimingLinkRef><RunTime>PT10M</RunTime></VehicleJourneyTimingLink>',
          ),
      ),
    );
    const r = read(path);
    if (!r.ok) throw new Error(JSON.stringify(r.warnings));
    const times = journeysOn(r.feed, 20260105).map((j) => j.calls.map((c) => `${c.name} ${c.time}`));
    // Arrive Castlegate 08:05, wait 2 minutes (To WaitTime), leave 08:07, King Street 08:11.
    expect(times).toEqual([
      ['Union Square 08:00', 'Castlegate 08:07', 'King Street 08:11'],
      ['Union Square 09:00', 'Castlegate 09:07', 'King Street 09:17'],
    ]);
    expect(r.warnings).toEqual([]);
  });

  it('reports elements it does not read with file, line and field, and keeps the rest', () => {
    const path = write(
      'unsupported.xml',
      document(
        journey(
          'a',
          '08:00:00',
          '<OperatingProfile><RegularDayType><DaysOfWeek><Monday/></DaysOfWeek></RegularDayType><PeriodicDayType><WeekOfMonth><WeekNumber>1</WeekNumber></WeekOfMonth></PeriodicDayType></OperatingProfile>' +
            '<VehicleJourneyInterchange/>',
        ),
      ),
    );
    const r = read(path);
    expect(r.ok).toBe(true);
    expect(r.warnings.map((w) => [w.file, w.field, w.severity])).toEqual([
      ['unsupported.xml', 'VehicleJourneyInterchange', 'warning'],
      ['unsupported.xml', 'PeriodicDayType', 'warning'],
    ]);
    expect(r.warnings.every((w) => w.line > 20)).toBe(true);
  });

  it('a stop with no position anywhere is an error naming the stop', () => {
    const path = write('nostop.xml', document(journey('a', '08:00:00')).replaceAll('639000003', '639099999'));
    const r = read(path);
    expect(r.ok).toBe(false);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        field: 'StopPointRef',
        message: expect.stringContaining('639099999'),
      }),
    );
  });

  it('a stop NaPTAN lacks is placed by an OSM node tagged naptan:AtcoCode', () => {
    const path = write(
      'osmstop.xml',
      document(journey('a', '08:00:00')).replaceAll('639000003', '639000077'),
    );
    const osm = write(
      'extract.osm',
      `<?xml version="1.0"?><osm version="0.6">
<node id="1" lat="57.1541" lon="-2.0961"><tag k="highway" v="bus_stop"/><tag k="naptan:AtcoCode" v="639000077"/><tag k="name" v="King Street North"/></node>
<node id="2" lat="57.15" lon="-2.09"/></osm>`,
    );
    const r = readTimetableFeed(path, {
      feedId: 'abz',
      type: 'transxchange',
      stopsPath: NAPTAN,
      osmPath: osm,
    });
    if (!r.ok) throw new Error(JSON.stringify(r.warnings));
    expect(r.feed.stops.find((s) => s.id === '639000077')).toMatchObject({
      name: 'King Street North',
      lat: 57.1541,
      lon: -2.0961,
    });
  });

  it('malformed XML is an error with its line', () => {
    const path = write('broken.xml', document(journey('a', '08:00:00')).replace('</Services>', ''));
    const r = read(path);
    expect(r.ok).toBe(false);
    expect(r.warnings[0]).toMatchObject({ file: 'broken.xml', severity: 'error' });
    expect(r.warnings[0]!.line).toBeGreaterThan(1);
  });

  it('reads every document of a zip into one feed, and a folder of them alike', () => {
    const zip = write(
      'tnds.zip',
      zipSync({
        'S/one.xml': strToU8(document(journey('a', '08:00:00'))),
        'S/two.xml': strToU8(document(journey('b', '10:00:00')).replaceAll('S1', 'S2')),
        'S/readme.txt': strToU8('not a timetable'),
      }),
    );
    const r = read(zip);
    if (!r.ok) throw new Error(JSON.stringify(r.warnings));
    expect(r.feed.routes.map((x) => x.id)).toEqual(['S1:l1', 'S2:l1']);
    expect(journeysOn(r.feed, 20260106).map((j) => j.calls[0]!.time)).toEqual(['08:00', '10:00']);
  });

  it('school days from a ServicedOrganisation, a DepartureDayShift and a frequency', () => {
    const org =
      '<ServicedOrganisations><ServicedOrganisation><OrganisationCode>ABZSCH</OrganisationCode>' +
      '<WorkingDays><DateRange><StartDate>2026-01-06</StartDate><EndDate>2026-01-09</EndDate></DateRange></WorkingDays>' +
      '</ServicedOrganisation></ServicedOrganisations>';
    const school =
      '<OperatingProfile><RegularDayType><DaysOfWeek><MondayToFriday/></DaysOfWeek></RegularDayType>' +
      '<ServicedOrganisationDayType><DaysOfOperation><WorkingDays><ServicedOrganisationRef>ABZSCH</ServicedOrganisationRef></WorkingDays></DaysOfOperation></ServicedOrganisationDayType></OperatingProfile>';
    const path = write(
      'school.xml',
      document(
        journey('school', '08:15:00', school) +
          journey('late', '00:20:00', '<DepartureDayShift>1</DepartureDayShift>') +
          journey(
            'every',
            '10:00:00',
            '<Frequency><EndTime>11:00:00</EndTime><Interval><ScheduledFrequency>PT20M</ScheduledFrequency></Interval></Frequency>',
          ),
        org,
      ),
    );
    const r = read(path);
    if (!r.ok) throw new Error(JSON.stringify(r.warnings));
    const ids = (date: number): string[] => journeysOn(r.feed, date).map((j) => j.id.split(':').at(-1)!);
    expect(ids(20260106)).toEqual(['school', 'every', 'late']);
    expect(ids(20260112)).toEqual(['every', 'late']);
    const late = journeysOn(r.feed, 20260106).find((j) => j.id.endsWith('late'))!;
    expect(late.calls[0]!.time).toBe('24:20');
    expect(r.feed.frequencies).toEqual([
      expect.objectContaining({ startSec: 36000, endSec: 39601, headwaySec: 1200, exactTimes: true }),
    ]);
  });
});

describe('U04 NaPTAN reader', () => {
  it('reads the XML form with stop areas and grid positions, and reports a stop without a position', () => {
    const path = write(
      'naptan.xml',
      `<?xml version="1.0"?><NaPTAN xmlns="http://www.naptan.org.uk/">
<StopPoints>
<StopPoint><AtcoCode>639000001</AtcoCode><Descriptor><CommonName>Union Square</CommonName></Descriptor>
<Place><Location><Translation><Longitude>-2.097</Longitude><Latitude>57.1437</Latitude></Translation></Location></Place>
<StopAreas><StopAreaRef>639GAB00001</StopAreaRef></StopAreas></StopPoint>
<StopPoint><AtcoCode>639000009</AtcoCode><Descriptor><CommonName>Grid only</CommonName></Descriptor>
<Place><Location><Easting>394000</Easting><Northing>806000</Northing></Location></Place></StopPoint>
<StopPoint><AtcoCode>639000010</AtcoCode><Descriptor><CommonName>Nowhere</CommonName></Descriptor></StopPoint>
</StopPoints>
<StopAreas><StopArea><StopAreaCode>639GAB00001</StopAreaCode><Name>Aberdeen Bus Station</Name>
<Location><Translation><Longitude>-2.0975</Longitude><Latitude>57.1435</Latitude></Translation></Location></StopArea></StopAreas>
</NaPTAN>`,
    );
    const log = new WarningLog('n');
    const data = readNaptan(path, log);
    expect(data.stops.get('639000001')).toEqual({
      atco: '639000001',
      name: 'Union Square',
      lat: 57.1437,
      lon: -2.097,
      areas: ['639GAB00001'],
    });
    expect(data.areas.get('639GAB00001')?.name).toBe('Aberdeen Bus Station');
    // A stop given only on the British grid is placed by it (394000 806000 is central Aberdeen).
    expect(data.stops.get('639000009')?.lat).toBeCloseTo(57.1449, 3);
    expect(data.stops.get('639000009')?.lon).toBeCloseTo(-2.1008, 3);
    expect(data.stops.has('639000010')).toBe(false);
    expect(log.list).toEqual([
      expect.objectContaining({ field: 'Location', message: expect.stringContaining('639000010') }),
    ]);
  });

  it('a missing NaPTAN file fails the feed with a message naming it', () => {
    const r = readTimetableFeed(write('ok.xml', document(journey('a', '08:00:00'))), {
      feedId: 'abz',
      type: 'transxchange',
      stopsPath: join(dir, 'absent.csv'),
    });
    expect(r.ok).toBe(false);
    expect(r.warnings[0]).toMatchObject({ file: join(dir, 'absent.csv'), severity: 'error' });
  });
});
