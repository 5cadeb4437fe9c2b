import type { SearchContext } from '../context.ts';
import { planTransit, transitKey } from '../transit/miles.ts';
import type { TransitFamily, TransitPlan } from '../transit/miles.ts';
import { searchFamily } from '../transit/search.ts';
import type { FoundJourney } from '../transit/search.ts';
import {
  anyRideAlightable,
  anyRideBoardable,
  byStop,
  nearerStation,
  skippableRides,
} from '../transit/detourRules.ts';
import type { Candidate, OptionFamily, ReturnRule } from './family.ts';

/**
 * How much earlier a traveller would set off, or later arrive, to walk to a train instead of
 * being driven (arrive-by and depart-after searches respectively): within it, the vehicle mile is
 * not worth its cost.
 */
const WALK_INSTEAD_SEC = 15 * 60;

/**
 * Each service appears once: a transit candidate that rides a flexible service the search also
 * offers door to door (the same community bus, as a timetable and as a booked ride; the same
 * dial-a-ride, as a first or last mile and to the door) goes, even with other rides after it:
 * where the booked ride serves the whole trip, nobody rides its timetabled run to a train, nor
 * books it to a bus stop two hours later to ride a bus to the same village (issue #27).
 */
export function withoutServiceTwice(candidates: readonly Candidate[]): Candidate[] {
  const doorToDoor = new Set(
    candidates.flatMap((c) => (c.key.family === 'flexible' ? [c.key.serviceId] : [])),
  );
  return candidates.filter(
    (c) =>
      c.key.family !== 'transit' ||
      !c.leg.steps.some((s) => s.flexibleServiceId !== undefined && doorToDoor.has(s.flexibleServiceId)),
  );
}

/**
 * Public transport with each first and last mile (transit/miles.ts), one RAPTOR range search a
 * family. Journeys a sensible traveller would not take are left out here (ADR 008); comparing
 * the rest with other options is the option set's job (journeys/ranking/optionSet.ts).
 */
export const transitFamily: OptionFamily = {
  candidates(ctx) {
    const plan = planTransit(ctx);
    return transitCandidates(ctx, plan, plan.families);
  },
};

/**
 * The candidates of some of a plan's families. `windowSec` replaces their range windows: 0 asks
 * each for its earliest arrival only (plain RAPTOR, walking not weighed), with the latest
 * departure that makes it.
 */
export function transitCandidates(
  ctx: SearchContext,
  plan: TransitPlan,
  families: readonly TransitFamily[],
  windowSec?: number,
): Candidate[] {
  const out: Candidate[] = [];
  for (const fam of families) {
    const weighWalking = windowSec === undefined && fam.first.mile === 'walk' && fam.last.mile === 'walk';
    const found = searchFamily(ctx, fam, windowSec ?? fam.windowSec, weighWalking);
    const sensible = sensibleFor(ctx, plan, fam);
    const key = transitKey(fam);
    for (const f of found) {
      if (!sensible(f)) continue;
      const access = f.j.legs[0];
      let back: ReturnRule = {
        rule: 'public',
        prefer: key,
        home: fam.first.mile === 'lift' ? 'car' : 'taxi',
      };
      if (fam.first.vehicle && access?.kind === 'access')
        back = { rule: 'vehicle', type: fam.first.vehicle, stop: access.stop };
      out.push({ key, leg: f.leg, back });
    }
  }
  return out;
}

/** The test a family's journeys must pass to be offered. */
function sensibleFor(
  ctx: SearchContext,
  plan: TransitPlan,
  fam: TransitFamily,
): (f: FoundJourney) => boolean {
  const { at, crowM } = ctx;
  const first = byStop(fam.first.legs);
  const last = byStop(fam.last.legs);
  const walkOut = fam.first.mile !== 'walk' && plan.walkOut ? byStop(plan.walkOut.legs) : undefined;
  const walkIn = fam.last.mile !== 'walk' && plan.walkIn ? byStop(plan.walkIn.legs) : undefined;
  return ({ leg, j, view }) => {
    const zero = view.epochZeroSec;
    // A first or last mile by vehicle longer than the whole trip goes the wrong way.
    if (leg.steps.some((s) => !s.ride && s.type !== 'walk' && s.distanceM > crowM)) return false;
    if (skippableRides(view, j, first, last)) return false;
    const notBefore = 'startSec' in at ? at.startSec - zero : j.departureSec - WALK_INSTEAD_SEC;
    const notAfter = 'endSec' in at ? at.endSec - zero : j.arrivalSec + WALK_INSTEAD_SEC;
    // A vehicle to or from a train the traveller can walk to in time.
    if (walkOut && anyRideBoardable(view, j, walkOut, notBefore)) return false;
    if (walkIn && anyRideAlightable(view, j, walkIn, notAfter)) return false;
    // A vehicle to a further station for a train that also calls nearer.
    const a = j.legs[0];
    const e = j.legs[j.legs.length - 1];
    if (
      fam.first.mile !== 'walk' &&
      a?.kind === 'access' &&
      nearerStation(view, j, 'first', first, a.durationSec, notBefore)
    )
      return false;
    if (
      fam.last.mile !== 'walk' &&
      e?.kind === 'egress' &&
      nearerStation(view, j, 'last', last, e.durationSec, notAfter)
    )
      return false;
    return true;
  };
}
