import type { JourneyNotice } from '@cairn/contracts';
import { formatDuration } from '../format/duration.ts';
import { formatLocalTime } from '../format/localTime.ts';
import { legEndSec, legStartSec } from '../journeys/model.ts';
import type { At } from '../modes/streetStep.ts';
import { dateToDayNumber, dayNumberToDate, epochToLocal, localToEpochSec } from '../time/serviceDay.ts';
import type { SearchContext } from './context.ts';
import type { Candidate } from './families/family.ts';
import { transitCandidates } from './families/transit.ts';
import { planTransit } from './transit/miles.ts';
import { MAX_SHIFT_SEC } from './transit/search.ts';

/*
 * When no public transport fits the asked time (issue 27): arrive by 11:00 from Kingussie to
 * Inverness offered only a car and a taxi, and never said the first train arrives at 11:17; a
 * search at 22:00 with nothing left that evening said nothing of the morning. The traveller is
 * told when public transport next runs: the first option arriving after an arrive-by time (the
 * same day), or leaving after the hours a depart-after search covers (MAX_SHIFT_SEC), later that
 * day or the next day. It is offered pinned and labelled; nothing is searched when the asked time
 * has public transport.
 */

const DAY_SEC = 24 * 3600;
/** The next day's searches start at this local time: no timetabled service in the region starts its day before. */
const NEXT_DAY_FROM_SEC = 4 * 3600;

/** Public transport: timetabled rides, or a booked service (DRT, community transport). */
const isPublic = (c: Candidate) => c.key.family === 'transit' || c.key.family === 'flexible';

/**
 * The first public transport option outside the asked time when `candidates` hold none; else
 * undefined. `askedSec` is the asked time (arrive-by: the time itself, not less the buffer);
 * `contextAt` gives the search's context leaving at another time; `tz` is the region's zone.
 */
export function findNextTransit(
  contextAt: (at: At) => SearchContext,
  candidates: readonly Candidate[],
  arriveBy: boolean,
  askedSec: number,
  tz: string,
): Candidate | undefined {
  if (candidates.some(isPublic)) return undefined;
  const askedDate = epochToLocal(tz, askedSec).date;
  const tomorrow = dayNumberToDate(dateToDayNumber(askedDate) + 1);
  const tomorrowFrom = localToEpochSec(tz, tomorrow, NEXT_DAY_FROM_SEC);
  // The asked search saw rides within MAX_SHIFT_SEC of the time (transit/search.ts). Arrive-by
  // looks from earlier that day for the first arrival after the time; depart-after goes on where
  // the asked search stopped, to the end of that day, then the next day from its early morning.
  const later = askedSec + MAX_SHIFT_SEC;
  const starts = arriveBy
    ? [Math.max(localToEpochSec(tz, askedDate, 0), askedSec - MAX_SHIFT_SEC), askedSec]
    : epochToLocal(tz, later).date === askedDate
      ? [later, tomorrowFrom]
      : [Math.min(later, tomorrowFrom)];
  for (const startSec of starts) {
    const found = firstArrivals({ ...contextAt({ startSec }), maxShiftSec: DAY_SEC }).filter(
      (c) => !arriveBy || legEndSec(c.leg) > askedSec,
    );
    const first = found.sort(
      (a, b) => legEndSec(a.leg) - legEndSec(b.leg) || legStartSec(b.leg) - legStartSec(a.leg),
    )[0];
    if (first) return { ...first, pinned: true, notices: [noticeFor(first, arriveBy, askedSec, tz)] };
  }
  return undefined;
}

/**
 * The earliest arrivals from a depart-after context, one RAPTOR search a family with no range:
 * by walking and riding, or where the ends have no stop within a walk, with every first and last
 * mile the search offers (a vehicle to the station is no news of when the bus runs).
 */
function firstArrivals(ctx: SearchContext): Candidate[] {
  const walkOnly: SearchContext = { ...ctx, allowed: (t) => t === 'walk' && ctx.allowed(t) };
  const walking = planTransit(walkOnly);
  const plan = walking.families.length ? walking : planTransit(ctx);
  return transitCandidates(ctx, plan, plan.families, 0);
}

/** The label of the next public transport: how long after the asked time it arrives or leaves. */
function noticeFor(c: Candidate, arriveBy: boolean, askedSec: number, tz: string): JourneyNotice {
  const asked = formatLocalTime(tz, askedSec);
  if (arriveBy) {
    const arrives = legEndSec(c.leg);
    // Whole minutes as the clock shows them (11:17:40 is 17 minutes after 11:00).
    const lateMin = Math.floor((arrives - askedSec) / 60);
    return {
      kind: 'next public transport',
      text:
        `No public transport arrives by ${asked}: this is the first after it, arriving at ` +
        `${formatLocalTime(tz, arrives)} (${formatDuration(lateMin * 60)} later).`,
      minutes_after: lateMin,
    };
  }
  const leaves = legStartSec(c.leg);
  const at = formatLocalTime(tz, leaves);
  const sameDay = epochToLocal(tz, leaves).date === epochToLocal(tz, askedSec).date;
  return {
    kind: 'next public transport',
    text: sameDay
      ? `No public transport leaves within ${formatDuration(MAX_SHIFT_SEC)} of ${asked}: this is the next, leaving at ${at}.`
      : `No more public transport after ${asked} today: this is the first tomorrow, leaving at ${at}.`,
    minutes_after: Math.floor((leaves - askedSec) / 60),
  };
}
