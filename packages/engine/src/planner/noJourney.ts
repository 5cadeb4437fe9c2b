import { formatLocalDate, formatLocalIso } from '../format/localTime.ts';
import { findNextDeparture } from './nextDeparture.ts';
import { listStopAccess } from '../modes/accessEgress.ts';
import type { SearchEnd } from '../places/locateEnd.ts';
import type { SearchContext } from './context.ts';
import type { NoJourneyReason, NoPublicTransportReason } from './port.ts';
import { MILE_MAX_SEC } from './transit/miles.ts';

/** How far the option set of an empty search got, for saying why it is empty. */
export interface EmptySearch {
  /** Outbound candidates of every family. */
  candidates: number;
  /** Candidates kept once paired with a return (all of them on a one-way search). */
  paired: number;
  /** When every candidate arrives after the return time: the first of those arrivals. */
  lateArrivalSec?: number;
}

/**
 * Why a search whose ends are placed found nothing. Candidates found and then all dropped: by the
 * return pairing (`no return`, with the first arrival when every way there arrives after the
 * return time) or by booking windows and limits (`no option`). No candidate at all:
 * public transport either has no stop within the walk of the transit first or last mile at an end
 * (`no stop near`), or has stops at both and nothing running from them in the searched window
 * (`no service`) — door-to-door modes did not fit either (too far, or blocked by the brand).
 */
export function whyNoJourney(ctx: SearchContext, found: EmptySearch): NoJourneyReason {
  const { data } = ctx;
  const tz = data.region.timeZone;
  if (found.candidates > 0 && found.paired === 0)
    return found.lateArrivalSec === undefined
      ? { reason: 'no return' }
      : // The whole minute, as the journeys' times are shown.
        { reason: 'no return', arrival: formatLocalIso(tz, Math.floor(found.lateArrivalSec / 60) * 60) };
  if (found.candidates > 0) return { reason: 'no option' };
  return whyNoPublicTransport(ctx);
}

/**
 * Why no public transport serves a search on foot: no stop within the walk of the transit first or
 * last mile at an end (`no stop near`), or nothing running from the stops near the start to those
 * near the destination in the searched window (`no service`, with the next departure). Said when
 * a search finds nothing, and beside options that are all by car, taxi or on foot (Dufftown →
 * Nethy Bridge on a Tuesday: bus 366 runs on Wednesdays and Fridays only).
 */
export function whyNoPublicTransport(ctx: SearchContext): NoPublicTransportReason {
  const { data } = ctx;
  const tz = data.region.timeZone;
  const ends: SearchEnd[] = [];
  const nearOrigin = listStopAccess(data, ctx.origin, 'walk', MILE_MAX_SEC.walk, 'from');
  if (!nearOrigin.length) ends.push('origin');
  const nearDestination = listStopAccess(data, ctx.destination, 'walk', MILE_MAX_SEC.walk, 'to');
  if (!nearDestination.length) ends.push('destination');
  if (ends.length > 0) return { reason: 'no stop near', ends };
  const atSec = 'startSec' in ctx.at ? ctx.at.startSec : ctx.at.endSec;
  const next = findNextDeparture(
    data.timetable,
    nearOrigin.map((s) => s.stopIdx),
    atSec,
    tz,
    new Set(nearDestination.map((s) => s.stopIdx)),
  );
  return {
    reason: 'no service',
    date: formatLocalDate(tz, atSec),
    next: next
      ? {
          stop: next.stopName,
          line: next.line,
          towards: next.towards,
          departure: formatLocalIso(tz, next.departSec),
          reaches_destination: next.servesDestination,
        }
      : null,
  };
}
