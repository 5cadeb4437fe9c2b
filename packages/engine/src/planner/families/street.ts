import type { TravelType } from '@cairn/contracts';
import type { PlacePoint, PlannedStep } from '../../journeys/model.ts';
import { buildStreetChain } from '../../modes/streetStep.ts';
import type { SearchContext } from '../context.ts';
import type { Candidate, StreetFamily } from './family.ts';

/** One part of a door-to-door street trip: a travel type between two places. */
export interface StreetPart {
  type: TravelType;
  from: PlacePoint;
  to: PlacePoint;
  extra?: Partial<PlannedStep>;
}

/** A door-to-door candidate of street parts, back the same way; none when a part cannot be routed. */
export function streetCandidate(
  ctx: SearchContext,
  family: StreetFamily,
  parts: StreetPart[],
  pinned?: (durationSec: number) => boolean,
): Candidate[] {
  const leg = buildStreetChain(ctx.data.streets, parts, ctx.at);
  if (!leg) return [];
  const durationSec = (leg.steps.at(-1)?.endSec ?? 0) - (leg.steps[0]?.startSec ?? 0);
  return [{ key: { family }, leg, back: { rule: 'same' }, ...(pinned?.(durationSec) ? { pinned: true } : {}) }];
}

/** The single-part trip from the search's origin to its destination. */
export const doorToDoor = (ctx: SearchContext, type: TravelType): StreetPart[] => [
  { type, from: ctx.origin, to: ctx.destination },
];
