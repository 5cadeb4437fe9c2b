import type { JourneyNotice } from '@cairn/contracts';
import { formatDuration } from '../format/duration.ts';
import { formatLocalTime } from '../format/localTime.ts';
import { legEndSec, legStartSec } from '../journeys/model.ts';
import { TimeBound } from '../raptor/timeBound.ts';
import { epochToLocal } from '../time/serviceDay.ts';
import type { SearchContext } from './context.ts';
import type { Candidate } from './families/family.ts';
import { transitCandidates } from './families/transit.ts';
import { planTransit } from './transit/miles.ts';
import type { TransitFamily } from './transit/miles.ts';

/*
 * Arrive-by with a buffer (issue 27): the traveller asks to arrive some minutes before the time.
 * When keeping those minutes means leaving over an hour earlier on public transport, the latest
 * option arriving before the time itself is offered too, labelled with the margin it leaves, so
 * the traveller can choose between a long wait and a short one.
 */

/** Leaving this much earlier to keep the buffer is worth offering the option that does not. */
export const BUFFER_COST_SEC = 3600;

/**
 * The latest public transport option arriving inside the buffer, a minute or more before `askedSec`, labelled, when
 * the latest one keeping the buffer (among `kept`) leaves over BUFFER_COST_SEC earlier; else undefined.
 * `unbuffered` is the search's context with the asked time itself as the deadline.
 */
export function findWithinBuffer(
  unbuffered: SearchContext,
  kept: readonly Candidate[],
  askedSec: number,
  bufferSec: number,
): Candidate | undefined {
  const timetabled = (c: Candidate) => c.key.family === 'transit';
  const keeping = kept.filter(timetabled).map((c) => legStartSec(c.leg));
  const latestKeeping = keeping.length ? Math.max(...keeping) : undefined;
  // An option arriving a minute before the time leaves by then: when that is within the hour after
  // the latest one keeping the buffer, no option inside it could be offered, so none is searched.
  if (latestKeeping !== undefined && askedSec - 60 - latestKeeping <= BUFFER_COST_SEC) return undefined;
  const plan = planTransit(unbuffered);
  // A family whose journeys all take longer than that hour allows (by the router's lower bound)
  // has none that could be offered: its search is not run.
  const longest = latestKeeping === undefined ? Infinity : askedSec - 60 - latestKeeping - BUFFER_COST_SEC;
  const families = plan.families.filter(
    (f) => shortestJourneySec(unbuffered, askedSec, f, longest) <= longest,
  );
  const inside = transitCandidates(unbuffered, plan, families).filter(
    (c) => legEndSec(c.leg) > askedSec - bufferSec && legEndSec(c.leg) <= askedSec - 60,
  );
  const best = inside.sort((a, b) => legStartSec(b.leg) - legStartSec(a.leg))[0];
  if (!best) return undefined;
  const costSec = latestKeeping === undefined ? Infinity : legStartSec(best.leg) - latestKeeping;
  if (costSec <= BUFFER_COST_SEC) return undefined;
  const tz = unbuffered.data.region.timeZone;
  const marginMin = Math.floor((askedSec - legEndSec(best.leg)) / 60);
  const keepingText =
    latestKeeping === undefined
      ? 'no option keeps them'
      : `the latest option that keeps them leaves ${formatDuration(costSec)} earlier`;
  const notice: JourneyNotice = {
    kind: 'within buffer',
    text:
      `Arrives ${marginMin} min before ${formatLocalTime(tz, askedSec)}, inside the ${Math.round(bufferSec / 60)} minutes ` +
      `you asked to spare: ${keepingText}.`,
    margin_min: marginMin,
  };
  return { ...best, pinned: true, notices: [notice] };
}

/**
 * A lower bound on how long any journey of an arrive-by family takes, door to door (first mile,
 * the fastest hop any trip makes between consecutive stops, changes at their stored walking times,
 * last mile: raptor/timeBound.ts, the router's own pruning bound), searched no further than
 * `enoughSec` (beyond, a bound over it is all the caller needs); 0 when there is no limit.
 */
function shortestJourneySec(
  ctx: SearchContext,
  endSec: number,
  fam: TransitFamily,
  enoughSec: number,
): number {
  if (!Number.isFinite(enoughSec)) return 0;
  const { view } = ctx.raptorFor(epochToLocal(ctx.data.region.timeZone, endSec).date);
  const bound = TimeBound.shared(view, false);
  // Arriving by, the router searches from the last mile back to the first (search order).
  bound.compute(fam.last.legs, fam.first.legs, false, 1, Math.max(0, enoughSec), 0);
  let least = Infinity;
  for (const e of fam.last.legs) least = Math.min(least, e.durationSec + bound.toEnd[e.stopIdx]!);
  return least;
}
