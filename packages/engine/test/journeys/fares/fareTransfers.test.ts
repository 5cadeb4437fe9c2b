// Feature under test: GTFS fare transfer rules when pricing an option — fares v2 fare_transfer_rules
// (each fare_transfer_type, transfer_count, each duration_limit_type), fares v1 transfers /
// transfer_duration, child riders, entitlements combined with transfers, and unknown when the rules
// can be read more than one way.
import type { TravelType } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import type { GtfsFares } from '../../../src/journeys/fares/gtfsFares.ts';
import { priceOption } from '../../../src/journeys/fares/priceOption.ts';
import type { OptionPrice } from '../../../src/journeys/fares/priceOption.ts';
import type { Traveller } from '../../../src/journeys/fares/traveller.ts';
import type { PlannedStep } from '../../../src/journeys/model.ts';
import { faresFromFiles } from '../../support/inlineFeed.ts';
import { testRegion } from '../../support/region.ts';
import { MON_0900, rideStep, streetStep } from '../../support/steps.ts';
import { adult } from '../../support/traveller.ts';

const PLACES = {
  a: { name: 'Alpha', lat: 57.0, lon: -3.8 },
  b: { name: 'Bravo', lat: 57.05, lon: -3.8 },
  c: { name: 'Charlie', lat: 57.1, lon: -3.8 },
  d: { name: 'Delta', lat: 57.15, lon: -3.8 },
};
type Place = keyof typeof PLACES;

/** A ride of feed 'f' from minute `startMin` after 09:00 lasting `durMin`. */
function ride(
  type: TravelType,
  routeId: string,
  from: Place,
  to: Place,
  startMin: number,
  durMin: number,
  agencyId = 'A',
): PlannedStep {
  const start = MON_0900 + startMin * 60;
  const p = PLACES;
  return rideStep(type, p[from], p[to], start, durMin * 60, {
    feedId: 'f',
    agencyId,
    routeId,
    routeShortName: routeId,
    operatorId: 'op',
    stops: [
      { stopId: from, name: p[from].name, lat: p[from].lat, lon: p[from].lon, timeSec: start },
      { stopId: to, name: p[to].name, lat: p[to].lat, lon: p[to].lon, timeSec: start + durMin * 60 },
    ],
  });
}

function price(fares: GtfsFares, steps: PlannedStep[], t: Partial<Traveller> = {}): OptionPrice {
  const region = testRegion();
  region.fares.rules = [
    {
      id: 'feed',
      kind: 'gtfs',
      feedId: 'f',
      description: 'Feed fares',
      appliesTo: { operatorIds: [], modes: [] },
      childPercent: 50,
      concessionsFree: false,
    },
  ];
  return priceOption(
    { kind: 'transit', depart: { steps }, ret: null },
    { region, traveller: { ...adult, ...t }, gtfsFares: new Map([['f', fares]]) },
  );
}

const TRANSFER_HEADER =
  'from_leg_group_id,to_leg_group_id,transfer_count,duration_limit,duration_limit_type,fare_transfer_type,fare_product_id';

/**
 * Town buses (R1, R2) £2.00 / child £1.00; express X9 £3.00 / child £1.50; train T1 £5.00 (no
 * child row: 50%). Transfer rules as given (default: the set below).
 */
function v2Fares(transferRows: string[] = DEFAULT_TRANSFERS): GtfsFares {
  const files: Record<string, string> = {
    'routes.txt':
      'route_id,agency_id,route_short_name,route_type,network_id\nR1,A,1,3,town\nR2,A,2,3,town\nX9,A,X9,3,express\nT1,A,,2,rail\n',
    'rider_categories.txt':
      'rider_category_id,rider_category_name,is_default_fare_category\nadult,Adult,1\nchild,Child (5-15),0\n',
    'fare_products.txt': [
      'fare_product_id,fare_product_name,amount,currency,rider_category_id',
      'bus,Town single,2.00,GBP,adult',
      'bus,Town single,1.00,GBP,child',
      'rail,Rail single,5.00,GBP,adult',
      'express,Express single,3.00,GBP,adult',
      'express,Express single,1.50,GBP,child',
      'upgrade,Express to town add-on,0.50,GBP,adult',
      'upgrade,Express to town add-on,0.25,GBP,child',
      'railbus,Rail and bus ticket,6.00,GBP,adult',
      'raildisc,Bus to rail discount,-1.00,GBP,adult',
      'raildisc,Bus to rail discount,-0.50,GBP,child',
      'later,Later change,0.30,GBP,adult',
      '',
    ].join('\n'),
    'fare_leg_rules.txt':
      'leg_group_id,network_id,fare_product_id\ng_bus,town,bus\ng_rail,rail,rail\ng_exp,express,express\n',
    'fare_transfer_rules.txt': [TRANSFER_HEADER, ...transferRows, ''].join('\n'),
  };
  return faresFromFiles(files);
}

const DEFAULT_TRANSFERS = [
  'g_bus,g_bus,1,3600,1,0,', // one free change between town buses, boarding within 60 min of the last boarding
  'g_bus,g_exp,,3600,0,0,', // town bus to express free if the express arrives within 60 min of the bus leaving
  'g_exp,g_bus,,1200,2,0,upgrade', // express to town bus: 50p add-on if boarded within 20 min of arriving
  'g_rail,g_bus,,5400,3,2,railbus', // train then bus: one £6 ticket if the bus arrives within 90 min of the train
  'g_bus,g_rail,,,,1,raildisc', // bus then train: both fares less £1
  'g_rail,g_rail,-1,,,0,', // trains: one through fare for any number of changes
];

describe('fares v2 fare_transfer_rules', () => {
  const fares = v2Fares();

  it('type 0 (A + AB) with a free transfer product: one fare for two buses, the change named in the breakdown', () => {
    const p = price(fares, [
      ride('bus', 'R1', 'a', 'b', 0, 20),
      streetStep('walk', PLACES.b, PLACES.b, MON_0900 + 20 * 60, 1.3),
      ride('bus', 'R2', 'b', 'c', 40, 20),
    ]);
    expect(p.totalPence).toBe(200);
    expect(p.stepCosts.depart).toEqual(['£2.00', 'free', 'included']);
    expect(p.lines).toEqual([
      {
        description:
          'Bus R1 Alpha to Charlie (through ticket, 1 change: at Bravo included in the ticket): adult single (Town single)',
        cost: '£2.00',
      },
    ]);
  });

  it('type 0 with a transfer fee, duration_limit_type 2 (arrival → next departure)', () => {
    // Express arrives 09:40; town bus boards 09:50 (10 min ≤ 20; arrival to arrival would be 25 min).
    const p = price(fares, [ride('bus', 'X9', 'a', 'b', 0, 40), ride('bus', 'R1', 'b', 'c', 50, 15)]);
    expect(p.totalPence).toBe(350);
    expect(p.lines[0]?.description).toMatch(/at Bravo transfer fee £0\.50 \(Express to town add-on\)/);
    // Boarding 25 min after arriving: no add-on, two fares.
    expect(
      price(fares, [ride('bus', 'X9', 'a', 'b', 0, 40), ride('bus', 'R1', 'b', 'c', 65, 15)]).totalPence,
    ).toBe(500);
  });

  it('type 1 (A + AB + B) with a negative transfer product: both fares less the discount', () => {
    const p = price(fares, [ride('bus', 'R1', 'a', 'b', 0, 20), ride('train', 'T1', 'b', 'd', 30, 60)]);
    expect(p.totalPence).toBe(600);
    expect(p.lines[0]?.description).toMatch(/at Bravo next ride £5\.00 plus transfer discount £1\.00/);
    expect(p.lines[0]?.description).toMatch(/Town single \+ Bus to rail discount \+ Rail single/);
  });

  it('type 2 (AB) with duration_limit_type 3 (arrival → next arrival)', () => {
    // Train arrives 10:00, bus departs 10:50 and arrives 11:25: 85 min ≤ 90 → one £6 ticket, not £7.
    const p = price(fares, [ride('train', 'T1', 'a', 'b', 0, 60), ride('bus', 'R1', 'b', 'c', 110, 35)]);
    expect(p.totalPence).toBe(600);
    expect(p.lines[0]?.description).toMatch(/at Bravo on one fare for both rides \(Rail and bus ticket\)/);
    // Same departure, arriving 11:40: 100 min from the train's arrival (departure gap still 50 min).
    expect(
      price(fares, [ride('train', 'T1', 'a', 'b', 0, 60), ride('bus', 'R1', 'b', 'c', 110, 50)]).totalPence,
    ).toBe(700);
  });

  it('duration_limit_type 0 (departure → next arrival) and 1 (departure → next departure)', () => {
    // Bus leaves 09:00, express arrives 09:55: within 60 min → the express is free.
    expect(
      price(fares, [ride('bus', 'R1', 'a', 'b', 0, 20), ride('bus', 'X9', 'b', 'c', 25, 30)]).totalPence,
    ).toBe(200);
    // Express boards 09:25 but arrives 10:10: over 60 min from the bus leaving → two fares.
    expect(
      price(fares, [ride('bus', 'R1', 'a', 'b', 0, 20), ride('bus', 'X9', 'b', 'c', 25, 45)]).totalPence,
    ).toBe(500);
    // Type 1: the second town bus leaves 65 min after the first → over the limit, two fares.
    expect(
      price(fares, [ride('bus', 'R1', 'a', 'b', 0, 20), ride('bus', 'R2', 'b', 'c', 65, 20)]).totalPence,
    ).toBe(400);
  });

  it('transfer_count: one free change, then the next bus is a new fare', () => {
    const buses = [
      ride('bus', 'R1', 'a', 'b', 0, 15),
      ride('bus', 'R2', 'b', 'c', 20, 15),
      ride('bus', 'R1', 'c', 'd', 40, 15),
    ];
    const p = price(fares, buses);
    expect(p.totalPence).toBe(400);
    expect(p.stepCosts.depart).toEqual(['£2.00', 'included', '£2.00']);
    // With a second rule for any number of changes at 30p, the first change still uses the
    // transfer_count 1 rule (the smallest count covering it) and the second pays 30p.
    const withLater = v2Fares(['g_bus,g_bus,1,3600,1,0,', 'g_bus,g_bus,-1,3600,1,0,later']);
    const q = price(withLater, buses);
    expect(q.totalPence).toBe(230);
    expect(q.lines[0]?.description).toMatch(
      /2 changes: at Bravo included in the ticket; at Charlie transfer fee £0\.30 \(Later change\)/,
    );
  });

  it('trains: any number of changes on one through fare (transfer_count -1)', () => {
    const trains = [
      ride('train', 'T1', 'a', 'b', 0, 30),
      ride('train', 'T1', 'b', 'c', 45, 30),
      ride('train', 'T1', 'c', 'd', 90, 30),
    ];
    expect(price(fares, trains).totalPence).toBe(500);
    expect(price(fares, trains).stepCosts.depart).toEqual(['£5.00', 'included', 'included']);
  });

  it('child rider: child products for legs and fees, the child percentage where a product has no child row', () => {
    const child = { age: 10 };
    expect(
      price(fares, [ride('bus', 'R1', 'a', 'b', 0, 20), ride('bus', 'R2', 'b', 'c', 40, 20)], child)
        .totalPence,
    ).toBe(100);
    const addOn = price(
      fares,
      [ride('bus', 'X9', 'a', 'b', 0, 40), ride('bus', 'R1', 'b', 'c', 50, 15)],
      child,
    );
    expect(addOn.totalPence).toBe(175);
    expect(addOn.lines[0]?.description).toMatch(/: child single \(/);
    // Rail and bus ticket has no child row: 50% of £6 = £3, cheaper than £2.50 + £1.00.
    expect(
      price(fares, [ride('train', 'T1', 'a', 'b', 0, 60), ride('bus', 'R1', 'b', 'c', 110, 35)], child)
        .totalPence,
    ).toBe(300);
  });

  it('a ride free with a concessionary pass does not start a paid transfer chain', () => {
    // Bus free with the pass; the train pays its own fare (not £2 + £5 − £1 with the bus "bought").
    const p = price(fares, [ride('bus', 'R1', 'a', 'b', 0, 20), ride('train', 'T1', 'b', 'd', 30, 60)], {
      age: 70,
      concessionaryPass: true,
    });
    expect(p.totalPence).toBe(500);
    expect(p.stepCosts.depart).toEqual(['free', '£5.00']);
    // Same with the Young Scot under-22 card.
    expect(
      price(fares, [ride('bus', 'R1', 'a', 'b', 0, 20), ride('bus', 'R2', 'b', 'c', 40, 20)], {
        age: 19,
        youngScot: true,
        newYoungScot: true,
      }).totalPence,
    ).toBe(0);
  });

  it('a railcard takes its discount off a rail through fare', () => {
    const trains = [ride('train', 'T1', 'a', 'b', 0, 30), ride('train', 'T1', 'b', 'c', 45, 30)];
    const p = price(fares, trains, { age: 20, railcard: '16-25 Railcard' });
    expect(p.totalPence).toBe(333);
    expect(p.lines[0]?.description).toMatch(/adult single with 16-25 Railcard \(1\/3 off\)/);
  });

  it('is unknown when a railcard may or may not discount a bus-and-train transfer', () => {
    // Plain chain £6.00, bus + discounted train £2.00 + £3.33; the railcard might take 1/3 off the £6.
    const p = price(fares, [ride('bus', 'R1', 'a', 'b', 0, 20), ride('train', 'T1', 'b', 'd', 30, 60)], {
      railcard: '16-25 Railcard',
    });
    expect(p.text).toBe('unknown');
    expect(p.totalPence).toBeNull();
    expect(p.lines[0]?.description).toMatch(/price not known/);
  });

  it('is unknown when "current leg" read as the ride just left or the first ride gives different totals', () => {
    // Free changes without a count limit within 60 min: 09:00, 09:40, 10:20. From the ride just
    // left every change is in time; from the first ride the second change is 80 min late.
    const p = price(v2Fares(['g_bus,g_bus,-1,3600,1,0,']), [
      ride('bus', 'R1', 'a', 'b', 0, 15),
      ride('bus', 'R2', 'b', 'c', 40, 15),
      ride('bus', 'R1', 'c', 'd', 80, 15),
    ]);
    expect(p.text).toBe('unknown');
    expect(p.stepCosts.depart).toEqual(['unknown', 'unknown', 'unknown']);
  });

  it('an empty to_leg_group_id matches the groups no rule names', () => {
    const wildcard = v2Fares(['g_bus,,,,,0,']);
    expect(
      price(wildcard, [ride('bus', 'R1', 'a', 'b', 0, 20), ride('bus', 'X9', 'b', 'c', 30, 20)]).totalPence,
    ).toBe(200);
  });

  it('is unknown when the empty-field rules can be matched more than one way', () => {
    // Bus to train: read literally neither rule matches (each group is named in the other's
    // field); narrowing from first gives the free rule, narrowing to first the 30p one.
    const p = price(v2Fares(['g_bus,,,,,0,', ',g_rail,,,,0,later']), [
      ride('bus', 'R1', 'a', 'b', 0, 20),
      ride('train', 'T1', 'b', 'c', 30, 20),
    ]);
    expect(p.text).toBe('unknown');
  });

  it('is unknown when transfer_count may count the whole sub-journey or only the changes within the group', () => {
    // Express → bus (free), then one free bus change: the second change of the sub-journey but
    // the first between buses.
    const p = price(v2Fares(['g_exp,g_bus,,,,0,', 'g_bus,g_bus,1,,,0,']), [
      ride('bus', 'X9', 'a', 'b', 0, 20),
      ride('bus', 'R1', 'b', 'c', 30, 20),
      ride('bus', 'R2', 'c', 'd', 60, 20),
    ]);
    expect(p.text).toBe('unknown');
  });

  it('prices the outbound and the return leg each with its own transfers', () => {
    const region = testRegion();
    region.fares.rules = [
      {
        id: 'feed',
        kind: 'gtfs',
        feedId: 'f',
        description: 'Feed fares',
        appliesTo: { operatorIds: [], modes: [] },
        childPercent: 50,
        concessionsFree: false,
      },
    ];
    // Each leg pays one fare with its own free change; the return starts a new fare.
    const p = priceOption(
      {
        kind: 'transit',
        depart: { steps: [ride('bus', 'R1', 'a', 'b', 0, 20), ride('bus', 'R2', 'b', 'c', 25, 20)] },
        ret: { steps: [ride('bus', 'R2', 'c', 'b', 75, 20), ride('bus', 'R1', 'b', 'a', 100, 20)] },
      },
      { region, traveller: adult, gtfsFares: new Map([['f', fares]]) },
    );
    expect(p.totalPence).toBe(400);
    expect(p.stepCosts).toEqual({ depart: ['£2.00', 'included'], ret: ['£2.00', 'included'] });
  });

  it('keeps separate fares where no transfer rule matches', () => {
    // No rule from express to train.
    expect(
      price(fares, [ride('bus', 'X9', 'a', 'b', 0, 20), ride('train', 'T1', 'b', 'c', 30, 20)]).totalPence,
    ).toBe(800);
  });
});

describe('fares v1 transfers and transfer_duration', () => {
  // Fares without fare_rules rows apply to every ride of their agency.
  const fares = faresFromFiles({
    'fare_attributes.txt': [
      'fare_id,price,currency_type,payment_method,transfers,agency_id,transfer_duration',
      'none,2.00,GBP,0,0,A0,3600',
      'once,2.50,GBP,0,1,B1,3600',
      'any,3.00,GBP,0,,CU,5400',
      '',
    ].join('\n'),
  });
  const three = (agency: string) => [
    ride('bus', 'R1', 'a', 'b', 0, 15, agency),
    ride('bus', 'R2', 'b', 'c', 20, 15, agency),
    ride('bus', 'R1', 'c', 'd', 40, 15, agency),
  ];

  it('transfers=0: every ride needs its own ticket, whatever transfer_duration says', () =>
    expect(price(fares, three('A0').slice(0, 2)).totalPence).toBe(400));

  it('transfers=1: one change on a ticket within transfer_duration, then a new ticket', () => {
    const p = price(fares, three('B1').slice(0, 2));
    expect(p.totalPence).toBe(250);
    expect(p.lines[0]?.description).toMatch(
      /through ticket, 1 change: at Bravo included in the ticket\): adult single \(f fare once\)/,
    );
    expect(price(fares, three('B1')).totalPence).toBe(500);
    // Second ride boarded 65 min after the first: outside transfer_duration.
    expect(
      price(fares, [ride('bus', 'R1', 'a', 'b', 0, 15, 'B1'), ride('bus', 'R2', 'b', 'c', 65, 15, 'B1')])
        .totalPence,
    ).toBe(500);
  });

  it('transfers empty: unlimited changes within transfer_duration', () =>
    expect(price(fares, three('CU')).totalPence).toBe(300));

  it('a child pays the child percentage of the one ticket', () =>
    expect(price(fares, three('B1').slice(0, 2), { age: 10 }).totalPence).toBe(125));

  it('is unknown when the last ride is boarded within transfer_duration but arrives after it', () => {
    const p = price(fares, [
      ride('bus', 'R1', 'a', 'b', 0, 15, 'B1'),
      ride('bus', 'R2', 'b', 'c', 50, 20, 'B1'),
    ]);
    expect(p.text).toBe('unknown');
  });
});
