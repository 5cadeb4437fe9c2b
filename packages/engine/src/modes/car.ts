import { planStreetStep, totals } from './streetStep.ts';
import type { TravelMode } from './types.ts';
import { fromToPhrase } from '../journeys/format/placeNames.ts';

/*
 * "Car", as SPEC lists it apart from "own car", is a lift: someone else drives the traveller
 * door to door and drops them off. So it needs no car access in the profile, no parking, and
 * costs the passenger nothing (the fares code prices it as free too). Its CO2 is not shared,
 * though: the driver makes the run for the traveller and drives back empty, so a lift counts two
 * car runs (journeys/co2/factors.ts LIFT_RUNS). The journey planner offers lifts door to door and
 * to or from stations (kiss & ride; planner/plan.ts). "Own car" is the
 * traveller driving their own car, which needs car access and a place to park.
 */
export const carMode: TravelMode = {
  mode: 'car',
  plan(ctx, req) {
    const r = planStreetStep(ctx, 'car', 'car', req.from, req.to);
    if (!r.ok) return r;
    r.step.description = `Get a lift ${fromToPhrase(req.from, req.to)}`;
    const steps = [r.step];
    return {
      ok: true,
      option: {
        mode: 'car',
        steps,
        ...totals(steps),
        cost: { pence: 0, estimate: false, lines: [{ description: 'Lift as a passenger', pence: 0 }] },
      },
    };
  },
};
