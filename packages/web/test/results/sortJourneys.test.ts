import { describe, expect, it } from 'vitest';
import { SORT_KEYS, type Journey } from '@cairn/contracts';
import { sortCards } from '../../src/results/sortJourneys.ts';
import { loadJourney } from '../../../contracts/test/fixtures.ts';

const wbw = loadJourney('walk-bus-walk-return');
const taxi = loadJourney('taxi-single');
const drt = loadJourney('drt-bus');
const carclub = loadJourney('carclub-single');
const all = [taxi, wbw, drt, carclub];
const ids = (journeys: Journey[], key: (typeof SORT_KEYS)[number]) =>
  sortCards(journeys, 0, key).map((c) => (c.kind === 'journey' ? c.journey.id : c.key));

describe('sortCards', () => {
  it('sorts by emissions by default key', () => {
    expect(ids(all, 'emissions')).toEqual(['wbw-return', 'drt-bus', 'carclub-single', 'taxi-single']);
  });
  it("sorts by cost with the engine's values: unknown last and free first", () => {
    const unknown = { ...carclub, id: 'unknown', cost: 'unknown', sort: { ...carclub.sort, cost: 999_999 } };
    const free = { ...wbw, id: 'free', cost: 'free', sort: { ...wbw.sort, cost: 0 } };
    expect(ids([unknown, taxi, free, drt], 'cost')).toEqual(['free', 'drt-bus', 'taxi-single', 'unknown']);
  });
  it("least-changes reads the engine's value: changes, ties broken by stages", () => {
    expect(ids(all, 'least-changes')).toEqual(['taxi-single', 'carclub-single', 'wbw-return', 'drt-bus']);
  });
  it('departure and arrival time use the leg datetimes', () => {
    // 'depature-time': the wire's sort key, spelt so by SPEC §2 (Results) (see src/results/sortJourneys.ts).
    expect(ids(all, 'depature-time')).toEqual(['drt-bus', 'wbw-return', 'taxi-single', 'carclub-single']);
    expect(ids(all, 'arrival-time')[0]).toBe('drt-bus');
  });
  it('wait and walking distance', () => {
    expect(ids(all, 'wait-time').at(-1)).toBe('drt-bus');
    expect(ids(all, 'walk-distance')[0]).toBe('taxi-single');
  });
  it('puts placeholders last whatever the key', () => {
    for (const key of SORT_KEYS) {
      const cards = sortCards([taxi, wbw], 2, key);
      expect(cards.map((c) => c.kind)).toEqual(['journey', 'journey', 'placeholder', 'placeholder']);
    }
  });
  it('puts a journey live running broke after every one that still works, whatever the key', () => {
    const liveBreak = {
      reason: 'cancelled' as const,
      leg: 'depart' as const,
      step: 1,
      live_version: 'v2',
      replan_from: {
        name: 'Aviemore Station',
        location: { lat: 57.19, lng: -3.83 },
        out_time: '2026/11/27 09:00:00',
      },
    };
    const broken = { ...wbw, id: 'broken', live_break: liveBreak };
    for (const key of SORT_KEYS) expect(ids([broken, taxi, drt], key).at(-1)).toBe('broken');
  });
  it('breaks ties as the engine does, whatever order the journeys arrive in', () => {
    const a = { ...taxi, id: 'a' };
    const b = { ...taxi, id: 'b' };
    const earlier = {
      ...taxi,
      id: 'c',
      sort: { ...taxi.sort, 'arrival-time': taxi.sort['arrival-time'] - 60 },
    };
    expect(ids([b, a, earlier], 'cost')).toEqual(['c', 'a', 'b']);
    expect(ids([earlier, a, b], 'cost')).toEqual(['c', 'a', 'b']);
  });
});
