import { planStreetStep, totals } from './streetStep.ts';
import type { TravelMode } from './types.ts';

/** Walks longer than this are not offered door to door. */
export const MAX_WALK_SEC = 2 * 3600;

/** Walking door to door: free, on footways and streets open to pedestrians. */
export const walkMode: TravelMode = {
  mode: 'walk',
  plan(ctx, req) {
    const r = planStreetStep(ctx, 'walk', 'foot', req.from, req.to);
    if (!r.ok) return r;
    if (r.step.durationSec > MAX_WALK_SEC) return { ok: false, reason: 'the walk takes more than 2 hours' };
    const steps = [r.step];
    return {
      ok: true,
      option: {
        mode: 'walk',
        steps,
        ...totals(steps),
        cost: { pence: 0, estimate: false, lines: [{ description: 'Walking', pence: 0 }] },
      },
    };
  },
};
