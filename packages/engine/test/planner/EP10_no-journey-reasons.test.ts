// Feature under test: plan() says why a search found nothing (planner/port.ts NoJourneyReason), on the demo region.
import { BrandSettings, SearchRequest, TRAVEL_TYPES, TIMETABLED_TYPES } from '@cairn/contracts';
import type { LatLng } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import type { PlanResult } from '../../src/planner/port.ts';
import { DEFAULT_BRAND, demoPlanner } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-demo-why-');

/** Walking and public transport only: no door-to-door vehicle hides what transit lacks. */
const WALK_AND_TRANSIT = BrandSettings.parse({
  ...DEFAULT_BRAND,
  blockedTravelTypes: TRAVEL_TYPES.filter(
    (t) => t !== 'walk' && !(TIMETABLED_TYPES as readonly string[]).includes(t),
  ),
});
/** On the Cairngorm plateau and in the Gaick hills: inside the region, hours' walk from any stop. */
const PLATEAU: LatLng = { lat: 57.05, lng: -3.65 };
const GAICK: LatLng = { lat: 56.9, lng: -3.9 };

function at(name: string): { label: string; location: LatLng } {
  const found = demo.planner.autocomplete(name, 1)[0];
  if (!found) throw new Error(`no place ${name}`);
  return found;
}

async function why(
  from: { label: string; location: LatLng },
  to: { label: string; location: LatLng },
  fields: { out_time: string; return_time?: string },
  brand = WALK_AND_TRANSIT,
): Promise<unknown> {
  const request = SearchRequest.parse({
    origin: from.label,
    destination: to.label,
    origin_location: from.location,
    destination_location: to.location,
    ...fields,
  });
  const result: PlanResult = await demo.planner.plan(request, null, brand);
  if (result.found) throw new Error(`expected no journey, found ${result.journeys.length}`);
  expect(result.journeys).toEqual([]);
  return result.why;
}

const TUESDAY_9 = { out_time: '2026/11/24 09:00:00' };

describe('plan() says why it found no journey', () => {
  it('finds journeys on the same searches where the reason is gone (the reasons below are not the usual answer)', async () => {
    const r = await demo.planner.plan(
      SearchRequest.parse({
        origin: 'Aviemore',
        destination: 'Kingussie',
        origin_location: at('Aviemore').location,
        destination_location: at('Kingussie').location,
        ...TUESDAY_9,
      }),
      null,
      WALK_AND_TRANSIT,
    );
    expect(r.found).toBe(true);
    expect(r.journeys.length).toBeGreaterThan(0);
  });

  it('unplaced: an end that is not found, or both ends outside the region, with their messages', async () => {
    const london = { destination: 'London', destination_location: { lat: 51.5072, lng: -0.1276 } };
    const unknown = SearchRequest.parse({ origin: 'Xyzzyqq', ...london, ...TUESDAY_9 });
    expect(await demo.planner.plan(unknown, null, DEFAULT_BRAND)).toMatchObject({
      found: false,
      why: {
        reason: 'unplaced',
        ends: [
          { end: 'origin', problem: 'not found', message: expect.stringMatching(/couldn't find "Xyzzyqq"/) },
        ],
      },
    });
    // One end outside is planned as far as the data reaches (EP22); both outside leave nothing to plan.
    const paris = { origin: 'Paris', origin_location: { lat: 48.8566, lng: 2.3522 } };
    const outside = SearchRequest.parse({ ...paris, ...london, ...TUESDAY_9 });
    expect(await demo.planner.plan(outside, null, DEFAULT_BRAND)).toMatchObject({
      found: false,
      why: {
        reason: 'unplaced',
        ends: [
          { end: 'origin', problem: 'outside area', message: expect.stringMatching(/"Paris" is outside/) },
          {
            end: 'destination',
            problem: 'outside area',
            message: expect.stringMatching(/"London" is outside/),
          },
        ],
      },
    });
  });

  it('same place: origin and destination a few steps apart', async () => {
    expect(await why(at('Aviemore'), at('Aviemore'), TUESDAY_9, DEFAULT_BRAND)).toEqual({
      reason: 'same place',
    });
  });

  it('bad time: a search time of the right shape that names no time', async () => {
    expect(await why(at('Aviemore'), at('Kingussie'), { out_time: '2026/11/24 25:00:00' })).toEqual({
      reason: 'bad time',
    });
  });

  it('no stop near: the ends without a stop within a walk, when nothing door to door fits', async () => {
    const plateau = { label: 'Plateau', location: PLATEAU };
    expect(await why(plateau, at('Aviemore'), TUESDAY_9)).toEqual({
      reason: 'no stop near',
      ends: ['origin'],
    });
    expect(await why(at('Aviemore'), plateau, TUESDAY_9)).toEqual({
      reason: 'no stop near',
      ends: ['destination'],
    });
    expect(await why(plateau, { label: 'Gaick', location: GAICK }, TUESDAY_9)).toEqual({
      reason: 'no stop near',
      ends: ['origin', 'destination'],
    });
  });

  it('no service: stops at both ends, nothing running in the window of that day; it names the next departure from the start (it said only "nothing runs" before)', async () => {
    // The demo calendar starts on 22 November 2026: nothing runs two days before, nor the day after
    // (the day before the calendar starts, the first bus on its first day is offered: EP25).
    // The first departure from Aviemore's stops is then the first coach south on the 22nd.
    expect(await why(at('Aviemore'), at('Kingussie'), { out_time: '2026/11/20 09:00:00' })).toEqual({
      reason: 'no service',
      date: '2026-11-20',
      next: {
        stop: 'Aviemore, Grampian Road',
        line: 'M91',
        towards: 'Edinburgh',
        departure: '2026-11-22T08:17:00+00:00',
        // The coach south calls at Kingussie.
        reaches_destination: true,
      },
    });
  });

  it('no return: outbound options, none with a way back at a return time before them, and when the first of them arrives (it said only "no way back" before)', async () => {
    // Every way there arrives after 08:00; the first is the drive (a lift or a taxi) leaving at 09:00.
    const found = await why(
      at('Aviemore'),
      at('Kingussie'),
      { out_time: '2026/11/24 09:00:00', return_time: '2026/11/24 08:00:00' },
      DEFAULT_BRAND,
    );
    expect(found).toEqual({
      reason: 'no return',
      arrival: expect.stringMatching(/^2026-11-24T09:\d\d:00\+00:00$/),
    });
  });
});

describe('plan() says why its options include no public transport', () => {
  const plan = (from: string, to: string, out_time: string) =>
    demo.planner.plan(
      SearchRequest.parse({
        origin: from,
        destination: to,
        origin_location: at(from).location,
        destination_location: at(to).location,
        out_time,
      }),
      null,
      DEFAULT_BRAND,
    );

  it('Dufftown → Nethy Bridge on a Tuesday: a lift alone, and why: bus 366 leaves Dufftown on Wednesdays and Fridays only, and not that way', async () => {
    const r = await plan('Dufftown', 'Nethy Bridge', '2026/12/01 09:00:00');
    if (!r.found) throw new Error('expected the lift');
    expect(r.journeys.map((j) => j.depart.stages.join('>'))).toEqual(['car']);
    expect(r.noPublicTransport).toEqual({
      reason: 'no service',
      date: '2026-12-01',
      next: {
        stop: 'Dufftown, Balvenie Street',
        line: '366',
        towards: 'Keith',
        departure: '2026-12-02T09:14:00+00:00',
        reaches_destination: false,
      },
    });
  });

  it('says nothing when an option rides public transport, or when a bus from a stop nearby was weighed (Dufftown on a Wednesday, Aviemore → Kingussie)', async () => {
    for (const [from, to, out] of [
      ['Dufftown', 'Nethy Bridge', '2026/12/02 09:00:00'],
      ['Aviemore', 'Kingussie', '2026/12/01 09:00:00'],
    ] as const) {
      const r = await plan(from, to, out);
      expect(r.found, `${from} → ${to}`).toBe(true);
      expect(r.found && r.noPublicTransport, `${from} → ${to}`).toBeUndefined();
    }
  });
});
