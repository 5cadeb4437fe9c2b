// Feature under test: one module per GTFS file (src/gtfs/files/), each on the inline base feed.
import { describe, expect, it } from 'vitest';
import { readAgencies } from '../../src/gtfs/files/agency.ts';
import { readCalendarDates } from '../../src/gtfs/files/calendarDates.ts';
import { readCalendar } from '../../src/gtfs/files/calendar.ts';
import { readFareAttributes } from '../../src/gtfs/files/fareAttributes.ts';
import { readFareLegRules } from '../../src/gtfs/files/fareLegRules.ts';
import { readFareProducts } from '../../src/gtfs/files/fareProducts.ts';
import { readFareRules } from '../../src/gtfs/files/fareRules.ts';
import { readFareTransferRules } from '../../src/gtfs/files/fareTransferRules.ts';
import { readFeedInfo } from '../../src/gtfs/files/feedInfo.ts';
import { readFrequencies } from '../../src/gtfs/files/frequencies.ts';
import { readRiderCategories } from '../../src/gtfs/files/riderCategories.ts';
import { readRouteNetworks } from '../../src/gtfs/files/routeNetworks.ts';
import { readRoutes } from '../../src/gtfs/files/routes.ts';
import { readShapes } from '../../src/gtfs/files/shapes.ts';
import { readStopAreas } from '../../src/gtfs/files/stopAreas.ts';
import { readStopTimes } from '../../src/gtfs/files/stopTimes.ts';
import { readStops } from '../../src/gtfs/files/stops.ts';
import { readTransfers } from '../../src/gtfs/files/transfers.ts';
import { readTrips } from '../../src/gtfs/files/trips.ts';
import { ServiceTable } from '../../src/gtfs/serviceTable.ts';
import { WarningLog } from '../../src/gtfs/warnings.ts';
import { baseFeed, sourceFromFiles } from '../support/inlineFeed.ts';

/** The base feed with some files replaced, and a fresh warning log. */
function open(overrides: Record<string, string> = {}) {
  return { source: sourceFromFiles(baseFeed(overrides)), log: new WarningLog('f') };
}
const messages = (log: WarningLog) => log.list.map((w) => `${w.file}:${w.line} ${w.field} ${w.message}`);

describe('agency.txt', () => {
  it('reads agencies and takes the first one’s time zone as the feed’s', () => {
    const { source, log } = open();
    const t = readAgencies(source, log);
    expect(t.agencies.map((a) => [a.id, a.name])).toEqual([['AG', 'Test Buses']]);
    expect(t.timezone).toBe('Europe/London');
    expect(log.list).toEqual([]);
  });
  it('rejects an unknown time zone as an error', () => {
    const { source, log } = open({
      'agency.txt': 'agency_id,agency_name,agency_timezone\nAG,X,Mars/Olympus',
    });
    expect(readAgencies(source, log).agencies).toEqual([]);
    expect(messages(log)).toEqual(['agency.txt:2 agency_timezone unknown time zone "Mars/Olympus"']);
    expect(log.hasErrors).toBe(true);
  });
  it('is a required file', () => {
    const { source, log } = open();
    const without = { ...source, read: (f: string) => (f === 'agency.txt' ? undefined : source.read(f)) };
    readAgencies(without, log);
    expect(messages(log)).toEqual(['agency.txt:0  required file is missing']);
  });
});

describe('stops.txt', () => {
  it('resolves parent stations, inherits wheelchair access and keeps the fare zone', () => {
    const { source, log } = open({
      'stops.txt': `stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,wheelchair_boarding,zone_id
        S,Station,57,-3.8,1,,1,
        P1,Platform 1,57,-3.8,0,S,,Z1`,
    });
    const { stops, stopById } = readStops(source, log);
    expect(stopById.get('P1')).toBe(1);
    expect(stops[1]).toMatchObject({ parentIdx: 0, wheelchair: 1, zoneId: 'Z1', locationType: 0 });
    expect(log.list).toEqual([]);
  });
  it('skips a stop without a position', () => {
    const { source, log } = open({ 'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nA,Alpha,,-3.8' });
    expect(readStops(source, log).stops).toEqual([]);
    expect(messages(log)).toEqual(['stops.txt:2 stop_lat stop "A" has no valid latitude; row skipped']);
  });
});

describe('routes.txt', () => {
  it('shows an unknown route_type as a bus and keeps the fares network', () => {
    const { source, log } = open({
      'routes.txt': 'route_id,agency_id,route_short_name,route_type,network_id\nR1,AG,1,999,town',
    });
    const { agencies, agencyById } = readAgencies(source, log);
    const { routes } = readRoutes(source, log, agencies, agencyById);
    expect(routes[0]).toMatchObject({
      id: 'R1',
      mode: 'bus',
      routeType: 999,
      networkId: 'town',
      agencyIdx: 0,
    });
    expect(messages(log)).toEqual(['routes.txt:2 route_type unknown route_type "999"; shown as bus']);
  });
});

describe('calendar.txt and calendar_dates.txt', () => {
  it('builds one service per id from both files', () => {
    const { source, log } = open({
      'calendar.txt': `service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
        WK,1,1,1,1,1,0,0,20260101,20261231`,
      'calendar_dates.txt': 'service_id,date,exception_type\nWK,20261225,2\nXMAS,20261226,1\nWK,2026-12-01,1',
    });
    const services = new ServiceTable();
    readCalendar(source, log, services);
    readCalendarDates(source, log, services);
    expect(services.services).toEqual([
      { id: 'WK', weekdays: 0b11111, startDate: 20260101, endDate: 20261231, added: [], removed: [20261225] },
      { id: 'XMAS', weekdays: 0, startDate: 0, endDate: 0, added: [20261226], removed: [] },
    ]);
    expect(messages(log)).toEqual([
      'calendar_dates.txt:4 date not a YYYYMMDD date: "2026-12-01"; row skipped',
    ]);
  });
});

describe('shapes.txt', () => {
  it('orders each shape’s points by sequence', () => {
    const { source, log } = open({
      'shapes.txt': 'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\nS,57.1,-3.1,2\nS,57.0,-3.0,1',
    });
    const { shapes, shapeById } = readShapes(source, log);
    expect(shapeById.get('S')).toBe(0);
    expect(Array.from(shapes[0]!.coords)).toEqual([57.0, -3.0, 57.1, -3.1]);
  });
});

describe('trips.txt', () => {
  it('skips a trip of an unknown route', () => {
    const { source, log } = open({ 'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,T1\nR9,ALL,T2' });
    const { trips } = readTrips(source, log, new Map([['R1', 0]]), new Map([['ALL', 0]]), new Map());
    expect(trips.map((t) => t.id)).toEqual(['T1']);
    expect(messages(log)).toEqual(['trips.txt:3 route_id unknown route_id "R9"; row skipped']);
  });
});

describe('stop_times.txt', () => {
  it('orders by stop_sequence and fills a stop without times between timepoints', () => {
    const { source, log } = open({
      'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
        T1,09:20:00,09:20:00,C,3
        T1,,,B,2
        T1,09:00:00,09:00:00,A,1`,
    });
    const { stops, stopById } = readStops(source, log);
    const trips = [{ ...tripRow(), id: 'T1' }];
    const st = readStopTimes(source, log, stops, stopById, trips, new Map([['T1', 0]]));
    expect(Array.from(st.stopIdx)).toEqual([0, 1, 2]);
    expect(Array.from(st.arrivalSec)).toEqual([9 * 3600, 9 * 3600 + 600, 9 * 3600 + 1200]);
    expect(log.list).toEqual([]);
  });
  it('skips a trip whose times go backwards', () => {
    const { source, log } = open({
      'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
        T1,09:00:00,09:00:00,A,1
        T1,08:50:00,08:50:00,B,2`,
    });
    const { stops, stopById } = readStops(source, log);
    const trips = [tripRow()];
    readStopTimes(source, log, stops, stopById, trips, new Map([['T1', 0]]));
    expect(trips[0]!.valid).toBe(false);
    expect(messages(log)).toEqual([
      'stop_times.txt:3 arrival_time trip "T1": arrives before the previous stop departs (times go backwards); trip skipped',
    ]);
  });
});

describe('frequencies.txt, transfers.txt and feed_info.txt', () => {
  it('reads headway runs of known trips', () => {
    const { source, log } = open({
      'frequencies.txt':
        'trip_id,start_time,end_time,headway_secs,exact_times\nT1,07:00:00,09:00:00,600,1\nT1,07:00:00,09:00:00,0,',
    });
    expect(readFrequencies(source, log, new Map([['T1', 0]]))).toEqual([
      { tripIdx: 0, startSec: 7 * 3600, endSec: 9 * 3600, headwaySec: 600, exactTimes: true },
    ]);
    expect(messages(log)).toEqual(['frequencies.txt:3 headway_secs must be a positive integer; row skipped']);
  });
  it('reads stop-to-stop transfers and says whether the file was there', () => {
    const { source, log } = open({
      'transfers.txt': 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nA,B,2,120\nA,B,2,',
    });
    const stopById = new Map([
      ['A', 0],
      ['B', 1],
    ]);
    expect(readTransfers(source, log, stopById)).toEqual({
      transfers: [{ fromStopIdx: 0, toStopIdx: 1, type: 2, minTransferSec: 120 }],
      present: true,
    });
    expect(messages(log)).toEqual([
      'transfers.txt:3 min_transfer_time type 2 needs a non-negative min_transfer_time; row skipped',
    ]);
    expect(readTransfers(open().source, log, stopById).present).toBe(false);
  });
  it('reads the publisher from feed_info.txt', () => {
    const { source, log } = open({
      'feed_info.txt': 'feed_publisher_name,feed_version,feed_start_date\nCairn,7,20260101',
    });
    expect(readFeedInfo(source, log)).toEqual({
      publisherName: 'Cairn',
      version: '7',
      startDate: 20260101,
      endDate: 0,
    });
    expect(readFeedInfo(open().source, log)).toBeUndefined();
  });
});

describe('fare files', () => {
  it('fare_attributes.txt: fares with an id and a price, unlimited transfers when empty', () => {
    const { source, log } = open({
      'fare_attributes.txt':
        'fare_id,price,currency_type,transfers,agency_id,transfer_duration\nF1,2.50,GBP,,AG,3600\nF2,-1,GBP,0,,\n,1.00,GBP,0,,',
    });
    expect(readFareAttributes(source, log)).toEqual([
      {
        fareId: 'F1',
        pricePence: 250,
        currency: 'GBP',
        agencyId: 'AG',
        transfers: null,
        transferDurationSec: 3600,
      },
    ]);
  });
  it('fare_rules.txt: rules that name a fare', () => {
    const { source, log } = open({ 'fare_rules.txt': 'fare_id,origin_id,destination_id\nF1,Z1,Z2\n,Z1,Z1' });
    expect(readFareRules(source, log)).toEqual([
      { fareId: 'F1', routeId: '', originId: 'Z1', destinationId: 'Z2', containsId: '' },
    ]);
  });
  it('fare_products.txt: negative amounts are discounts', () => {
    const { source, log } = open({
      'fare_products.txt':
        'fare_product_id,fare_product_name,amount,currency,rider_category_id\nP1,Single,2.00,GBP,adult\nD1,Discount,-0.50,GBP,\nX,Bad,abc,GBP,',
    });
    expect(readFareProducts(source, log).map((p) => [p.productId, p.amountPence])).toEqual([
      ['P1', 200],
      ['D1', -50],
    ]);
  });
  it('fare_leg_rules.txt: rules that name a product, with their priority', () => {
    const { source, log } = open({
      'fare_leg_rules.txt': 'leg_group_id,network_id,fare_product_id,rule_priority\ng1,town,P1,2\ng2,town,,1',
    });
    expect(readFareLegRules(source, log)).toEqual([
      { legGroupId: 'g1', networkId: 'town', fromAreaId: '', toAreaId: '', productId: 'P1', priority: 2 },
    ]);
  });
  it('fare_transfer_rules.txt: drops rows the reference forbids', () => {
    const header =
      'from_leg_group_id,to_leg_group_id,transfer_count,duration_limit,duration_limit_type,fare_transfer_type,fare_product_id';
    const { source, log } = open({
      'fare_transfer_rules.txt': [
        header,
        'g1,g1,1,3600,1,0,',
        'g1,g2,1,,,0,', // transfer_count where the groups differ
        'g1,g2,,3600,,0,', // duration_limit without a type
        'g1,g2,,,,0,NOPE', // a fee product fare_products.txt lacks
        'g1,g2,,,,2,P1',
      ].join('\n'),
    });
    expect(readFareTransferRules(source, log, new Set(['P1']))).toEqual([
      {
        fromLegGroupId: 'g1',
        toLegGroupId: 'g1',
        transferCount: 1,
        durationLimitSec: 3600,
        durationLimitType: 1,
        fareTransferType: 0,
        productId: '',
      },
      {
        fromLegGroupId: 'g1',
        toLegGroupId: 'g2',
        transferCount: null,
        durationLimitSec: null,
        durationLimitType: null,
        fareTransferType: 2,
        productId: 'P1',
      },
    ]);
  });
  it('rider_categories.txt, stop_areas.txt and route_networks.txt', () => {
    const { source, log } = open({
      'rider_categories.txt':
        'rider_category_id,rider_category_name,is_default_fare_category\nadult,Adult,1\nchild,Child,0',
      'stop_areas.txt': 'area_id,stop_id\ncentre,A\ncentre,',
      'route_networks.txt': 'network_id,route_id\ntown,R1',
    });
    expect(readRiderCategories(source, log)).toEqual([
      { id: 'adult', name: 'Adult', isDefault: true },
      { id: 'child', name: 'Child', isDefault: false },
    ]);
    expect(readStopAreas(source, log)).toEqual([{ areaId: 'centre', stopId: 'A' }]);
    expect(readRouteNetworks(source, log)).toEqual([{ routeId: 'R1', networkId: 'town' }]);
  });
  it('an absent fare file is no warning', () => {
    const { source, log } = open();
    expect(readFareAttributes(source, log)).toEqual([]);
    expect(readFareProducts(source, log)).toEqual([]);
    expect(log.list).toEqual([]);
  });
});

/** A valid trip T1 of route 0 and service 0. */
function tripRow() {
  return {
    id: 'T1',
    routeIdx: 0,
    serviceIdx: 0,
    headsign: '',
    shortName: '',
    directionId: 0,
    shapeIdx: -1,
    wheelchair: 0,
    valid: true,
  };
}
