// Feature under test: a step between a stop and the place of the same name names its two ends apart: "Kingussie station → Kingussie", never "Kingussie → Kingussie" (issue 28 follow-up).
import { Journey, SearchRequest } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, demoPlanner } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-ep31-');

/** The journeys from one place to another, as the web would ask for them, on Wednesday 2 December 2026. */
async function plan(from: string, to: string, time: string) {
  const [a] = demo.planner.autocomplete(from, 1);
  const [b] = demo.planner.autocomplete(to, 1);
  if (!a || !b) throw new Error(`cannot place ${from} or ${to}`);
  const req = SearchRequest.parse({
    origin: a.label,
    destination: b.label,
    origin_location: a.location,
    destination_location: b.location,
    out_time: `2026/12/02 ${time}:00`,
  });
  const { journeys } = await demo.planner.plan(req, null, DEFAULT_BRAND);
  return journeys.map((j) => Journey.parse(j));
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

describe('P31 the two ends of a step carry different names', () => {
  it('Nethy Bridge → Kingussie: the walk from the station into the town reads "Kingussie station → Kingussie"', async () => {
    const journeys = await plan('Nethy Bridge', 'Kingussie', '09:00');
    const steps = journeys.flatMap((j) => j.depart.steps);
    const walksIn = steps.filter((s) => s.type === 'walk' && s.end_address === 'Kingussie');
    expect(walksIn.length).toBeGreaterThan(0);
    for (const s of walksIn) expect(s.start_address).toBe('Kingussie station');
    for (const s of steps)
      expect(same(s.start_address, s.end_address), `${s.type} ${s.start_address}`).toBe(false);
  });

  it('Kingussie → Nethy Bridge: the walk from the town to its station reads "Kingussie → Kingussie station"', async () => {
    const journeys = await plan('Kingussie', 'Nethy Bridge', '09:00');
    const steps = journeys.flatMap((j) => j.depart.steps);
    const walksOut = steps.filter((s) => s.type === 'walk' && s.start_address === 'Kingussie');
    expect(walksOut.length).toBeGreaterThan(0);
    for (const s of walksOut) expect(s.end_address).toMatch(/^Kingussie (station|stop)$|^Kingussie, /);
    for (const s of steps)
      expect(same(s.start_address, s.end_address), `${s.type} ${s.start_address}`).toBe(false);
  });
});
