// Feature under test: issue 33 — one order of journeys per sort key (contracts `compareJourneys`), which the engine ranks with and the web re-sorts with.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareJourneys, SORT_KEYS, type Journey, type SortKey } from '@cairn/contracts';
import { loadJourney } from './fixtures.ts';

const base = loadJourney('walk-bus-walk-return');
const BROKEN: Journey['live_break'] = {
  reason: 'cancelled',
  leg: 'depart',
  step: 1,
  live_version: 'v2',
  replan_from: {
    name: 'Aviemore Station',
    location: { lat: 57.19, lng: -3.83 },
    out_time: '2026/11/27 09:00:00',
  },
};

/** A journey with its own sort values (few distinct values, so ties are common) and maybe broken. */
const journey = fc
  .record({
    id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    values: fc.tuple(...SORT_KEYS.map(() => fc.integer({ min: 0, max: 3 }))),
    broken: fc.boolean(),
  })
  .map(({ id, values, broken }): Journey => ({
    ...base,
    id,
    sort: Object.fromEntries(SORT_KEYS.map((k, i) => [k, values[i]!])) as Journey['sort'],
    ...(broken ? { live_break: BROKEN } : {}),
  }));

describe('compareJourneys', () => {
  it('gives one order whatever order the journeys come in, broken ones last, the key ascending', () => {
    fc.assert(
      fc.property(
        fc.array(journey, { maxLength: 8 }),
        fc.constantFrom(...SORT_KEYS),
        fc.integer(),
        (journeys, key: SortKey, seed) => {
          const shuffled = [...journeys].sort(
            (x, y) => ((x.id.charCodeAt(0) * seed) % 7) - ((y.id.charCodeAt(0) * seed) % 7),
          );
          const once = [...journeys].sort(compareJourneys(key));
          const again = shuffled.sort(compareJourneys(key));
          // Same order: equal journeys are indistinguishable, so compare what a traveller sees.
          const seen = (js: Journey[]) => js.map((j) => [j.id, j.live_break !== undefined, j.sort]);
          expect(seen(again)).toEqual(seen(once));
          const firstBroken = once.findIndex((j) => j.live_break !== undefined);
          if (firstBroken >= 0)
            expect(once.slice(firstBroken).every((j) => j.live_break !== undefined)).toBe(true);
          const working = once.filter((j) => j.live_break === undefined);
          for (let i = 1; i < working.length; i++)
            expect(working[i]!.sort[key]).toBeGreaterThanOrEqual(working[i - 1]!.sort[key]);
        },
      ),
    );
  });

  it('breaks ties by less CO2, then the earlier arrival, then the later departure, then the id', () => {
    const j = (id: string, sort: Partial<Journey['sort']>): Journey => ({
      ...base,
      id,
      sort: { ...base.sort, cost: 500, ...sort },
    });
    const order = [
      j('z', { emissions: 1, 'arrival-time': 9, 'depature-time': 1 }),
      j('y', { emissions: 2, 'arrival-time': 1, 'depature-time': 9 }),
      j('x', { emissions: 1, 'arrival-time': 9, 'depature-time': 5 }),
      j('w', { emissions: 1, 'arrival-time': 8, 'depature-time': 1 }),
      j('v', { emissions: 1, 'arrival-time': 9, 'depature-time': 5 }),
    ]
      .sort(compareJourneys('cost'))
      .map((x) => x.id);
    expect(order).toEqual(['w', 'v', 'x', 'z', 'y']);
  });
});
