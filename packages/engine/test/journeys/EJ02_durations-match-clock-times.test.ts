// Feature under test: a duration shown beside two clock times is the difference of those times, on every step and leg of demo options.
import type { Journey, Leg } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { clockTextSpanSec, formatDuration } from '../../src/format/duration.ts';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';

// Tuesday searches of the demo calendar; together they hold walks, trains, buses, DRT, cycling, car and taxi.
const demo = demoPlanner('cairn-demo-durations-');
const SEARCHES: Array<[string, string, string, string | undefined]> = [
  ['Aviemore', 'Braemar', '2026/12/01 09:00:00', '2026/12/01 17:00:00'],
  ['Ballater', 'Braemar', '2026/12/01 11:00:00', undefined],
  ['Aberdeen', 'Braemar', '2026/12/01 09:00:00', '2026/12/01 16:00:00'],
  ['Aviemore', 'Inverness', '2026/12/01 07:10:00', undefined],
  // Short enough for a winter bike ride (region.json cycling.winter: 20 km in December).
  ['Kincraig', 'Aviemore', '2026/12/01 11:00:00', undefined],
];

/** What the traveller reads beside each pair of clock times of a leg: the leg's own and each step's. */
function shown(leg: Leg): Array<{ from: string; to: string; text: string; what: string }> {
  return [
    { from: leg.departure_at, to: leg.arrival_at, text: leg.duration.text, what: 'leg' },
    ...leg.steps.map((s) => ({
      from: s.departure_time,
      to: s.arrival_time,
      text: s.duration.text,
      what: s.type,
    })),
  ];
}

describe('J02 durations agree with the clock times shown', () => {
  it('every step and leg of the demo options reads the difference of its clock times', async () => {
    const journeys: Journey[] = [];
    for (const [from, to, out, back] of SEARCHES)
      journeys.push(...(await planBetween(demo.planner, from, to, { out_time: out, return_time: back })));
    const types = new Set(journeys.flatMap((j) => j.depart.steps.map((s) => s.type)));
    for (const t of ['walk', 'train', 'bus', 'drt', 'cycle', 'car', 'taxi']) expect(types).toContain(t);
    const wrong = journeys
      .flatMap((j) => [...shown(j.depart), ...(j.return ? shown(j.return) : [])])
      .filter((x) => x.text !== formatDuration(clockTextSpanSec(x.from, x.to)))
      .map((x) => `${x.what} ${x.from}–${x.to} "${x.text}"`);
    expect(wrong).toEqual([]);
  });
});
