// Feature under test: sort keys, stable ids, the option set (ADR 008): what removes what, what always stays, diversity caps.
import { describe, expect, it } from 'vitest';
import { compareJourneys } from '@cairn/contracts';
import { computeSortKeys, UNKNOWN_COST_SORT } from '../../../src/journeys/ranking/sortKeys.ts';
import { rankByEmissions } from '../../../src/journeys/ranking/emissionsOrder.ts';
import { optionId } from '../../../src/journeys/ranking/optionId.ts';
import fc from 'fast-check';
import { SORT_KEYS, type Journey } from '@cairn/contracts';
import {
  chooseOptions,
  clearlyBetter,
  explainOptions,
  co2Negligible,
  muchSooner,
  co2SlackOf,
  OPTION_SET,
  publicTransportFeeder,
  ridesWithoutShortEnds,
  shapeOf,
} from '../../../src/journeys/ranking/optionSet.ts';
import type { Need, OptionScore, RideSpan } from '../../../src/journeys/ranking/optionSet.ts';
import type { PlannedOption } from '../../../src/journeys/model.ts';
import { MON_0900, PLACES, rideStep, streetStep } from '../../support/steps.ts';

const score = (over: Partial<OptionScore>): OptionScore => ({
  family: 'transit walk+walk',
  needs: new Set<Need>(),
  rides: 'bus 31',
  departSec: 1000,
  arriveSec: 5000,
  travelSec: 4000,
  waitSec: 0,
  stageCount: 3,
  costPence: 450,
  carbonKg: 1,
  walkM: 500,
  changes: 0,
  ...over,
});
const keep = (items: OptionScore[], arriveBy = false) => chooseOptions(items, (x) => x, arriveBy);

describe('sort keys', () => {
  it('computes every SPEC key, cost unknown sorting last', () => {
    const keys = computeSortKeys({
      carbonKg: 1.2345,
      costPence: null,
      departSec: 10,
      arriveSec: 70,
      travelSec: 60,
      waitSec: 5,
      walkM: 321.6,
      changes: 1,
      stageCount: 3,
    });
    expect(keys).toEqual({
      emissions: 1.235,
      cost: UNKNOWN_COST_SORT,
      'depature-time': 10,
      'travel-time': 60,
      'arrival-time': 70,
      'wait-time': 5,
      'walk-distance': 322,
      'least-changes': 103,
    });
    expect(UNKNOWN_COST_SORT).toBeLessThan(1_000_000);
  });

  it('fewest changes orders by changes (rides less one), ties broken by stages (issue #27)', () => {
    const base = {
      carbonKg: 1,
      costPence: 100,
      departSec: 0,
      arriveSec: 60,
      travelSec: 60,
      waitSec: 0,
      walkM: 0,
    };
    const value = (changes: number, stageCount: number) =>
      computeSortKeys({ ...base, changes, stageCount })['least-changes']!;
    // Walk, bus, bus, walk (one change, three stages once the buses merge) after a taxi to a train and a walk.
    expect(value(1, 3)).toBeGreaterThan(value(0, 3));
    expect(value(0, 3)).toBeGreaterThan(value(0, 1));
    expect(value(1, 2)).toBeLessThan(value(1, 4));
  });
  it('breaks a tie of the key by arrival, then by the later departure, before the id', () => {
    // Two runs of one bus route: same CO2 and price, the 12:07 two hours after the 10:07.
    const run = (id: string, departSec: number, arriveSec: number) =>
      ({
        id,
        sort: { emissions: 3.1, cost: 720, 'depature-time': departSec, 'arrival-time': arriveSec },
      }) as unknown as Journey;
    const runs = [
      run('a', 12 * 3600, 13 * 3600),
      run('b', 10 * 3600, 11 * 3600),
      run('c', 10 * 3600 + 600, 11 * 3600),
    ];
    expect(runs.sort(compareJourneys('emissions')).map((j) => j.id)).toEqual(['c', 'b', 'a']);
    expect(runs.sort(compareJourneys('cost')).map((j) => j.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('the default order by emissions', () => {
  it('counts small differences as equal: a direct train 18 minutes sooner comes before one emitting 0.1 kg less (issue #27)', () => {
    const j = (id: string, emissions: number, arriveSec: number) =>
      ({ id, sort: { emissions, 'arrival-time': arriveSec, 'depature-time': 0 } }) as unknown as Journey;
    const slower = j('slower', 2.2, 11 * 3600);
    const direct = j('direct', 2.3, 11 * 3600 - 18 * 60);
    const walk = j('walk', 0, 12 * 3600);
    const taxi = j('taxi', 5.6, 10 * 3600);
    const ranked = rankByEmissions([taxi, slower, direct, walk]);
    expect(ranked.map((x) => x.id)).toEqual(['walk', 'direct', 'slower', 'taxi']);
    // Each carries its group's lowest, so a client sorting by the value agrees.
    expect(ranked.map((x) => x.sort.emissions)).toEqual([0, 2.2, 2.2, 5.6]);
  });
});

describe('the default order by emissions, a much sooner arrival', () => {
  it('a journey within the CO2 slack arriving at least half an hour before all of the greenest group ranks with it, so first; later or dirtier ones do not (issue #27)', () => {
    const j = (id: string, emissions: number, arriveSec: number) =>
      ({ id, sort: { emissions, 'arrival-time': arriveSec, 'depature-time': 0 } }) as unknown as Journey;
    // Kingussie → Inverness step-free at 09:00: the accessible coach at 13:57, there at 15:07, and
    // the train there at 11:18 for 0.44 kg more.
    const coach = j('coach', 1.72, 15 * 3600 + 7 * 60);
    const train = j('train', 2.16, 11 * 3600 + 18 * 60);
    const laterTrain = j('later train', 2.22, 15 * 3600);
    const taxi = j('taxi', 25.75, 10 * 3600);
    const ranked = rankByEmissions([taxi, laterTrain, coach, train]);
    expect(ranked.map((x) => x.id)).toEqual(['train', 'coach', 'later train', 'taxi']);
    expect(ranked.map((x) => x.sort.emissions)).toEqual([1.72, 1.72, 2.22, 25.75]);
    // Twenty minutes sooner is not enough to pass 0.44 kg less.
    const nearly = j('nearly', 2.16, 15 * 3600 - 20 * 60);
    expect(rankByEmissions([nearly, coach]).map((x) => x.id)).toEqual(['coach', 'nearly']);
  });
});

describe('optionId', () => {
  it('is stable for equal content and differs when a trip differs', () => {
    const mk = (start: number) => ({
      kind: 'transit',
      depart: { steps: [rideStep('bus', PLACES.aviemore, PLACES.carrbridge, start, 900)] },
      ret: null,
    });
    expect(optionId(mk(MON_0900))).toBe(optionId(mk(MON_0900)));
    expect(optionId(mk(MON_0900))).not.toBe(optionId(mk(MON_0900 + 1800)));
    expect(optionId(mk(MON_0900))).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});

describe('option set', () => {
  it('removes an option only for one that asks no more and is clearly better', () => {
    // Ten minutes saved, same cost: removed.
    expect(clearlyBetter(score({ arriveSec: 4400 }), score({}))).toBe(true);
    // Five minutes saved is not clearly better.
    expect(clearlyBetter(score({ arriveSec: 4700 }), score({}))).toBe(false);
    // Costs more: no.
    expect(clearlyBetter(score({ arriveSec: 4000, costPence: 500 }), score({}))).toBe(false);
    // Identical: nothing to choose.
    expect(clearlyBetter(score({}), score({}))).toBe(false);
    // A known cost beats an unknown one; an unknown cost removes no priced option, and two unknown
    // costs are equal (a region whose feeds price nothing still drops what is clearly beaten).
    expect(clearlyBetter(score({ arriveSec: 4000 }), score({ costPence: null }))).toBe(true);
    expect(clearlyBetter(score({ costPence: null, arriveSec: 10 }), score({}))).toBe(false);
    expect(clearlyBetter(score({ costPence: null, arriveSec: 10 }), score({ costPence: null }))).toBe(true);
    // Fewer changes with no more walking, at the same times.
    expect(clearlyBetter(score({ changes: 0 }), score({ changes: 1 }))).toBe(true);
    // Clearly cheaper (£1 or a fifth).
    expect(clearlyBetter(score({ costPence: 300 }), score({}))).toBe(true);
    expect(clearlyBetter(score({ costPence: 420 }), score({}))).toBe(false);
  });

  it('never lets an option that needs a bike, a car, a driver or money remove one that needs less', () => {
    const walk = score({
      family: 'walk',
      rides: '',
      costPence: 0,
      carbonKg: 0,
      departSec: 1000,
      arriveSec: 2800,
    });
    const cycle = score({ ...walk, family: 'cycle', needs: new Set<Need>(['bike']), arriveSec: 1600 });
    expect(clearlyBetter(cycle, walk)).toBe(false);
    expect(clearlyBetter(walk, { ...cycle, arriveSec: 3600 })).toBe(true);
    const taxi = score({ family: 'taxi', rides: '', needs: new Set<Need>(['hire']), costPence: 0, walkM: 0 });
    expect(clearlyBetter(taxi, score({ arriveSec: 9000 }))).toBe(false);
  });

  it('compares an option on demand as if it left when the other does', () => {
    // A taxi (on demand) taking 15 min removes a taxi + train leaving an hour later and taking 36 min at a higher price.
    const taxi = score({
      family: 'taxi',
      rides: '',
      needs: new Set<Need>(['hire']),
      onDemand: true,
      departSec: 0,
      arriveSec: 900,
      costPence: 2900,
      walkM: 0,
    });
    const taxiTrain = score({
      family: 'transit taxi+walk',
      needs: new Set<Need>(['hire']),
      departSec: 3600,
      arriveSec: 3600 + 2160,
      costPence: 3100,
      walkM: 100,
    });
    expect(clearlyBetter(taxi, taxiTrain)).toBe(true);
    expect(clearlyBetter({ ...taxi, onDemand: false }, taxiTrain)).toBe(false);
  });

  it('lets a walk that is there before the bus leaves remove the bus, but not a walk that needs more', () => {
    const walk = score({
      family: 'walk',
      rides: '',
      onDemand: true,
      departSec: 0,
      arriveSec: 780,
      costPence: 0,
      carbonKg: 0,
      walkM: 1100,
    });
    const bus = score({ departSec: 900, arriveSec: 1140, costPence: 200, carbonKg: 0.16, walkM: 150 });
    expect(clearlyBetter(walk, bus)).toBe(true);
    // A bus there before the walker stays.
    expect(clearlyBetter(walk, { ...bus, departSec: 600, arriveSec: 760 })).toBe(false);
    // A taxi that is there first but costs more does not remove the bus.
    expect(
      clearlyBetter({ ...walk, family: 'taxi', needs: new Set<Need>(['hire']), costPence: 500 }, bus),
    ).toBe(false);
  });

  it('lets a taxi that is there before the other sets off remove it unless the other is clearly cheaper', () => {
    // Carrbridge → Tomintoul: a taxi there in 23 minutes for £47.50, or a taxi to Aviemore two hours
    // later and trains and a bus for five more hours, for 50p less and more CO2.
    const taxi = score({
      family: 'taxi',
      rides: '',
      needs: new Set<Need>(['hire']),
      onDemand: true,
      departSec: 0,
      arriveSec: 23 * 60,
      costPence: 4750,
      carbonKg: 13.4,
      walkM: 0,
    });
    const taxiTrains = score({
      family: 'transit taxi+walk',
      needs: new Set<Need>(['hire']),
      departSec: 2 * 3600,
      arriveSec: 7 * 3600,
      costPence: 4700,
      carbonKg: 14.7,
    });
    expect(clearlyBetter(taxi, taxiTrains)).toBe(true);
    // £10.50 less (over £1 and 20 %) is worth the wait to some: it stays.
    expect(clearlyBetter(taxi, { ...taxiTrains, costPence: 3700 })).toBe(false);
  });

  it('lets a time saving outweigh extra walking, each walking minute counting double', () => {
    const bus = score({ departSec: 0, arriveSec: 3600, walkM: 100 });
    // 400 m more walking ≈ 5 min, counted 10: saving 21 min is enough, 19 is not.
    expect(clearlyBetter(score({ departSec: 21 * 60, arriveSec: 3600, walkM: 500 }), bus)).toBe(true);
    expect(clearlyBetter(score({ departSec: 19 * 60, arriveSec: 3600, walkM: 500 }), bus)).toBe(false);
  });

  it('keeps the best option of every sort key even when another would remove it', () => {
    const items = [
      score({ family: 'a', arriveSec: 4000, walkM: 600 }),
      // Arrives 15 min later but walks least: best for 'walk-distance', so it stays.
      score({ family: 'b', arriveSec: 4900, walkM: 0 }),
    ];
    expect(clearlyBetter(items[0]!, { ...items[1]!, walkM: 700 })).toBe(true);
    expect(keep(items).map((k) => k.family)).toEqual(['a', 'b']);
  });

  it('counts walking within the walk slack as a tie: the same trains plus a long wait for a short bus do not stay', () => {
    // Blair Atholl → Aberdeen on a Sunday: the trains with a 70 m walk at the end, or the same
    // trains then a 53-minute wait for a bus of 0.08 miles, walking nothing, arriving later.
    const trains = score({
      family: 'transit walk+walk',
      rides: 'train 1>train 2',
      walkM: 70,
      arriveSec: 4000,
    });
    const trainsAndBus = score({
      family: 'transit walk+walk',
      rides: 'train 1>train 2>bus 3',
      walkM: 0,
      arriveSec: 7180,
      costPence: 700,
      carbonKg: 1.1,
      stageCount: 4,
      changes: 2,
    });
    expect(keep([trains, trainsAndBus])).toEqual([trains]);
    // Beyond the slack, the option that walks least stays.
    const farther = { ...trains, walkM: 70 + OPTION_SET.walkSlackM + 1 };
    expect(keep([farther, trainsAndBus])).toEqual([farther, trainsAndBus]);
  });

  it('bounds the protection of least walking: 660 m less walking does not keep a trip 4 hours slower and £19 dearer (issue #27)', () => {
    const quick = score({ departSec: 0, arriveSec: 2 * 3600, costPence: 1200, walkM: 900 });
    const slow = score({ departSec: 0, arriveSec: 6 * 3600, costPence: 3100, walkM: 240, changes: 1 });
    expect(keep([quick, slow])).toEqual([quick]);
    // Saving less than an hour, or not clearly cheaper, the least walking stays protected.
    expect(keep([{ ...quick, arriveSec: 5.5 * 3600 }, slow])).toHaveLength(2);
    expect(keep([{ ...quick, costPence: 3000 }, slow])).toHaveLength(2);
    // Beyond walkFarM more walking it stays too.
    expect(keep([{ ...quick, walkM: 240 + OPTION_SET.walkFarM + 1 }, slow])).toHaveLength(2);
  });

  it('depart-after: leaving a little earlier to arrive much earlier and cheaper removes the later, slower option (issue #27)', () => {
    // East Moulin Road → Edinburgh: a coach 15:38–17:37 for £19, or trains 16:16–19:37 for £23.20.
    const coach = score({ departSec: 0, arriveSec: 119 * 60, costPence: 1900, carbonKg: 2.8, walkM: 647 });
    const trains = score({
      departSec: 38 * 60,
      arriveSec: 239 * 60,
      costPence: 2320,
      carbonKg: 6.8,
      walkM: 1353,
      changes: 1,
    });
    expect(clearlyBetter(coach, trains)).toBe(true);
    // Not for arrive-by, where the latest departure is what was asked for…
    expect(clearlyBetter(coach, trains, true)).toBe(false);
    // …nor when the later option is not that much later: 38 minutes earlier to arrive an hour earlier is a choice.
    expect(clearlyBetter(coach, { ...trains, arriveSec: 179 * 60 })).toBe(false);
  });

  it('bounds "there first": a 48-minute walk does not remove a 7-minute bus leaving later (issue #27)', () => {
    const walk = score({
      family: 'walk',
      rides: '',
      onDemand: true,
      departSec: 0,
      arriveSec: 48 * 60,
      costPence: 0,
      carbonKg: 0,
      walkM: 3800,
    });
    const bus = score({ departSec: 50 * 60, arriveSec: 57 * 60, costPence: 200, carbonKg: 0.2, walkM: 100 });
    expect(clearlyBetter(walk, bus)).toBe(false);
    // A 13-minute walk is still no worse than waiting for a 4-minute ride.
    expect(
      clearlyBetter(
        { ...walk, arriveSec: 13 * 60, walkM: 1000 },
        { ...bus, departSec: 15 * 60, arriveSec: 19 * 60 },
      ),
    ).toBe(true);
  });

  it('a partial lift goes beside the lift all the way when that takes no longer and costs no more (issue #27)', () => {
    const driver = new Set<Need>(['driver']);
    const lift = score({
      family: 'lift',
      rides: '',
      needs: driver,
      onDemand: true,
      departSec: 0,
      arriveSec: 31 * 60,
      costPence: 0,
      carbonKg: 9,
      walkM: 0,
    });
    const liftTrain = score({
      family: 'transit lift+walk',
      needs: driver,
      vehicleMile: { family: 'lift', sec: 13 * 60, fromStart: true },
      departSec: 0,
      arriveSec: 58 * 60,
      costPence: 810,
      carbonKg: 4.6,
      walkM: 300,
    });
    expect(keep([lift, liftTrain])).toEqual([lift]);
    // A lift all the way taking longer than the lift and the train leaves both.
    expect(keep([{ ...lift, arriveSec: 70 * 60 }, liftTrain])).toHaveLength(2);
  });

  it('a lift all the way is the same favour only when it drives at most half an hour more: bus 201 and 9 minutes from Aberdeen station stay beside an hour from Ballater', () => {
    const driver = new Set<Need>(['driver']);
    const lift = score({
      family: 'lift',
      rides: '',
      needs: driver,
      onDemand: true,
      departSec: 0,
      arriveSec: 62 * 60,
      costPence: 0,
      carbonKg: 20.6,
      walkM: 0,
    });
    const busLift = score({
      family: 'transit walk+lift',
      rides: 'bus 201',
      needs: driver,
      vehicleMile: { family: 'lift', sec: 9 * 60, fromStart: false },
      departSec: 0,
      arriveSec: 110 * 60,
      costPence: 890,
      carbonKg: 8,
      walkM: 0,
    });
    expect(keep([lift, busLift])).toHaveLength(2);
    expect(
      keep([lift, { ...busLift, vehicleMile: { family: 'lift', sec: 32 * 60, fromStart: false } }]),
    ).toEqual([lift]);
    // Four hours of buses and trains to be collected is no match for the lift all the way an hour sooner.
    expect(keep([lift, { ...busLift, arriveSec: 123 * 60 }])).toEqual([lift]);
    // A lift from the start is the driver's own trip: it may as well go to the door (Dufftown → Nethy Bridge).
    expect(
      keep([lift, { ...busLift, vehicleMile: { family: 'lift', sec: 9 * 60, fromStart: true } }]),
    ).toEqual([lift]);
  });

  it('a taxi all the way there sooner for no more money removes a tram and a taxi from its stop', () => {
    // Edinburgh Airport → Haymarket: the tram to Edinburgh Gateway and a taxi, 10:23–10:47, £23.40,
    // beside a taxi at 10:00 there at 10:15 for £20.00 (more CO2 does not keep the tram).
    const hire = new Set<Need>(['hire']);
    const taxi = score({
      family: 'taxi',
      rides: '',
      needs: hire,
      onDemand: true,
      departSec: 0,
      arriveSec: 15 * 60,
      costPence: 2000,
      carbonKg: 4.92,
      walkM: 0,
    });
    const tramTaxi = score({
      family: 'transit walk+taxi',
      rides: 'tram T',
      needs: hire,
      vehicleMile: { family: 'taxi', sec: 12 * 60, fromStart: false },
      departSec: 23 * 60,
      arriveSec: 47 * 60,
      costPence: 2340,
      carbonKg: 3.77,
      walkM: 76,
    });
    expect(keep([taxi, tramTaxi])).toEqual([taxi]);
    expect(keep([{ ...taxi, costPence: 2500 }, tramTaxi])).toHaveLength(2);
  });

  it('counts a little more CO2 as similar only for an option that saves half an hour: the greenest protection then gives way', () => {
    // Aviemore → Newtonmore step-free: bus 31, a long wait, a train and a lift, against the
    // direct bus leaving later and arriving 50 minutes earlier, cheaper, with a little more CO2.
    const busTrainLift = score({
      family: 'transit walk+lift',
      rides: 'bus 31>train',
      needs: new Set<Need>(['driver']),
      departSec: 0,
      arriveSec: 6300,
      travelSec: 6300,
      waitSec: 4980,
      costPence: 910,
      carbonKg: 2.375,
      walkM: 0,
      changes: 2,
    });
    const bus32 = score({
      rides: 'bus 32',
      departSec: 780,
      arriveSec: 3300,
      travelSec: 2520,
      stageCount: 1,
      costPence: 720,
      carbonKg: 3.139,
      walkM: 0,
    });
    // The earliest departure is a taxi now, as in the search.
    const taxi = score({
      family: 'taxi',
      rides: '',
      needs: new Set<Need>(['hire']),
      departSec: -3000,
      arriveSec: -1900,
      travelSec: 1100,
      stageCount: 1,
      costPence: 3620,
      carbonKg: 9.9,
      walkM: 0,
    });
    expect(keep([busTrainLift, bus32, taxi])).toEqual([bus32, taxi]);
    // Saving less time, the greener option stays.
    const later = { ...bus32, departSec: 0, arriveSec: 6300 - OPTION_SET.co2SlackSavedSec + 60 };
    expect(keep([busTrainLift, later, taxi])).toEqual([busTrainLift, later, taxi]);
    // Beyond the slack (over a kilogram more here), it stays too.
    const dirtier = { ...bus32, carbonKg: 2.375 + OPTION_SET.co2SlackKg + 0.01 };
    expect(keep([busTrainLift, dirtier, taxi])).toEqual([busTrainLift, dirtier, taxi]);
    // For small amounts the share bounds it: 0.5 kg is not similar to 0.3 kg.
    expect(co2SlackOf(0.3)).toBeLessThan(0.5);
  });

  it('a taxi to a train goes beside the tram to the same train at similar door times, costing no more (issue #27)', () => {
    // Edinburgh Airport → Pitlochry: the tram at 13:25 and the taxi at 13:34 both make the 13:44 train.
    const tramTrain = score({
      rides: 'tram>train',
      departSec: 13 * 3600 + 25 * 60,
      arriveSec: 15 * 3600 + 29 * 60,
      costPence: 3040,
      carbonKg: 3.96,
      walkM: 389,
      changes: 1,
    });
    const taxiTrain = score({
      family: 'transit taxi+walk',
      rides: 'train',
      needs: new Set<Need>(['hire']),
      departSec: 13 * 3600 + 34 * 60,
      arriveSec: 15 * 3600 + 29 * 60,
      costPence: 3110,
      carbonKg: 5.23,
      walkM: 313,
    });
    // The free lift to the same train stays beside the dearer tram, and is the quickest door to
    // door (the taxi, as quick, would otherwise stay as the best of that sort key).
    const liftTrain = {
      ...taxiTrain,
      family: 'transit lift+walk',
      needs: new Set<Need>(['driver']),
      costPence: 2290,
      carbonKg: 4.96,
    };
    expect(publicTransportFeeder(tramTrain, taxiTrain)).toBe(true);
    expect(publicTransportFeeder(tramTrain, liftTrain)).toBe(false);
    expect(keep([tramTrain, taxiTrain, liftTrain])).toEqual([tramTrain, liftTrain]);
    // The same from the station: the train and a bus beside the train and a taxi.
    expect(publicTransportFeeder({ ...tramTrain, rides: 'train>bus' }, taxiTrain)).toBe(true);
    // Not when the tram leaves over a quarter of an hour earlier, costs more, or rides other trains.
    const earlier = OPTION_SET.feederSlackSec + 60;
    expect(publicTransportFeeder({ ...tramTrain, departSec: taxiTrain.departSec - earlier }, taxiTrain)).toBe(
      false,
    );
    expect(publicTransportFeeder({ ...tramTrain, costPence: 3200 }, taxiTrain)).toBe(false);
    expect(publicTransportFeeder({ ...tramTrain, rides: 'tram>train2' }, taxiTrain)).toBe(false);
  });

  it('the earliest departure gives way to an option leaving within the hour that is clearly better (issue #27)', () => {
    // Perth → Braemar: a coach out to Pitlochry at 09:00 and a train back to Perth for the 11:48,
    // beside the 09:36 walk to the train that arrives two hours earlier, cheaper, with fewer changes.
    const outAndBack = score({
      rides: 'coach>train>train>bus',
      departSec: 9 * 3600,
      arriveSec: 17 * 3600 + 19 * 60,
      costPence: 4880,
      carbonKg: 17.46,
      walkM: 464,
      changes: 3,
    });
    const direct = score({
      rides: 'train>bus',
      departSec: 9 * 3600 + 36 * 60,
      arriveSec: 15 * 3600 + 19 * 60,
      costPence: 3820,
      carbonKg: 14.97,
      walkM: 955,
      changes: 1,
    });
    expect(keep([outAndBack, direct])).toEqual([direct]);
    // Leaving over an hour later, the earliest departure stays for leaving first.
    const later = 9 * 3600 + OPTION_SET.leaveEarlierMaxSec + 60;
    expect(keep([outAndBack, { ...direct, departSec: later }])).toHaveLength(2);
  });

  it('arrive-by: arriving a little later, still in time, to leave much later removes the early option (issue #27)', () => {
    // Nethy Bridge → Inverness by 13:30: buses at 10:24 there at 12:07, beside buses and a train at
    // 08:24 there at 11:17 for the same fare.
    const early = score({
      rides: 'bus 34>train',
      departSec: 8 * 3600 + 24 * 60,
      arriveSec: 11 * 3600 + 17 * 60,
      costPence: 1680,
      carbonKg: 3.98,
      walkM: 168,
      changes: 1,
    });
    const late = score({
      rides: 'bus 34>coach',
      departSec: 10 * 3600 + 24 * 60,
      arriveSec: 12 * 3600 + 7 * 60,
      costPence: 1680,
      carbonKg: 3.54,
      walkM: 0,
      changes: 1,
    });
    expect(keep([early, late], true)).toEqual([late]);
    // Depart-after, arriving 50 minutes later is a loss: both stay.
    expect(keep([early, late], false)).toHaveLength(2);
    // Arriving later by more than half of how much later it leaves is beyond dominance's slack; the
    // early option goes only because the later one, both in time, is no worse in anything else.
    const slow = { ...late, departSec: early.departSec + 90 * 60 };
    expect(explainOptions([early, slow], (x) => x, true).removed).toEqual([
      { item: early, rule: 'later, still in time', by: slow },
    ]);
    expect(keep([early, { ...slow, changes: 2 }], true)).toHaveLength(2);
  });

  it('arrive-by: of two options in time for the same fare, the later stays, unless the earlier changes, walks or asks less, costs or emits less, or is step-free where the later is not (issue 29 follow-up)', () => {
    // Pitlochry → Inverness by 13:00: the same train at 09:22 and 10:26, both there in time.
    const train = (departMin: number, over: Partial<OptionScore> = {}) =>
      score({
        rides: `train ${departMin}`,
        departSec: departMin * 60,
        arriveSec: (departMin + 115) * 60,
        costPence: 2360,
        carbonKg: 4.32,
        walkM: 482,
        ...over,
      });
    const early = train(9 * 60 + 22);
    const late = train(10 * 60 + 26);
    expect(keep([early, late], true)).toEqual([late]);
    expect(explainOptions([early, late], (x) => x, true).removed).toEqual([
      { item: early, rule: 'later, still in time', by: late },
    ]);
    // Depart-after, the earlier one is there an hour sooner for the same: the later goes instead.
    expect(explainOptions([early, late], (x) => x, false).removed).toEqual([
      { item: late, rule: 'much sooner', by: early },
    ]);
    // Something that matters keeps the earlier one.
    for (const [what, laterOver] of [
      ['one change more', { changes: 1 }],
      ['walking 300 m more', { walkM: 782 }],
      ['costing more', { costPence: 2560 }],
      ['emitting a kilogram more', { carbonKg: 5.32 }],
      ['asking for a taxi', { needs: new Set<Need>(['hire']) }],
      ['arriving after the time asked (the arrive-by buffer)', { late: true }],
    ] as const)
      expect(keep([early, train(10 * 60 + 26, laterOver)], true), what).toHaveLength(2);
    // Step-free: the earlier one known step-free stays beside a later one not known to be.
    expect(
      keep([{ ...early, stepFree: 'yes' }, train(10 * 60 + 26, { stepFree: 'unknown' })], true),
    ).toHaveLength(2);
    expect(
      keep([{ ...early, stepFree: 'yes' }, train(10 * 60 + 26, { stepFree: 'yes' })], true),
    ).toHaveLength(1);
  });

  it('half a minute less waiting does not keep a tram ride and a change more to the same train (issue #27)', () => {
    // Edinburgh → Glasgow: the tram at 08:53 to St Andrew Square and a walk to the 09:00 train,
    // beside the walk at 08:54 to the same train, which waits 30 seconds longer on the platform.
    const walkTrain = score({
      rides: 'train',
      departSec: 8 * 3600 + 54 * 60,
      costPence: 1800,
      walkM: 1120,
      waitSec: 60,
    });
    const tramTrain = score({
      rides: 'tram>train',
      departSec: 8 * 3600 + 53 * 60,
      costPence: 2000,
      walkM: 1134,
      waitSec: 30,
      changes: 1,
    });
    expect(keep([walkTrain, tramTrain])).toEqual([walkTrain]);
    // Waiting over 5 minutes less, it stays as the least waiting.
    expect(keep([{ ...walkTrain, waitSec: 30 + OPTION_SET.waitSlackSec + 60 }, tramTrain])).toHaveLength(2);
  });

  it('a walk as planned there no later, no longer on the way than it gains, removes the bus (issue #27 follow-up)', () => {
    // Aviemore station → Dalfaber Road at 09:05: the walk 09:05–09:16 beside bus 34 at 09:15 there at 09:25.
    const walk = score({ family: 'walk', rides: '', onDemand: true, departSec: 0, arriveSec: 660 });
    const scoreWalk = { ...walk, costPence: 0, carbonKg: 0, walkM: 905 };
    const bus = score({ departSec: 600, arriveSec: 1200, costPence: 200, carbonKg: 0.12, walkM: 662 });
    expect(clearlyBetter(scoreWalk, bus)).toBe(true);
    // Longer on the way than it gains (25 minutes against 10, there 1 minute sooner): the bus stays.
    expect(clearlyBetter({ ...scoreWalk, departSec: -1500 + 1140, arriveSec: 1140 }, bus)).toBe(false);
    // Arrive-by, the mirror: a walk leaving no earlier, no longer on the way than it gains.
    expect(clearlyBetter({ ...scoreWalk, departSec: 600, arriveSec: 1140 }, bus, true)).toBe(true);
  });

  it('there at least half an hour sooner, no longer on the way and clearly cheaper removes a greener option leaving later (issue #27 follow-up)', () => {
    // Step-free Aviemore → Newtonmore: bus 32 10:07–10:49 £7.20 3.08 kg beside a walk, train and
    // taxi 10:47–11:40 £16.80 2.53 kg, kept as the lowest CO2.
    const bus = score({ departSec: 0, arriveSec: 42 * 60, costPence: 720, carbonKg: 3.08, walkM: 0 });
    const taxiTrain = score({
      family: 'transit walk+taxi',
      needs: new Set<Need>(['hire']),
      departSec: 40 * 60,
      arriveSec: 93 * 60,
      costPence: 1680,
      carbonKg: 2.53,
      walkM: 896,
    });
    expect(keep([bus, taxiTrain])).toEqual([bus]);
    // Not clearly cheaper: both stay.
    expect(keep([bus, { ...taxiTrain, costPence: 800 }])).toHaveLength(2);
    // Longer on the way: both stay.
    expect(keep([{ ...bus, departSec: -20 * 60 }, taxiTrain])).toHaveLength(2);
  });

  it('arrive-by: of options equal but for time, the earliest departure and lowest CO2 protections go to the later one (issue #27 follow-up)', () => {
    // Carrbridge → Kingussie by 09:30: the same taxi and train at 07:01, 08:06 (twice) and 08:15.
    const at = (departMin: number, over: Partial<OptionScore> = {}) =>
      score({
        family: 'transit taxi+walk',
        needs: new Set<Need>(['hire']),
        departSec: departMin * 60,
        arriveSec: (departMin + 36) * 60,
        costPence: 2470,
        carbonKg: 4.93,
        walkM: 355,
        rides: `train ${departMin}`,
        ...over,
      });
    const list = [
      at(7 * 60 + 1),
      at(8 * 60 + 6, { changes: 1, walkM: 0, costPence: 2670 }),
      at(8 * 60 + 6),
      at(8 * 60 + 15),
    ];
    expect(keep(list, true)).not.toContain(list[0]);
  });

  it('a tie on a key goes to an option kept anyway, or one that beats the other on time and price, before less CO2 (Edinburgh Airport → Haymarket kept a taxi and train there at 10:18 as least walking)', () => {
    // All walk 0 m. The lift is there at 09:15 for nothing; the taxi and train at 10:18 for £12.60,
    // greener. A tram and the same train, 76 m on foot and 70p cheaper, makes its taxi pointless.
    const lift = score({
      family: 'lift',
      needs: new Set<Need>(['driver']),
      rides: '',
      departSec: 9 * 3600,
      arriveSec: 9 * 3600 + 15 * 60,
      costPence: 0,
      carbonKg: 3.95,
      walkM: 0,
      onDemand: true,
    });
    const taxiTrain = score({
      family: 'transit taxi+walk',
      needs: new Set<Need>(['hire']),
      rides: 'train 1012',
      departSec: 10 * 3600 + 2 * 60,
      arriveSec: 10 * 3600 + 18 * 60,
      costPence: 1260,
      carbonKg: 1.59,
      walkM: 0,
    });
    const tramTrain = score({
      rides: 'tram 0955>train 1012',
      departSec: 9 * 3600 + 55 * 60,
      arriveSec: 10 * 3600 + 18 * 60,
      costPence: 1190,
      carbonKg: 0.32,
      walkM: 76,
      changes: 1,
    });
    const { kept, removed } = explainOptions([lift, taxiTrain, tramTrain], (x) => x, false);
    expect(kept).toEqual([lift, tramTrain]);
    expect(removed).toEqual([{ item: taxiTrain, rule: 'public transport feeder', by: tramTrain }]);
    // Alone at 0 m, it stays as least walking.
    expect(explainOptions([taxiTrain, tramTrain], (x) => x, false).spared).toEqual([
      {
        item: taxiTrain,
        protections: ['walk-distance', 'least-changes'],
        rule: 'public transport feeder',
        by: tramTrain,
      },
    ]);
  });

  it('explains which protection kept an option a rule would have removed (issue #27 follow-up)', () => {
    // Beaten by 50 minutes and £6, but walking 500 m less: kept as least walking.
    const best = score({ departSec: 1000, arriveSec: 4000, costPence: 300 });
    const lessWalk = score({ departSec: 1000, arriveSec: 7000, costPence: 900, walkM: 0, rides: 'train' });
    const { kept, spared } = explainOptions([best, lessWalk], (x) => x, false);
    expect(kept).toEqual([best, lessWalk]);
    expect(spared).toEqual([
      { item: lessWalk, protections: ['walk-distance'], rule: 'clearly beaten', by: best },
    ]);
  });

  it('step-free: a short ride beside a long wait goes only for a step-free walk of at most 400 m more (issue #27 follow-up)', () => {
    // Pitlochry → Kingussie step-free: train, 18 minutes' wait, 1-minute bus 32; or the train and 356 m more on foot.
    const bus = score({
      rides: 'train>bus 32',
      ridesWithoutShortEnds: ['train'],
      shortRideWalkLimitM: OPTION_SET.stepFreeShortRideWalkM,
      arriveSec: 5000 + 12 * 60,
      costPence: 1530,
      walkM: 313,
    });
    const walk = score({ rides: 'train', costPence: 1330, walkM: 669, arriveSec: 5000 + 5 * 60 });
    expect(keep([walk, bus])).toEqual([walk]);
    expect(keep([{ ...walk, walkM: 800 }, bus])).toHaveLength(2);
  });

  it('a short ride beside a long wait goes when neither price is known (beyond the region)', () => {
    // Kingussie → Fort William: bus 32 for a minute, 74 minutes at the station, the train and an
    // estimated coach; or a 5-minute walk to the same train. The coach's fare is unknown for both.
    const bus = score({
      rides: 'bus 32>train>coach',
      ridesWithoutShortEnds: ['train>coach'],
      departSec: 5000 - 75 * 60,
      costPence: null,
      walkM: 0,
    });
    const walk = score({ rides: 'train>coach', departSec: 5000, costPence: null, walkM: 355 });
    expect(keep([walk, bus])).toEqual([walk]);
    // A known price beside an unknown one still compares nothing.
    expect(keep([walk, { ...bus, costPence: 1530 }])).toHaveLength(2);
  });

  it('keeps pinned options (walking under the limit)', () => {
    const walk = score({
      family: 'walk',
      rides: '',
      costPence: 0,
      carbonKg: 0,
      arriveSec: 9000,
      walkM: 3000,
      pinned: true,
    });
    const bus = score({ costPence: 0, carbonKg: 0 });
    expect(clearlyBetter(bus, walk)).toBe(true);
    expect(keep([walk, bus]).map((k) => k.family)).toContain('walk');
  });

  it('drops the same rides reached a way that asks more', () => {
    const walkIn = score({ family: 'transit walk+walk', rides: 'train 1', departSec: 900 });
    const taxiIn = score({
      family: 'transit taxi+walk',
      rides: 'train 1',
      departSec: 1500,
      needs: new Set<Need>(['hire']),
      costPence: 1450,
    });
    const other = score({
      family: 'transit walk+walk',
      rides: 'bus 9',
      departSec: 0,
      arriveSec: 3000,
      costPence: 900,
    });
    expect(keep([walkIn, taxiIn, other]).map((k) => k.family)).toEqual([
      'transit walk+walk',
      'transit walk+walk',
    ]);
  });

  it('drops the same tram boarded a stop further on when no fare is known (RNV: Paradeplatz to Bismarckplatz showed the 10:16 tram twice, once after a longer walk to Marktplatz)', () => {
    // Tram 5 at Paradeplatz 10:16 after 332 m, or at Marktplatz 10:17 after 409 m: the same trip,
    // the same arrival, no fare file to price either.
    const atParadeplatz = score({
      rides: 'rnv:314773',
      departSec: 36_753,
      arriveSec: 39_960,
      travelSec: 3207,
      walkM: 332,
      costPence: null,
    });
    const atMarktplatz = score({
      rides: 'rnv:314773',
      departSec: 36_756,
      arriveSec: 39_960,
      travelSec: 3204,
      walkM: 409,
      costPence: null,
    });
    expect(keep([atMarktplatz, atParadeplatz])).toEqual([atParadeplatz]);
    expect(keep([atParadeplatz, atMarktplatz])).toEqual([atParadeplatz]);
  });

  it('a negligible CO2 difference keeps nothing: the same tram from Marktplatz, 0.01 kg greener and 77 m more walking, goes (RNV Paradeplatz → Heidelberg Hbf Süd in December)', () => {
    // Tram 5 at Paradeplatz 10:16 after 276 m, or at Marktplatz 10:17 after 352 m, the same trip to
    // the same walk at the end, no fare known; the ride from Marktplatz is 300 m shorter.
    const tram = { rides: 'rnv:tram5-1016', arriveSec: 40_200, costPence: null, changes: 0 };
    const atParadeplatz = score({ ...tram, departSec: 36_660, travelSec: 3540, walkM: 1363, carbonKg: 0.53 });
    const atMarktplatz = score({ ...tram, departSec: 36_663, travelSec: 3537, walkM: 1440, carbonKg: 0.52 });
    const car = score({
      family: 'lift',
      needs: new Set<Need>(['driver']),
      rides: '',
      departSec: 36_000,
      arriveSec: 37_020,
      travelSec: 1020,
      costPence: 0,
      carbonKg: 6.29,
      walkM: 0,
      onDemand: true,
    });
    const { kept, removed } = explainOptions([car, atMarktplatz, atParadeplatz], (x) => x, false);
    expect(kept).toEqual([car, atParadeplatz]);
    expect(removed).toEqual([{ item: atMarktplatz, rule: 'same rides, leaner way', by: atParadeplatz }]);
    // 0.1 kg less is no longer negligible (over 0.05 kg and 5 %): the greener one stays.
    expect(keep([car, { ...atMarktplatz, carbonKg: 0.43 }, atParadeplatz])).toHaveLength(3);
    // On a larger figure the tie is relative: 0.4 kg in 10 kg is within 5 %, 0.6 kg is not.
    expect(co2Negligible(10, 10.4)).toBe(true);
    expect(co2Negligible(10, 10.6)).toBe(false);
    expect(co2Negligible(0, 0.05)).toBe(true);
    expect(co2Negligible(0, 0.06)).toBe(false);
  });

  it('a later copy goes beside its nearer copy even when that copy then gives way to a leaner way onto the same tram (RNV: the 12:11 tram 5 from Marktplatz stayed alone)', () => {
    const hour = 3600;
    const marktplatz = (departSec: number, trip: string) =>
      score({
        rides: trip,
        shape: 'walk>Marktplatz|tram 5:Marktplatz>Gneisenaustraße Süd|walk',
        departSec,
        arriveSec: departSec + 59 * 60,
        travelSec: 59 * 60,
        walkM: 1440,
        carbonKg: 0.52,
        costPence: null,
      });
    const early = marktplatz(10 * hour + 11 * 60, 'tram 5 10:16');
    const late = marktplatz(12 * hour + 11 * 60, 'tram 5 12:16');
    const atParadeplatz = score({
      ...early,
      shape: 'walk>Paradeplatz|tram 5:Paradeplatz>Gneisenaustraße Süd|walk',
      walkM: 1363,
      carbonKg: 0.53,
    });
    const cycle = score({
      family: 'cycle',
      needs: new Set<Need>(['bike']),
      rides: '',
      departSec: 10 * hour,
      arriveSec: 11 * hour + 15 * 60,
      travelSec: 75 * 60,
      costPence: 0,
      carbonKg: 0,
      walkM: 0,
      onDemand: true,
    });
    const { kept, removed } = explainOptions([cycle, atParadeplatz, early, late], (x) => x, false);
    expect(kept).toEqual([cycle, atParadeplatz]);
    expect(removed).toEqual([
      { item: late, rule: 'later copy', by: early },
      { item: early, rule: 'same rides, leaner way', by: atParadeplatz },
    ]);
  });

  it('without any fare known, a direct train beats three changes onto the same train at the same times (it removed nothing without a fare: an unknown cost removed nothing)', () => {
    // R 17:33 from Jay St to Bay Ridge-95 St at 18:01, or the B25, the 2 and the N to catch that R
    // at 59 St, both leaving the door at the same time.
    const direct = score({
      rides: 'R',
      departSec: 1000,
      arriveSec: 2700,
      travelSec: 1700,
      walkM: 155,
      changes: 0,
      costPence: null,
    });
    const around = score({
      rides: 'B25>2>N>R',
      departSec: 1000,
      arriveSec: 2700,
      travelSec: 1700,
      walkM: 343,
      changes: 3,
      costPence: null,
    });
    expect(keep([around, direct])).toEqual([direct]);
    // A known fare still counts cheaper than an unknown one, never the other way round.
    expect(keep([{ ...around, costPence: 290 }, direct])).toHaveLength(2);
  });

  it('keeps at most three departures of one family and represents every family', () => {
    const buses = Array.from({ length: 10 }, (_, i) =>
      score({ departSec: 1000 + i * 3600, arriveSec: 5000 + i * 3600, rides: `bus ${i}` }),
    );
    const kept = keep([
      ...buses,
      score({ family: 'train', rides: 'train', costPence: 900, carbonKg: 0.5, arriveSec: 99_999 }),
    ]);
    expect(kept.filter((k) => k.family === 'transit walk+walk').length).toBeLessThanOrEqual(
      OPTION_SET.perFamily + 1,
    );
    expect(kept.some((k) => k.family === 'train')).toBe(true);
    const late = keep(buses, true);
    expect(late.map((k) => k.departSec)).toContain(1000 + 9 * 3600);
  });

  it('caps a group of families as a whole, the best of each family first', () => {
    const lift = (family: string, h: number) =>
      score({
        family,
        rides: family,
        group: 'lift',
        needs: new Set<Need>(['driver']),
        departSec: h * 3600,
        arriveSec: h * 3600 + 1800,
        carbonKg: 5 + h,
        costPence: 0,
        walkM: 100,
      });
    const items = [
      lift('lift', 8),
      lift('lift', 9),
      lift('transit lift+walk', 8),
      lift('transit lift+walk', 10),
      score({ family: 'transit walk+walk', departSec: 8 * 3600, arriveSec: 9 * 3600, carbonKg: 1 }),
    ];
    const kept = keep(items);
    expect(kept.filter((k) => k.group === 'lift').length).toBeLessThanOrEqual(OPTION_SET.groupCaps.lift! + 1);
    expect(kept.some((k) => k.family === 'transit walk+walk')).toBe(true);
  });

  it('property: the chosen set keeps every pinned option and the best of every sort key, and is a subset of the input', () => {
    const needs = fc.subarray(['bike', 'car', 'driver', 'hire', 'booking'] as Need[]);
    const arbScore = fc.record({
      family: fc.constantFrom('walk', 'cycle', 'taxi', 'transit walk+walk', 'transit taxi+walk'),
      needs: needs.map((n) => new Set<Need>(n)),
      rides: fc.constantFrom('', 'a', 'b', 'a>b'),
      departSec: fc.integer({ min: 0, max: 7200 }),
      duration: fc.integer({ min: 300, max: 14_400 }),
      waitSec: fc.integer({ min: 0, max: 3600 }),
      stageCount: fc.integer({ min: 1, max: 5 }),
      costPence: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: null }),
      carbonKg: fc.float({ min: 0, max: 20, noNaN: true }),
      walkM: fc.integer({ min: 0, max: 4000 }),
      changes: fc.integer({ min: 0, max: 3 }),
      pinned: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbScore, { maxLength: 25 }), fc.boolean(), (raw, arriveBy) => {
        const items: OptionScore[] = raw.map(({ duration, ...r }) => ({
          ...r,
          arriveSec: r.departSec + duration,
          travelSec: duration,
        }));
        const kept = keep(items, arriveBy);
        expect(kept.every((k) => items.includes(k))).toBe(true);
        for (const p of items.filter((x) => x.pinned)) expect(kept).toContain(p);
        for (const key of SORT_KEYS) {
          if (items.length === 0) continue;
          // Arrive-by, leaving or arriving first is no protection (ADR 008 rule 11).
          if (arriveBy && (key === 'depature-time' || key === 'arrival-time')) continue;
          const best = Math.min(...items.map((x) => computeSortKeys(x)[key] ?? 0));
          // Walking within the walk slack of the least (within walkFarM for an option an hour faster
          // and clearly cheaper), CO2 within the CO2 slack (or a negligible difference), leaving within the hour after the
          // earliest, waiting within 5 minutes of the least and travelling within a minute of the
          // shortest on the same rides count as the same (ADR 008).
          const tie =
            key === 'walk-distance'
              ? best + OPTION_SET.walkFarM
              : key === 'emissions'
                ? Math.max(
                    co2SlackOf(best),
                    best + Math.max(OPTION_SET.co2TieKg, best * OPTION_SET.co2TieShare),
                  )
                : key === 'depature-time'
                  ? best + OPTION_SET.leaveEarlierMaxSec
                  : key === 'wait-time'
                    ? best + OPTION_SET.waitSlackSec
                    : key === 'travel-time'
                      ? best + OPTION_SET.sameRidesMomentSec
                      : best;
          // Or, for the keys whose protection may pass on past its tie, option by option, each
          // clearly better than the one before (ADR 008), a kept option clearly better than one best
          // on the key: three walks waiting 0 s, 1 s, then 301 s for a walk half an hour shorter;
          // leaving at 0 s, 1 s, then 3,601 s to arrive 40 minutes sooner. The shortest passes to a
          // much sooner option (a walk a minute longer that arrives half an hour sooner).
          const bests = items.filter((x) => (computeSortKeys(x)[key] ?? 0) === best);
          const passedOn = (k: OptionScore) =>
            bests.some((b) =>
              key === 'travel-time'
                ? !arriveBy && muchSooner(k, b)
                : (key === 'wait-time' || key === 'depature-time') && clearlyBetter(k, b, arriveBy),
            );
          expect(kept.some((k) => (computeSortKeys(k)[key] ?? 0) <= tie || passedOn(k))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("options the lead struck out reading main (issue 27's spirit)", () => {
  const span = (trip: string, board: string, alight: string): RideSpan => ({ trip, board, alight });

  it('stay on board: no change off bus 32 after 2 minutes for a coach there a minute before the same bus (Carrbridge → Kingussie by 09:30)', () => {
    // Taxi 07:48, bus 32 08:05–08:07 to Grampian Road, coach M91 there at 08:40, £26.10, 4.93 kg;
    // or the same taxi and bus 32 staying on to Kingussie at 08:41, £24.80, 6.91 kg, no change.
    const change = score({
      family: 'transit taxi+walk',
      needs: new Set<Need>(['hire']),
      rides: 'bus:32-0805>bus:M91-0817',
      rideSpans: [
        span('bus:32-0805', 'aviemore-station', 'grampian-road'),
        span('bus:M91-0817', 'grampian-road', 'kingussie'),
      ],
      departSec: 7 * 3600 + 48 * 60,
      arriveSec: 8 * 3600 + 40 * 60,
      costPence: 2610,
      carbonKg: 4.93,
      walkM: 0,
      changes: 1,
    });
    const stay = score({
      ...change,
      rides: 'bus:32-0805',
      rideSpans: [span('bus:32-0805', 'aviemore-station', 'kingussie')],
      arriveSec: 8 * 3600 + 41 * 60,
      costPence: 2480,
      carbonKg: 6.91,
      changes: 0,
    });
    const { kept, removed } = explainOptions([change, stay], (x) => x, true);
    expect(kept).toEqual([stay]);
    expect(removed).toEqual([{ item: change, rule: 'stay on board', by: stay }]);
    // The mirror: a short bus to the stop where the same coach could have been boarded at the start.
    const boardFirst = score({
      rides: 'bus:31>bus:M91',
      rideSpans: [span('bus:31', 'a', 'b'), span('bus:M91', 'b', 'c')],
      changes: 1,
      arriveSec: 5000,
    });
    const boardAtStart = score({
      rides: 'bus:M91',
      rideSpans: [span('bus:M91', 'a2', 'c')],
      arriveSec: 5000,
    });
    expect(keep([boardFirst, boardAtStart])).toEqual([boardAtStart]);
    // Staying on arrives more than 5 minutes later, costs more, or walks more: both stay.
    expect(
      keep([change, { ...stay, arriveSec: change.arriveSec + OPTION_SET.stayOnSec + 60 }], true),
    ).toHaveLength(2);
    expect(keep([change, { ...stay, costPence: 2700 }], true)).toHaveLength(2);
    expect(keep([change, { ...stay, walkM: OPTION_SET.walkSlackM + 1 }], true)).toHaveLength(2);
    // Getting off where the other gets off is the short-ride rule's, not this one's.
    expect(
      keep(
        [change, { ...stay, rideSpans: [span('bus:32-0805', 'aviemore-station', 'grampian-road')] }],
        true,
      ),
    ).toHaveLength(2);
  });

  it('short hop: no 2-minute subway after the train beside the walk there at the same minute, unless step-free (Pitlochry → Glasgow)', () => {
    // Train to Queen Street, walk to Buchanan Street, subway 2 minutes to Cowcaddens and 387 m on
    // foot, there at 11:32 for £27.00; or the same train and 737 m on foot, there at 11:32 for £25.20.
    const walk = score({ rides: 'train', departSec: 1000, arriveSec: 8380, costPence: 2520, walkM: 1051 });
    const subway = score({
      rides: 'train>subway',
      ridesWithoutShortHops: ['train'],
      departSec: 1000,
      arriveSec: 8380,
      costPence: 2700,
      walkM: 872,
      changes: 1,
      carbonKg: 1.02,
    });
    const { kept, removed } = explainOptions([walk, subway], (x) => x, false);
    expect(kept).toEqual([walk]);
    expect(removed).toEqual([{ item: subway, rule: 'short hop', by: walk }]);
    // The walk arrives later, leaves more than the short ride earlier, or costs more: both stay.
    expect(keep([{ ...walk, arriveSec: 8440 }, subway])).toHaveLength(2);
    expect(keep([{ ...walk, departSec: 1000 - OPTION_SET.shortRideSec - 60 }, subway])).toHaveLength(2);
    expect(keep([{ ...walk, costPence: 2800 }, subway])).toHaveLength(2);
    // A step-free search sets no hops: only a long wait makes the ride pointless there.
    expect(
      keep([walk, { ...subway, ridesWithoutShortHops: undefined, shortRideWalkLimitM: 400 }]),
    ).toHaveLength(2);
    // Arrive-by, the walk must leave as late.
    expect(keep([walk, subway], true)).toEqual([walk]);
    expect(keep([{ ...walk, departSec: 940 }, subway], true)).toHaveLength(2);
  });

  it('a bus hop to the station and a subway hop after the train both go beside the walk to the same train (Pitlochry → Glasgow at 12:18)', () => {
    const t = MON_0900;
    const hops: PlannedOption = {
      kind: 'transit walk+walk',
      depart: {
        steps: [
          rideStep('bus', PLACES.aviemore, PLACES.aviemoreStation, t, 120, { tripId: 'bus 87' }),
          rideStep('train', PLACES.aviemoreStation, PLACES.edinburgh, t + 660, 6420, { tripId: 'HML' }),
          streetStep('walk', PLACES.edinburgh, PLACES.glenmore, t + 7080, 1.3),
          rideStep('subway', PLACES.glenmore, PLACES.carrbridge, t + 7200, 120, { tripId: 'Outer' }),
        ],
      },
      ret: null,
    };
    // Nine minutes at the station: not a long wait, so only the hops list drops the bus.
    expect(ridesWithoutShortEnds(hops)).toEqual([]);
    expect(ridesWithoutShortEnds(hops, true)).toEqual(['bus:HML>bus:Outer', 'bus:bus 87>bus:HML', 'bus:HML']);
  });

  it('later copy: the same journey two hours later goes beside the first, unless dearer or another shape (Boat of Garten → Kingussie at 08:15)', () => {
    const first = score({
      shape: 'bus 34|train HML|walk',
      departSec: 8 * 3600 + 35 * 60,
      arriveSec: 9 * 3600 + 49 * 60,
    });
    const later = score({
      shape: 'bus 34|train HML|walk',
      rides: 'bus 31 later',
      departSec: 10 * 3600 + 35 * 60,
      arriveSec: 11 * 3600 + 39 * 60,
    });
    const { kept, removed } = explainOptions([first, later], (x) => x, false);
    expect(kept).toEqual([first]);
    expect(removed).toEqual([{ item: later, rule: 'later copy', by: first }]);
    // Another shape is no later copy; two hours later for the same fare, it goes as much sooner.
    expect(
      explainOptions([first, { ...later, shape: 'bus 34|intercity bus M91' }], (x) => x, false).removed,
    ).toEqual([{ item: { ...later, shape: 'bus 34|intercity bus M91' }, rule: 'much sooner', by: first }]);
    expect(keep([first, { ...later, costPence: first.costPence! - 10 }])).toHaveLength(2);
    // Arrive-by, the copy leaving earlier goes.
    expect(keep([first, later], true)).toEqual([later]);
    // Two minutes shorter is no reason to show it (Pitlochry → Glasgow: the 12:24 train beside the 09:29).
    const shorter = {
      ...later,
      travelSec: first.travelSec - 120,
      arriveSec: later.departSec + first.travelSec - 120,
    };
    expect(explainOptions([first, shorter], (x) => x, false).kept).toEqual([first]);
    // A later copy clearly best on a sort key stays (ADR 008 rule 11): here the shortest by 37 minutes.
    expect(keep([first, { ...later, arriveSec: later.departSec + 1800, travelSec: 1800 }])).toHaveLength(2);
  });

  const hm = (h: number, m: number) => h * 3600 + m * 60;
  /** A lift all the way, free and without walking: in a search it is the cheapest and walks least. */
  const liftAllTheWay = (departSec: number, minutes: number, carbonKg: number) =>
    score({
      family: 'lift',
      needs: new Set<Need>(['driver']),
      rides: '',
      departSec,
      arriveSec: departSec + minutes * 60,
      travelSec: minutes * 60,
      costPence: 0,
      carbonKg,
      walkM: 0,
      onDemand: true,
    });

  it('much sooner: a taxi and bus 32 at 09:37 there at 10:41 goes beside the taxi and train at 09:01 there at 09:49 for 10p less (Nethy Bridge → Kingussie at 09:00)', () => {
    const taxi = { family: 'transit taxi+walk', needs: new Set<Need>(['hire']), changes: 0 };
    const taxiTrain = score({
      ...taxi,
      rides: 'train HML 0929',
      departSec: hm(9, 1),
      arriveSec: hm(9, 49),
      travelSec: 48 * 60,
      costPence: 3620,
      carbonKg: 8.42,
      walkM: 355,
    });
    const taxiBus = score({
      ...taxi,
      rides: 'bus 32 1005',
      departSec: hm(9, 37),
      arriveSec: hm(10, 41),
      travelSec: 64 * 60,
      costPence: 3630,
      carbonKg: 10.4,
      walkM: 0,
    });
    // The lift all the way (free, no walking) holds the cheapest and least-walking protections, as in
    // the search.
    const lift = liftAllTheWay(hm(9, 0), 38, 11.63);
    // Dominance kept it: leaving 36 minutes earlier is more than half of the 52 minutes gained.
    expect(clearlyBetter(taxiTrain, taxiBus)).toBe(false);
    const { kept, removed } = explainOptions([lift, taxiTrain, taxiBus], (x) => x, false);
    expect(kept).toEqual([lift, taxiTrain]);
    expect(removed).toEqual([{ item: taxiBus, rule: 'much sooner', by: taxiTrain }]);
    expect(muchSooner(taxiTrain, taxiBus)).toBe(true);
    // What would keep it: clearly cheaper, fewer changes, clearly less CO2, asking less, more
    // step-free, less than half an hour later, or the sooner one clearly longer on the way.
    expect(muchSooner(taxiTrain, { ...taxiBus, costPence: 3620 - 730 })).toBe(false);
    expect(muchSooner({ ...taxiTrain, changes: 1 }, taxiBus)).toBe(false);
    expect(muchSooner(taxiTrain, { ...taxiBus, carbonKg: 6 })).toBe(false);
    expect(muchSooner(taxiTrain, { ...taxiBus, needs: new Set<Need>() })).toBe(false);
    expect(muchSooner({ ...taxiTrain, stepFree: 'no' }, { ...taxiBus, stepFree: 'yes' })).toBe(false);
    expect(muchSooner(taxiTrain, { ...taxiBus, arriveSec: hm(10, 18), departSec: hm(9, 14) })).toBe(false);
    expect(muchSooner({ ...taxiTrain, departSec: hm(8, 30) }, taxiBus)).toBe(false);
    // Arrive-by asks for the latest departure instead (later, still in time): both stay.
    expect(keep([lift, taxiTrain, taxiBus], true)).toHaveLength(3);
  });

  it('much sooner: bus 34 and the M91 there at 11:40 goes beside bus 34 and the train there at 09:49, for 60p and a 355 m walk less (Boat of Garten → Kingussie at 08:15)', () => {
    const busTrain = score({
      rides: 'bus 34 0835>train HML 0929',
      departSec: hm(8, 35),
      arriveSec: hm(9, 49),
      travelSec: 74 * 60,
      costPence: 1190,
      carbonKg: 2.33,
      walkM: 355,
      changes: 1,
    });
    const busCoach = score({
      rides: 'bus 34 1035>M91 1117',
      departSec: hm(10, 35),
      arriveSec: hm(11, 40),
      travelSec: 65 * 60,
      costPence: 1130,
      carbonKg: 2.1,
      walkM: 0,
      changes: 1,
    });
    // As in the search, a free lift is the cheapest and walks least, a bike hire to the train the greenest.
    const lift = liftAllTheWay(hm(8, 15), 31, 9.54);
    const bikeTrain = score({
      family: 'transit bike hire+walk',
      needs: new Set<Need>(['hire']),
      rides: 'train HML 0929',
      departSec: hm(8, 57),
      arriveSec: hm(9, 49),
      travelSec: 52 * 60,
      costPence: 1110,
      carbonKg: 0.65,
      walkM: 498,
    });
    expect(explainOptions([lift, bikeTrain, busTrain, busCoach], (x) => x, false).removed).toEqual([
      { item: busCoach, rule: 'much sooner', by: busTrain },
    ]);
    // Walking more beyond the walk slack is worth the time only up to 1 km more (walkFarM), each
    // minute weighed double: 1 km more (12.5 minutes, 25 weighed) beside 111 minutes sooner is;
    // 1.1 km more is not, nor is 1 km more beside 34 minutes sooner (25 weighed and the 10 that
    // make an option clearly faster are 35).
    expect(muchSooner({ ...busTrain, walkM: 1000 }, busCoach)).toBe(true);
    expect(muchSooner({ ...busTrain, walkM: 1100 }, busCoach)).toBe(false);
    const soonerBy34 = { ...busTrain, departSec: hm(9, 51), arriveSec: hm(11, 6) };
    expect(muchSooner(soonerBy34, busCoach)).toBe(true);
    expect(muchSooner({ ...soonerBy34, walkM: 1000 }, busCoach)).toBe(false);
    // Step-free, at most 400 m more (stepFreeShortRideWalkM), as for a short ride beside a long wait.
    const stepFreeCoach = { ...busCoach, shortRideWalkLimitM: OPTION_SET.stepFreeShortRideWalkM };
    expect(muchSooner(busTrain, stepFreeCoach)).toBe(true);
    expect(muchSooner({ ...busTrain, walkM: 500 }, stepFreeCoach)).toBe(false);
    // On demand, the other is left to dominance: a lift or a walk can leave whenever.
    expect(muchSooner(busTrain, { ...busCoach, onDemand: true })).toBe(false);
  });

  it('much sooner passes the shortest protection on: a Q and B at 20:16 there at 20:44, 4 minutes shorter on the way, goes beside the Q at 18:00 there at 18:32 (NYC Coney Island → Atlantic Av at 18:00, prices unknown)', () => {
    const subway = { costPence: null, carbonKg: 0.39, walkM: 86 };
    const q = score({
      ...subway,
      rides: 'subway Q 1800',
      departSec: hm(18, 0),
      arriveSec: hm(18, 32),
      travelSec: 32 * 60,
    });
    const d = score({
      ...subway,
      rides: 'subway D 1802',
      departSec: hm(18, 2),
      arriveSec: hm(18, 37),
      travelSec: 35 * 60,
      carbonKg: 0.37,
      walkM: 161,
    });
    const qb = score({
      ...subway,
      rides: 'subway Q 2016>subway B 2024',
      departSec: hm(20, 16),
      arriveSec: hm(20, 44),
      travelSec: 28 * 60,
      changes: 1,
    });
    expect(muchSooner(q, qb)).toBe(true);
    const { kept, removed } = explainOptions([q, d, qb], (x) => x, false);
    expect(kept).toEqual([q, d]);
    expect(removed).toEqual([{ item: qb, rule: 'much sooner', by: q }]);
    // Shorter by more than the 10 minutes that make an option clearly faster, it stays as the shortest.
    const quick = { ...qb, arriveSec: hm(20, 36), travelSec: 20 * 60 };
    expect(explainOptions([q, d, quick], (x) => x, false).kept).toEqual([q, d, quick]);
  });

  it('shapeOf reads two HML trains of two GTFS routes as one line, and tells other stops apart', () => {
    const t = MON_0900;
    const at = (start: number, routeId: string, to = PLACES.carrbridge): PlannedOption => ({
      kind: 'transit walk+walk',
      depart: {
        steps: [
          streetStep('walk', PLACES.aviemore, PLACES.aviemoreStation, start, 1.3),
          rideStep('train', PLACES.aviemoreStation, to, start + 600, 900, {
            routeId,
            routeShortName: 'HML',
            stops: [
              { stopId: 'AVM', name: 'Aviemore', lat: 0, lon: 0, timeSec: start + 600 },
              { stopId: to.name, name: to.name, lat: 0, lon: 0, timeSec: start + 1500 },
            ],
          }),
        ],
      },
      ret: null,
    });
    expect(shapeOf(at(t, 'HML-EDB'))).toBe(shapeOf(at(t + 7200, 'HML-GLQ')));
    expect(shapeOf(at(t, 'HML-EDB'))).not.toBe(shapeOf(at(t, 'HML-EDB', PLACES.glenmore)));
  });
});
