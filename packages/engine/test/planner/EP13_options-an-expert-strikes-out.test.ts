// Feature under test: options an expert would strike out are not offered (issue #27 points 3 and 4, and its follow-ups): a short ride beside a long wait where the traveller can walk, a trip leaving a little later to arrive hours later for more money, a long walk standing in for a short bus, a bus beside a walk there no later, a slower dearer option kept for a little less CO2, early arrive-by options, long rural walks after dark.
import type { Journey, Step } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { OPTION_SET } from '../../src/journeys/ranking/optionSet.ts';
import { haversineM } from '../../src/geo/geometry.ts';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-ep13-');
const rides = (j: Journey) => j.depart.steps.filter((s) => s.stops !== undefined);
const rideKey = (s: Step) => `${s.service_number}@${s.departure_time}`;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const show = (j: Journey) =>
  `${j.depart.departure_at}–${j.depart.arrival_at} ${j.cost}: ${j.depart.steps.map((s) => `${s.departure_time} ${s.type} ${s.service_number ?? ''}`).join(', ')}`;

/**
 * Options with a ride of at most 5 minutes at either end, beside a wait of 10 minutes or more,
 * while another option rides the rest of the same rides leaving no earlier, costing no more.
 */
function pointlessShortRides(js: Journey[]): string[] {
  const out: string[] = [];
  for (const j of js) {
    const r = rides(j);
    if (r.length < 2) continue;
    const gapMin = (a: Step, b: Step) => minutes(b.departure_time) - minutes(a.arrival_time);
    const shortSec = OPTION_SET.shortRideSec;
    const rests: Step[][] = [];
    if (r[0]!.duration.value <= shortSec && gapMin(r[0]!, r[1]!) >= 15) rests.push(r.slice(1));
    if (r.at(-1)!.duration.value <= shortSec && gapMin(r.at(-2)!, r.at(-1)!) >= 15)
      rests.push(r.slice(0, -1));
    for (const rest of rests) {
      const other = js.find(
        (o) =>
          o !== j &&
          rides(o).map(rideKey).join('>') === rest.map(rideKey).join('>') &&
          o.depart.departure_datetime >= j.depart.departure_datetime &&
          (o.cost_pence ?? Infinity) <= (j.cost_pence ?? Infinity),
      );
      if (other) out.push(`${show(j)} beside ${show(other)}`);
    }
  }
  return out;
}

describe('P13 a short ride beside a long wait, where the traveller can walk, is not offered', () => {
  it('Aviemore, Grampian Road → Falkirk on a Friday evening: no 2-minute bus 31 to the station and half an hour on the platform', async () => {
    const js = await planBetween(demo.planner, 'Aviemore, Grampian Road', 'Falkirk Grahamston', {
      out_time: '2026/11/27 18:01:00',
    });
    expect(js.length).toBeGreaterThan(0);
    expect(pointlessShortRides(js)).toEqual([]);
  });

  it('Pitlochry → Kingussie: no 18-minute wait at Kingussie station for a 1-minute bus to the High Street', async () => {
    const js = await planBetween(demo.planner, 'Pitlochry, Atholl Road', 'Kingussie', {
      out_time: '2026/11/25 08:50:00',
    });
    expect(js.length).toBeGreaterThan(0);
    expect(pointlessShortRides(js)).toEqual([]);
  });
});

describe('P13 a partial lift is not offered beside the lift all the way', () => {
  for (const [from, to] of [
    ['Nethy Bridge', 'Newtonmore'],
    ['Grantown-on-Spey', 'Inverness'],
  ] as const)
    it(`${from} → ${to}: no lift to a station and a train when the lift to the door takes no longer`, async () => {
      const js = await planBetween(demo.planner, from, to, { out_time: '2026/11/25 09:00:00' });
      const lift = js.find((j) => j.depart.steps.length === 1 && j.depart.steps[0]!.type === 'car');
      expect(lift, js.map(show).join('\n')).toBeDefined();
      const span = (j: Journey) =>
        Date.parse(j.depart.arrival_datetime) - Date.parse(j.depart.departure_datetime);
      const partial = js.filter(
        (j) => rides(j).length > 0 && j.depart.steps.some((s) => s.type === 'car') && span(j) >= span(lift!),
      );
      expect(partial.map(show)).toEqual([]);
    });
});

describe('P13 less CO2 does not keep an option hours later and dearer (issue #27, confirmed on the merged rules)', () => {
  for (const car of [false, true])
    it(`Dufftown → Nethy Bridge${car ? ' with a car' : ''}: no ${car ? 'park & ride' : 'lift to a station'} and trains hours later beside the ${car ? 'own car' : 'lift'} to the door`, async () => {
      const js = await planBetween(demo.planner, 'Dufftown', 'Nethy Bridge', {
        out_time: '2026/11/25 09:00:00',
        ...(car ? { has_access_to_car: true } : {}),
      });
      const vehicle = car ? 'own car' : 'car';
      const door = js.find((j) => j.depart.steps.length <= 2 && j.depart.steps[0]!.type === vehicle);
      expect(door, js.map(show).join('\n')).toBeDefined();
      const hoursLater = js.filter(
        (j) =>
          // Options asking as much (the same vehicle to a stop); a bus from the village asks less.
          rides(j).length > 0 &&
          j.depart.steps.some((s) => s.type === vehicle) &&
          Date.parse(j.depart.arrival_datetime) - Date.parse(door!.depart.arrival_datetime) >= 3600_000 &&
          (j.cost_pence ?? Infinity) > (door!.cost_pence ?? 0),
      );
      expect(hoursLater.map(show)).toEqual([]);
    });
});

describe('P13 one community bus, shown once', () => {
  it('Laggan → Newtonmore on a Tuesday: the community bus door to door, not again as its timetabled run to a train', async () => {
    const js = await planBetween(demo.planner, 'Laggan', 'Newtonmore', { out_time: '2026/11/24 10:00:00' });
    const community = js.filter((j) => j.depart.steps.some((s) => s.type === 'community transport'));
    expect(community.map(show)).toHaveLength(1);
    expect(community[0]!.depart.steps.map((s) => s.type)).toEqual(['community transport']);
  });

  it('Gairnshiel → Ballater: the dial-a-ride door to door, not again to Crathie two hours later for a bus to Ballater', async () => {
    const js = await planBetween(demo.planner, 'Gairnshiel', 'Ballater', { out_time: '2026/11/24 09:00:00' });
    const drt = js.filter((j) => j.depart.steps.some((s) => s.type === 'drt'));
    expect(drt.map(show)).toHaveLength(1);
    expect(drt[0]!.depart.steps.map((s) => s.type)).toEqual(['drt']);
  });
});

describe('P13 leaving a little later to arrive hours later for more money is not offered', () => {
  it('East Moulin Road, Pitlochry → Edinburgh at 15:11: the coach at 15:38, not trains at 16:16 arriving two hours later for £4 more', async () => {
    const js = await planBetween(demo.planner, '6 East Moulin Road', 'Edinburgh', {
      out_time: '2026/11/25 15:11:00',
    });
    const coach = js.find((j) => rides(j).some((s) => s.service_number === 'M91'));
    expect(coach, js.map(show).join('\n')).toBeDefined();
    const arrive = (j: Journey) => Date.parse(j.depart.arrival_datetime);
    const leave = (j: Journey) => Date.parse(j.depart.departure_datetime);
    const beaten = js.filter(
      (j) =>
        j !== coach &&
        !j.depart.steps.some((s) => ['taxi', 'car', 'own car', 'cycle'].includes(s.type)) &&
        leave(j) - leave(coach!) <= (arrive(j) - arrive(coach!)) * OPTION_SET.leaveEarlierShare &&
        leave(j) - leave(coach!) <= OPTION_SET.leaveEarlierMaxSec * 1000 &&
        arrive(j) - arrive(coach!) >= OPTION_SET.clearlyFasterSec * 1000 &&
        (j.cost_pence ?? Infinity) >= (coach!.cost_pence ?? 0),
    );
    expect(beaten.map(show)).toEqual([]);
  });
});

/** A vehicle (taxi, lift, own car, bike) at an end of the rides. */
const VEHICLE = ['taxi', 'car', 'own car', 'cycle', 'bike hire', 'car club'];
const rideKeys = (j: Journey) => rides(j).map(rideKey).join('>');

/**
 * Options that reach (or leave) their rides by a vehicle while another option of the list rides
 * the same rides reached (or left) by public transport, costing no more and with door times
 * within 15 minutes.
 */
function vehicleFeedersBesidePublicTransport(js: Journey[]): string[] {
  // Door times within a quarter of an hour (ADR 008 rule 9, OPTION_SET.feederSlackSec).
  const slackMs = 15 * 60_000;
  const at = (iso: string) => Date.parse(iso);
  return js.flatMap((j) => {
    const steps = j.depart.steps;
    const vehicleEnd = VEHICLE.includes(steps[0]!.type) || VEHICLE.includes(steps.at(-1)!.type);
    if (!vehicleEnd || rides(j).length === 0) return [];
    const mine = rideKeys(j);
    const other = js.find(
      (o) =>
        o !== j &&
        !o.depart.steps.some((s) => VEHICLE.includes(s.type)) &&
        rides(o).length > rides(j).length &&
        (rideKeys(o).endsWith(`>${mine}`) || rideKeys(o).startsWith(`${mine}>`)) &&
        (o.cost_pence ?? Infinity) <= (j.cost_pence ?? Infinity) &&
        at(o.depart.departure_datetime) >= at(j.depart.departure_datetime) - slackMs &&
        at(o.depart.arrival_datetime) <= at(j.depart.arrival_datetime) + slackMs,
    );
    return other ? [`${show(j)} beside ${show(other)}`] : [];
  });
}

describe('P13 no taxi to a train that public transport reaches in time (issue #27)', () => {
  it('Edinburgh Airport → Pitlochry: the tram to Edinburgh Gateway for the train, no taxi there for the same train', async () => {
    const js = await planBetween(demo.planner, 'Edinburgh Airport', 'Pitlochry', {
      out_time: '2026/11/24 10:00:00',
    });
    const tramTrain = js.find(
      (j) => rides(j).length === 2 && rides(j)[0]!.type === 'tram' && rides(j)[1]!.type === 'train',
    );
    expect(tramTrain, js.map(show).join('\n')).toBeDefined();
    expect(vehicleFeedersBesidePublicTransport(js)).toEqual([]);
  });

  it('property: on a grid of searches from and to stations a tram or bus serves, no vehicle mile beside public transport to the same rides', async () => {
    const pairs: Array<[string, string]> = [
      ['Edinburgh Airport', 'Pitlochry'],
      ['Edinburgh Airport', 'Aviemore'],
      ['Edinburgh Airport', 'Perth'],
      ['Glasgow', 'Stirling'],
      ['Aviemore', 'Newtonmore'],
      ['Pitlochry', 'Kingussie'],
    ];
    for (const [from, to] of pairs)
      for (const time of ['07:30', '10:00', '16:00']) {
        const js = await planBetween(demo.planner, from, to, { out_time: `2026/11/27 ${time}:00` });
        expect(vehicleFeedersBesidePublicTransport(js), `${from} → ${to} ${time}`).toEqual([]);
      }
  }, 120_000);
});

describe('P13 the earliest departure does not stay for leaving first (issue #27)', () => {
  it('Perth → Braemar at 09:00: no coach out to Pitlochry and train back to Perth for the train a later option boards at Perth', async () => {
    const js = await planBetween(demo.planner, 'Perth', 'Braemar', { out_time: '2026/11/24 09:00:00' });
    expect(js.length, 'Perth → Braemar has options').toBeGreaterThan(0);
    // A later ride that ends back within 1.5 km of where the first ride started: out and back.
    const outAndBack = js.filter((j) => {
      const start = rides(j)[0]!.start_location;
      return rides(j)
        .slice(1)
        .some((s) => haversineM(start.lat, start.lng, s.end_location.lat, s.end_location.lng) < 1500);
    });
    expect(outAndBack.map(show)).toEqual([]);
  });
});

describe('P13 a little less waiting does not keep a ride and a change more (issue #27)', () => {
  it('Edinburgh → Glasgow at 08:00: no tram to St Andrew Square and a walk to the train that another option walks to, for more money', async () => {
    const js = await planBetween(demo.planner, 'Edinburgh', 'Glasgow', { out_time: '2026/11/24 08:00:00' });
    expect(js.length).toBeGreaterThan(0);
    const extraRide = js.filter((j) =>
      js.some(
        (o) =>
          o !== j &&
          rides(o).length < rides(j).length &&
          rides(o).length > 0 &&
          rideKeys(j).endsWith(`>${rideKeys(o)}`) &&
          (o.cost_pence ?? Infinity) <= (j.cost_pence ?? -1) &&
          o.depart.departure_datetime >= j.depart.departure_datetime &&
          o.depart.walking_distance.value <= j.depart.walking_distance.value + OPTION_SET.walkSlackM,
      ),
    );
    expect(extraRide.map(show)).toEqual([]);
  });
});

describe('P13 the top card for a step-free traveller', () => {
  it('Kingussie → Inverness step-free at 09:00: the train there before 11:30 comes first, not the accessible coach at 13:57 saving under half a kilogram (issue #27)', async () => {
    // The 10:57 coach (bus feed trip M91 08:00 from Edinburgh) is marked not wheelchair accessible,
    // so the step-free search rightly skips it; the next accessible coach leaves at 13:57, and it
    // was the top card, four hours after the step-free train, for 0.44 kg and £1.30 less.
    const js = await planBetween(demo.planner, 'Kingussie', 'Inverness', {
      out_time: '2026/11/25 09:00:00',
      step_free: true,
    });
    const first = js[0]!;
    expect(show(first)).toMatch(/train HML/);
    expect(minutes(first.depart.arrival_at)).toBeLessThan(minutes('11:30'));
    // The coach stays in the list, for the traveller who prefers it.
    expect(
      js.some((j) => rides(j).some((s) => s.service_number === 'M91' && s.departure_time === '13:57')),
    ).toBe(true);
  });
});

describe('P13 options read again after issue 27 (its follow-ups)', () => {
  it('Aviemore station → Dalfaber Road at 09:05: no bus at 09:15 there at 09:25 beside the 11-minute walk there at 09:16', async () => {
    const js = await planBetween(demo.planner, 'Aviemore station', 'Dalfaber Road', {
      out_time: '2026/12/01 09:05:00',
    });
    const walk = js.find((j) => j.depart.steps.every((s) => s.type === 'walk'));
    expect(walk).toBeDefined();
    // No option with a ride arrives no earlier than the walk when the walk is no longer on the way
    // than it gains.
    const onWay = (j: Journey) =>
      Date.parse(j.depart.arrival_datetime) - Date.parse(j.depart.departure_datetime);
    const late = js.filter(
      (j) =>
        rides(j).length > 0 &&
        j.depart.arrival_datetime >= walk!.depart.arrival_datetime &&
        onWay(walk!) - onWay(j) <=
          Date.parse(j.depart.arrival_datetime) - Date.parse(walk!.depart.arrival_datetime),
    );
    expect(late.map(show)).toEqual([]);
  });

  it('Aviemore → Newtonmore step-free at 09:00: no walk, train and taxi there 51 minutes after the direct bus at 2.3× its fare', async () => {
    const js = await planBetween(demo.planner, 'Aviemore', 'Newtonmore', {
      out_time: '2026/12/01 09:00:00',
      step_free: true,
    });
    const bus = js.find((j) => rides(j).length === 1 && rides(j)[0]!.service_number === '32');
    expect(bus).toBeDefined();
    const taxiTrain = js.filter(
      (j) => rides(j).some((s) => s.type === 'train') && j.depart.steps.some((s) => s.type === 'taxi'),
    );
    expect(taxiTrain.map(show)).toEqual([]);
  });

  it('Carrbridge → Kingussie, arrive by 09:30: no taxi and train leaving at 07:01 beside the same at 08:15', async () => {
    const js = await planBetween(demo.planner, 'Carrbridge', 'Kingussie', {
      out_time: '2026/12/01 09:30:00',
      arrive_by: true,
    });
    const taxiTrain = js.filter(
      (j) => rides(j).some((s) => s.type === 'train') && j.depart.steps.some((s) => s.type === 'taxi'),
    );
    expect(taxiTrain.length).toBeGreaterThan(0);
    expect(taxiTrain.filter((j) => minutes(j.depart.departure_at) < minutes('08:00')).map(show)).toEqual([]);
  });

  it('Pitlochry → Inverness, arrive by 13:00: the later departure in time, not also the 09:22 train beside the 10:26 for the same fare', async () => {
    const js = await planBetween(demo.planner, 'Pitlochry', 'Inverness', {
      out_time: '2026/12/02 13:00:00',
      arrive_by: true,
    });
    const trains = js.filter((j) => rides(j).length === 1 && rides(j)[0]!.type === 'train');
    expect(trains.map((j) => j.depart.departure_at)).toEqual(['10:26']);
  });

  it('Carrbridge → Kingussie, arrive by 09:30: the taxi and train at 08:15, not also at 08:06 for the same fare and walk', async () => {
    const js = await planBetween(demo.planner, 'Carrbridge', 'Kingussie', {
      out_time: '2026/12/02 09:30:00',
      arrive_by: true,
    });
    const taxiTrainWalk = js.filter(
      (j) =>
        j.depart.steps.some((s) => s.type === 'taxi') &&
        rides(j).length === 1 &&
        j.depart.walking_distance.value > 0,
    );
    expect(taxiTrainWalk.map((j) => j.depart.departure_at)).toEqual(['08:15']);
  });

  it('Edinburgh Airport → Haymarket at 09:00: no taxi to Edinburgh Gateway and train there at 10:18 kept as least walking beside the lift there at 09:15', async () => {
    const js = await planBetween(demo.planner, 'Edinburgh Airport', 'Haymarket', {
      out_time: '2026/12/02 09:00:00',
    });
    const taxiTrains = js.filter((j) => j.depart.steps[0]?.type === 'taxi' && rides(j).length > 0);
    expect(taxiTrains.length).toBeGreaterThan(0);
    expect(taxiTrains.filter((j) => j.depart.arrival_at >= '10:00').map(show)).toEqual([]);
  });

  it('Kingussie → Newtonmore on 1 December: the 56-minute walk along the A86 at 11:00, not at 18:00 after dark', async () => {
    const walkOnly = (j: Journey) => j.depart.steps.every((s) => s.type === 'walk');
    const day = await planBetween(demo.planner, 'Kingussie', 'Newtonmore', {
      out_time: '2026/12/01 11:00:00',
    });
    expect(day.some(walkOnly)).toBe(true);
    const dark = await planBetween(demo.planner, 'Kingussie', 'Newtonmore', {
      out_time: '2026/12/01 18:00:00',
    });
    expect(dark.length).toBeGreaterThan(0);
    expect(dark.filter(walkOnly).map(show)).toEqual([]);
    // In a lit town, a short walk after dark stays.
    const town = await planBetween(demo.planner, 'Aviemore station', 'Dalfaber Road', {
      out_time: '2026/12/01 19:00:00',
    });
    expect(town.some(walkOnly)).toBe(true);
  });

  it('Pitlochry → Kingussie step-free at 08:00: no 18-minute wait at Kingussie station for a 1-minute bus 32 beside the step-free walk from the same train', async () => {
    const js = await planBetween(demo.planner, 'Pitlochry', 'Kingussie', {
      out_time: '2026/12/02 08:00:00',
      step_free: true,
    });
    expect(js.length).toBeGreaterThan(0);
    expect(pointlessShortRides(js)).toEqual([]);
  });
});

/** The services and stops of an option, without its times: one journey at two times reads the same. */
const shape = (j: Journey) =>
  j.depart.steps
    .map((s) => `${s.type} ${s.service_number ?? ''} ${s.start_address} → ${s.end_address}`)
    .join(', ');

describe('P13 options the lead struck out reading main (issue 27 spirit: would you take it?)', () => {
  it('Carrbridge → Kingussie, arrive by 09:30: no change off bus 32 at Grampian Road for a coach there a minute before the same bus', async () => {
    const js = await planBetween(demo.planner, 'Carrbridge', 'Kingussie', {
      out_time: '2026/12/02 09:30:00',
      arrive_by: true,
    });
    const listing = js.map(show).join('\n');
    const stayOn = js.find((j) => rides(j).length === 1 && rides(j)[0]!.service_number === '32');
    expect(stayOn, listing).toBeDefined();
    const bus = rideKey(rides(stayOn!)[0]!);
    // Riding the same bus 32 and then changing, to arrive at most 5 minutes sooner.
    const changesOff = js.filter(
      (j) =>
        rides(j).length > 1 &&
        rideKey(rides(j)[0]!) === bus &&
        minutes(stayOn!.depart.arrival_at) - minutes(j.depart.arrival_at) <= OPTION_SET.stayOnSec / 60,
    );
    expect(changesOff.map(show), listing).toEqual([]);
    // Nor a 1-minute bus 32 from Kingussie station to the High Street after the train, beside the
    // walk from the same train there a minute later.
    expect(js.filter((j) => rides(j).at(-1)?.duration.value === 60).map(show), listing).toEqual([]);
  });

  it('Pitlochry → Glasgow at 09:00: no 2-minute subway hop, nor a bus hop to the station, beside the walk from the same train there as early', async () => {
    const js = await planBetween(demo.planner, 'Pitlochry', 'Glasgow', { out_time: '2026/12/02 09:00:00' });
    const listing = js.map(show).join('\n');
    const hops = js.filter((j) => {
      const r = rides(j);
      const shortEnd = (s: Step | undefined) =>
        s !== undefined && s.duration.value <= OPTION_SET.shortRideSec;
      if (r.length < 2) return false;
      const rest = r
        .slice(shortEnd(r[0]) ? 1 : 0, shortEnd(r.at(-1)) ? -1 : undefined)
        .map(rideKey)
        .join('>');
      return js.some(
        (o) =>
          o !== j &&
          rides(o).map(rideKey).join('>') === rest &&
          o.depart.arrival_datetime <= j.depart.arrival_datetime &&
          o.depart.departure_datetime >= j.depart.departure_datetime,
      );
    });
    expect(
      js.some((j) => rides(j).some((s) => s.type === 'train')),
      listing,
    ).toBe(true);
    expect(hops.map(show), listing).toEqual([]);
    // Nor the same walk and train at 12:24, kept for being 2 minutes shorter.
    const shapes = js.map(shape);
    expect(
      shapes.filter((s, i) => shapes.indexOf(s) !== i),
      listing,
    ).toEqual([]);
  });

  it('Pitlochry → Glasgow step-free at 09:00: the subway that spares the walk from Queen Street stays', async () => {
    const js = await planBetween(demo.planner, 'Pitlochry', 'Glasgow', {
      out_time: '2026/12/02 09:00:00',
      step_free: true,
    });
    const listing = js.map(show).join('\n');
    const subway = js.filter((j) => rides(j).some((s) => s.type === 'subway'));
    expect(subway.length, listing).toBeGreaterThan(0);
  });

  it('Boat of Garten → Kingussie at 08:15: the bike hire and train, and bus 34 and the train, once each, not again two hours later', async () => {
    const js = await planBetween(demo.planner, 'Boat of Garten', 'Kingussie', {
      out_time: '2026/12/02 08:15:00',
    });
    const listing = js.map(show).join('\n');
    const shapes = js.map(shape);
    expect(
      shapes.filter((s, i) => shapes.indexOf(s) !== i),
      listing,
    ).toEqual([]);
    expect(
      js.filter((j) => j.depart.steps.some((s) => s.type === 'bike hire')).length,
      listing,
    ).toBeGreaterThan(0);
    // Bus 34 and a taxi from Aviemore stays: £9.10 cheaper than the taxi all the way, 41 minutes
    // before the bus and train.
    expect(
      js.some((j) => j.depart.steps.map((s) => s.type).join('>') === 'bus>taxi'),
      listing,
    ).toBe(true);
  });
});

describe('P13 much sooner: nobody waits to be there much later for pennies (the lead, sixth session)', () => {
  it('Nethy Bridge → Kingussie at 09:00: no taxi and bus 32 at 09:37, there at 10:41, beside the taxi and train at 09:01 there at 09:49 for 10p less', async () => {
    const js = await planBetween(demo.planner, 'Nethy Bridge', 'Kingussie', {
      out_time: '2026/12/02 09:00:00',
    });
    const listing = js.map(show).join('\n');
    const types = (j: Journey) => j.depart.steps.map((s) => s.type).join('>');
    const taxiTrain = js.find((j) => types(j).startsWith('taxi>train'));
    expect(taxiTrain?.depart.arrival_at, listing).toBe('09:49');
    expect(
      js.filter((j) => types(j) === 'taxi>bus'),
      listing,
    ).toEqual([]);
    // Bus 34 and the train, and bus 34 and the M91, the cheap ways there, stay.
    expect(js.filter((j) => types(j).startsWith('bus>train')).length, listing).toBe(1);
    expect(js.filter((j) => types(j) === 'bus>intercity bus').length, listing).toBe(1);
  });

  it('Boat of Garten → Kingussie at 08:15: no bus 34 and M91 there at 11:40 beside bus 34 and the train there at 09:49, for 60p and a 355 m walk', async () => {
    const js = await planBetween(demo.planner, 'Boat of Garten', 'Kingussie', {
      out_time: '2026/12/02 08:15:00',
    });
    const listing = js.map(show).join('\n');
    const types = (j: Journey) => j.depart.steps.map((s) => s.type).join('>');
    expect(js.find((j) => types(j).startsWith('bus>train'))?.depart.arrival_at, listing).toBe('09:49');
    expect(
      js.filter((j) => types(j) === 'bus>intercity bus'),
      listing,
    ).toEqual([]);
  });
});
