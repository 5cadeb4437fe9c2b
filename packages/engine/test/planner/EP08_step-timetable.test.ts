// Feature under test: the stage timetable of a ride (planner/stepTimetable.ts) on the demo region:
// one column per distinct trip of the ride's day, in departure order, with the journey's own trip
// marked and timed exactly as its step.
import type { Step } from '@cairn/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-step-timetable-');

const PLACES = [
  'Aviemore',
  'Kingussie',
  'Newtonmore',
  'Carrbridge',
  'Grantown-on-Spey',
  'Nethy Bridge',
  'Pitlochry',
  'Inverness',
  'Edinburgh Airport',
  'Port of Leith',
  'Haymarket',
  'Fort Augustus',
  'Dochgarroch',
];

/** Every timetabled step of the journeys between two places at a time of day (23 November 2026). */
async function timetabledSteps(from: string, to: string, hhmm: string): Promise<Step[]> {
  const journeys = await planBetween(demo.planner, from, to, {
    out_time: `2026/11/23 ${hhmm}:00`,
    return_time: `2026/11/23 ${hhmm === '07:10' ? '17:40' : '21:30'}:00`,
  });
  return journeys.flatMap((j) => [...j.depart.steps, ...(j.return?.steps ?? [])]).filter((s) => s.timetable);
}

/** Breaks the rules of a step's timetable; empty when it keeps them. */
function timetableFaults(step: Step): string[] {
  const tt = step.timetable!;
  const faults: string[] = [];
  const columns = tt.columns.map((c) => c.times.join(' '));
  if (new Set(columns).size !== columns.length) faults.push(`a trip twice: ${columns.join(' | ')}`);
  const boarding = tt.columns.map((c) => c.times[0] ?? '');
  if (boarding.some((t, i) => i > 0 && t < boarding[i - 1]!))
    faults.push(`not in departure order: ${boarding.join(' ')}`);
  const own = tt.columns.filter((c) => c.journey_trip === true);
  if (own.length !== 1) faults.push(`${own.length} columns marked as the journey's trip`);
  const ownTimes = own[0]?.times ?? [];
  if (ownTimes[0] !== step.departure_time)
    faults.push(`boards at ${ownTimes[0]}, step ${step.departure_time}`);
  if (ownTimes[ownTimes.length - 1] !== step.arrival_time)
    faults.push(`alights at ${ownTimes[ownTimes.length - 1]}, step ${step.arrival_time}`);
  // The stops the step lists are the timetable's rows, timed alike.
  const listed = (step.stops ?? []).map((s) => s.time);
  const shown = ownTimes.map((t, row) => t ?? listed[row] ?? null);
  if (listed.length !== tt.stops.length || shown.some((t, row) => t !== listed[row]))
    faults.push(`stop times ${ownTimes.join(' ')} differ from the step's ${listed.join(' ')}`);
  return faults;
}

describe('P08 stage timetable', () => {
  it('has distinct trips in departure order and the journey trip timed as its step', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PLACES),
        fc.constantFrom(...PLACES),
        fc.constantFrom('07:10', '12:40', '17:20'),
        async (from, to, hhmm) => {
          fc.pre(from !== to);
          for (const step of await timetabledSteps(from, to, hhmm)) {
            checked++;
            expect(timetableFaults(step), `${step.description} at ${step.departure_time}`).toEqual([]);
          }
        },
      ),
      { numRuns: 60, seed: 16 },
    );
    expect(checked).toBeGreaterThan(0);
  }, 120_000);

  it('keeps the ride on a frequent service, whose day has more trips than the table shows', async () => {
    const steps = await timetabledSteps('Edinburgh Airport', 'Port of Leith', '12:40');
    const tram = steps.find((s) => s.type === 'tram');
    expect(tram, 'a tram ride').toBeDefined();
    expect(timetableFaults(tram!)).toEqual([]);
  }, 60_000);
});
