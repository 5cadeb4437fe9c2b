import type { StepFree } from '@cairn/contracts';
import { FIRST_BLOCKING_CODE, FIRST_UNKNOWN_CODE, STEP_FREE_CODES } from '../osm/stepFreeTags.ts';
import type { StepFreeCode } from '../osm/stepFreeTags.ts';

/*
 * The labels a traveller reads (issue #19): each walk and ride says step-free, not step-free or
 * not known, with the reason; a journey says the worst of its steps. GTFS codes are those of
 * wheelchair_boarding and wheelchair_accessible: 0 no information, 1 accessible, 2 not.
 */

const WALK_REASON: Record<StepFreeCode, string> = {
  'step-free': 'Step-free path',
  'unknown-surface': 'Path surface not mapped',
  'unknown-kerb': 'Kerb height not mapped',
  steps: 'Steps on the path',
  kerb: 'Raised kerb on the path',
  incline: 'Steep slope on the path',
  surface: 'Rough surface on the path',
  barrier: 'Stile or gate on the path',
  'marked-no': 'Path marked not suitable for wheelchairs',
};

/** The label of a walk from the worst STEP_FREE_CODES index of its edges. */
export function walkStepFree(code: number): StepFree {
  const status = code >= FIRST_BLOCKING_CODE ? 'no' : code >= FIRST_UNKNOWN_CODE ? 'unknown' : 'yes';
  return { status, reason: WALK_REASON[STEP_FREE_CODES[code] ?? 'unknown-surface'] };
}

/** A walk in a straight line, off the mapped paths: nothing is known of the ground. */
export const STRAIGHT_WALK_STEP_FREE: StepFree = {
  status: 'unknown',
  reason: 'No mapped path for this walk',
};

/** GTFS accessibility of a ride: the boarding and alighting stops and the vehicle. */
export interface RideAccess {
  board: { name: string; wheelchair: number };
  alight: { name: string; wheelchair: number };
  vehicle: number;
}

/** The label of a ride: the stops' and the vehicle's GTFS values, the worst first. */
export function rideStepFree(r: RideAccess): StepFree {
  const stops = [r.board, r.alight];
  const badStop = stops.find((s) => s.wheelchair === 2);
  if (badStop) return { status: 'no', reason: `${badStop.name} is not step-free` };
  if (r.vehicle === 2) return { status: 'no', reason: 'This vehicle is not wheelchair accessible' };
  const unknownStop = stops.find((s) => s.wheelchair !== 1);
  if (unknownStop) return { status: 'unknown', reason: `No step-free information for ${unknownStop.name}` };
  if (r.vehicle !== 1)
    return { status: 'unknown', reason: 'No information on whether this vehicle is accessible' };
  return { status: 'yes', reason: `Step-free at ${r.board.name} and ${r.alight.name}; accessible vehicle` };
}

const RANK = { yes: 0, unknown: 1, no: 2 } as const;

/** The journey's summary: the worst of its labelled steps, or undefined when none is labelled. */
export function summariseStepFree(labels: ReadonlyArray<StepFree | undefined>): StepFree | undefined {
  const given = labels.filter((l): l is StepFree => l !== undefined);
  if (given.length === 0) return undefined;
  const worst = given.reduce((w, l) => (RANK[l.status] > RANK[w.status] ? l : w));
  const parts = given.filter((l) => l.status === worst.status).length;
  if (worst.status === 'yes') return { status: 'yes', reason: 'every part is known to be step-free' };
  const count = parts === 1 ? 'One part' : `${parts} parts`;
  return worst.status === 'no'
    ? { status: 'no', reason: `${count} not step-free: ${worst.reason}` }
    : { status: 'unknown', reason: `${count} not known to be step-free: ${worst.reason}` };
}
