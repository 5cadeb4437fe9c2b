// Feature under test: GTFS fares v1 (routes, origin/destination/contains zones, fares for a run of rides) and v2
// (networks, areas, priority, rider categories, reading fare_transfer_rules).
import { describe, expect, it } from 'vitest';
import { listFareSegments } from '../../../src/journeys/fares/fareTransfers.ts';
import { findV1Fare, priceWithGtfsFares } from '../../../src/journeys/fares/gtfsFares.ts';
import { faresFromFiles } from '../../support/inlineFeed.ts';
import type { RideForFare } from '../../../src/journeys/fares/rideFare.ts';

const ride = (over: Partial<RideForFare>): RideForFare => ({
  mode: 'bus',
  operatorId: null,
  feedId: 'f',
  agencyId: 'A',
  routeId: 'R1',
  boardStopId: 'a',
  alightStopId: 'c',
  stopIds: ['a', 'b', 'c'],
  board: { lat: 57, lon: -3 },
  alight: { lat: 57.1, lon: -3 },
  distanceM: 10_000,
  startSec: 0,
  endSec: 600,
  ...over,
});

const STOPS =
  'stop_id,stop_name,stop_lat,stop_lon,zone_id\na,A,57,-3,Z1\nb,B,57.05,-3,Z2\nc,C,57.1,-3,Z2\nd,D,57.2,-3,Z3\n';

describe('GTFS fares v1', () => {
  const fares = faresFromFiles({
    'stops.txt': STOPS,
    'fare_attributes.txt':
      'fare_id,price,currency_type,payment_method,transfers,agency_id\nzone1,2.00,GBP,0,0,A\nz12,3.50,GBP,0,0,A\nexpress,6.00,GBP,0,0,A\ncontains,4.20,GBP,0,0,A\n',
    'fare_rules.txt':
      'fare_id,route_id,origin_id,destination_id,contains_id\nzone1,,Z1,Z1,\nz12,,Z1,Z2,\nz12,,Z2,Z1,\nexpress,X9,,,\ncontains,R7,,,Z1\ncontains,R7,,,Z2\ncontains,R7,,,Z3\n',
  });
  it('prices by origin and destination zone', () => {
    expect(priceWithGtfsFares(fares, ride({}), 50, false)?.singlePence).toBe(350);
    expect(
      priceWithGtfsFares(fares, ride({ alightStopId: 'a', stopIds: ['a'] }), 50, false)?.singlePence,
    ).toBe(200);
  });
  it('prices by route', () =>
    expect(
      priceWithGtfsFares(fares, ride({ routeId: 'X9', alightStopId: 'd' }), 50, false)?.singlePence,
    ).toBe(600));
  it('needs contains zones to match the zones passed exactly', () => {
    expect(
      priceWithGtfsFares(
        fares,
        ride({ routeId: 'R7', alightStopId: 'd', stopIds: ['a', 'b', 'd'] }),
        50,
        false,
      )?.singlePence,
    ).toBe(420);
    expect(
      priceWithGtfsFares(
        fares,
        ride({ routeId: 'R7', boardStopId: 'b', alightStopId: 'd', stopIds: ['b', 'd'] }),
        50,
        false,
      ),
    ).toBeUndefined();
  });
  it('is unknown when no fare matches', () =>
    expect(
      priceWithGtfsFares(fares, ride({ boardStopId: 'd', alightStopId: 'd', stopIds: ['d'] }), 50, false),
    ).toBeUndefined());
});

describe('GTFS fares v2', () => {
  const fares = faresFromFiles({
    'stops.txt': STOPS,
    'routes.txt':
      'route_id,agency_id,route_short_name,route_type,network_id\nR1,A,1,3,town\nR2,A,2,3,rural\n',
    'stop_areas.txt': 'area_id,stop_id\ncentre,a\ncentre,b\nedge,c\n',
    'rider_categories.txt':
      'rider_category_id,rider_category_name,is_default_fare_category\nadult,Adult,1\nchild,Child (5-15),0\n',
    'fare_products.txt':
      'fare_product_id,fare_product_name,amount,currency,rider_category_id\ntown_single,Town single,2.10,GBP,adult\ntown_single,Town single,1.05,GBP,child\ncross,Centre to edge,3.30,GBP,adult\nrural_any,Rural single,4.00,GBP,\nrural_day,Rural day,5.50,GBP,\n',
    'fare_leg_rules.txt':
      'leg_group_id,network_id,from_area_id,to_area_id,fare_product_id,rule_priority\ng1,town,,,town_single,0\ng2,town,centre,edge,cross,1\ng3,rural,,,rural_any,0\ng4,rural,,,rural_day,0\n',
  });
  it('matches the network and prefers the higher-priority area rule', () => {
    expect(priceWithGtfsFares(fares, ride({ alightStopId: 'b' }), 50, false)).toMatchObject({
      singlePence: 210,
      childPence: 105,
    });
    expect(priceWithGtfsFares(fares, ride({}), 50, false)).toMatchObject({
      singlePence: 330,
      source: 'Centre to edge',
    });
  });
  it('takes the cheapest product of equal rules', () =>
    expect(priceWithGtfsFares(fares, ride({ routeId: 'R2' }), 50, false)?.singlePence).toBe(400));
  it('has no price for a network without rules', () =>
    expect(priceWithGtfsFares(fares, ride({ routeId: 'R9' }), 50, false)).toBeUndefined());
});

describe('GTFS fares v1 through tickets', () => {
  const fares = faresFromFiles({
    'stops.txt': STOPS,
    'fare_attributes.txt':
      'fare_id,price,currency_type,payment_method,transfers,agency_id,transfer_duration\nab,3.00,GBP,1,,A,\nbd,3.00,GBP,1,,A,\nad,4.50,GBP,1,,A,\nad-once,4.00,GBP,1,0,A,\nad-short,2.00,GBP,1,1,A,600\n',
    'fare_rules.txt':
      'fare_id,route_id,origin_id,destination_id,contains_id\nab,,Z1,Z2,\nbd,,Z2,Z3,\nad,,Z1,Z3,\nad-once,,Z1,Z3,\nad-short,,Z1,Z3,\n',
  });
  const leg1 = ride({ boardStopId: 'a', alightStopId: 'b', stopIds: ['a', 'b'], startSec: 0, endSec: 900 });
  const leg2 = ride({
    routeId: 'R2',
    boardStopId: 'b',
    alightStopId: 'd',
    stopIds: ['b', 'd'],
    startSec: 1800,
    endSec: 2700,
  });
  it('prices two rides as one ticket from the first to the last zone when changes are allowed', () => {
    // ad-once allows no change, ad-short only 10 minutes from the first boarding: ad (unlimited) at 4.50 wins.
    const allowOneChange = (a: { transfers: number | null }) => a.transfers === null || a.transfers >= 1;
    expect(findV1Fare(fares, [leg1, leg2], allowOneChange)?.fareId).toBe('ad-short');
    const { options } = listFareSegments(fares, [leg1, leg2], 'adult', 50);
    expect(options[0]?.[1]?.strict).toMatchObject({ pence: 450, source: 'f fare ad' });
    expect(options[0]?.[1]?.lenient).toMatchObject({ pence: 450 });
  });
  it('reads transfer_duration both ways: boarding the last ride in time, or arriving in time', () => {
    // Second ride boarded 500 s after the first (within ad-short's 600 s) but arriving at 2700 s.
    const { options } = listFareSegments(fares, [leg1, { ...leg2, startSec: 500 }], 'adult', 50);
    expect(options[0]?.[1]?.lenient?.pence).toBe(200);
    expect(options[0]?.[1]?.strict?.pence).toBe(450);
    expect(
      listFareSegments(fares, [leg1, { ...leg2, startSec: 500 }], 'child', 50).options[0]?.[1]?.strict?.pence,
    ).toBe(225);
  });
  it('has no through fare across agencies with agency fares, and allows routes each listed for the fare', () => {
    expect(findV1Fare(fares, [leg1, { ...leg2, agencyId: 'B' }], () => true)).toBeUndefined();
    const routes = faresFromFiles({
      'stops.txt': STOPS,
      'fare_attributes.txt':
        'fare_id,price,currency_type,payment_method,transfers,agency_id\nlocal,1.80,GBP,0,1,A\n',
      'fare_rules.txt': 'fare_id,route_id\nlocal,R1\nlocal,R2\n',
    });
    expect(findV1Fare(routes, [leg1, leg2], () => true)?.fareId).toBe('local');
    expect(findV1Fare(routes, [leg1, { ...leg2, routeId: 'R9' }], () => true)).toBeUndefined();
  });
});

describe('GTFS fares v2 transfer rules', () => {
  const fares = faresFromFiles({
    'fare_products.txt':
      'fare_product_id,fare_product_name,amount,currency\nbus,Bus,2.00,GBP\nfee,Fee,0.50,GBP\ndisc,Discount,-1.00,GBP\n',
    'fare_leg_rules.txt': 'leg_group_id,network_id,fare_product_id\ng1,,bus\n',
    'fare_transfer_rules.txt': [
      'from_leg_group_id,to_leg_group_id,transfer_count,duration_limit,duration_limit_type,fare_transfer_type,fare_product_id',
      'g1,g1,1,3600,1,0,',
      'g1,g2,,,,1,disc',
      'g1,g1,,,,0,', // transfer_count missing where the groups are equal: dropped
      'g1,g3,,600,,0,', // duration_limit without duration_limit_type: dropped
      'g1,g4,,,,3,', // unknown fare_transfer_type: dropped
      'g1,g5,,,,0,nope', // fee product not defined: dropped
      'g1,g6,2,,,0,', // transfer_count where the groups differ: dropped
      '',
    ].join('\n'),
  });
  it('reads the rules, keeps negative transfer products and drops rows the reference forbids', () => {
    expect(fares.v2?.transferRules).toEqual([
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
        fareTransferType: 1,
        productId: 'disc',
      },
    ]);
    expect(fares.v2?.legRules[0]?.legGroupId).toBe('g1');
    // A negative product never prices a leg on its own.
    expect(priceWithGtfsFares(fares, ride({}), 50, false)?.singlePence).toBe(200);
  });
});
