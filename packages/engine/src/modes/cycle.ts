import { planStreetStep, totals } from './streetStep.ts';
import type { TravelMode } from './types.ts';

/** Rides longer than this are not offered door to door. */
export const MAX_CYCLE_SEC = 3 * 3600;

/** Cycling door to door on the traveller's own bike: free. */
export const cycleMode: TravelMode = {
  mode: 'cycle',
  plan(ctx, req) {
    const r = planStreetStep(ctx, 'cycle', 'bicycle', req.from, req.to);
    if (!r.ok) return r;
    if (r.step.durationSec > MAX_CYCLE_SEC) return { ok: false, reason: 'the ride takes more than 3 hours' };
    const steps = [r.step];
    return {
      ok: true,
      option: {
        mode: 'cycle',
        steps,
        ...totals(steps),
        cost: { pence: 0, estimate: false, lines: [{ description: 'Cycling (own bike)', pence: 0 }] },
      },
    };
  },
};
