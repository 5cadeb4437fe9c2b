import type { PlannedLeg } from '../../journeys/model.ts';
import { buildStreetChain } from '../../modes/streetStep.ts';
import type { PartsAnswer } from '../../modes/streetStep.ts';
import type { SearchContext } from '../context.ts';
import type { Candidate, StreetFamily } from './family.ts';

/**
 * A door-to-door candidate from a mode's street parts (modes/ says how a mode makes the trip),
 * back the same way; none when the mode cannot serve the trip, a part cannot be routed, or
 * `check` rejects the timed leg (too long a walk, a service not running then).
 */
export function streetCandidate(
  ctx: SearchContext,
  family: StreetFamily,
  answer: PartsAnswer,
  options: { check?: (leg: PlannedLeg) => string | null; pinned?: (durationSec: number) => boolean } = {},
): Candidate[] {
  if ('reason' in answer) return [];
  const leg = buildStreetChain(ctx.data.streets, answer.parts, ctx.at);
  if (!leg || options.check?.(leg)) return [];
  const durationSec = (leg.steps.at(-1)?.endSec ?? 0) - (leg.steps[0]?.startSec ?? 0);
  return [
    {
      key: { family },
      leg,
      back: { rule: 'same' },
      ...(options.pinned?.(durationSec) ? { pinned: true } : {}),
    },
  ];
}
