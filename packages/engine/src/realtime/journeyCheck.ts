import type { Journey, StepLive } from '@cairn/contracts';
import type { LiveVersion } from './liveVersion.ts';
import { liveCallOf, liveStepOf } from './stepLive.ts';

/*
 * A shown journey against a newer live version: did any of its rides change (times, cancelled,
 * skipped stops, alerts), and does it still hold together? A journey breaks when a ride is
 * cancelled, skips the stop the traveller boards or leaves at, or arrives too late for the next
 * ride (the walk and change between them, as planned, no longer fit). Steps without `live` (a
 * journey planned without live data) cannot be checked and count as unchanged.
 */

/** Which leg of the journey: the way out or the way back. */
export type LegName = 'depart' | 'return';

/** A transit step whose live running differs from what the journey shows (not a change of vehicle). */
export interface LiveStepUpdate {
  leg: LegName;
  step: number;
  live: StepLive;
}

export interface JourneyBreak {
  reason: 'cancelled' | 'stop skipped' | 'missed change';
  leg: LegName;
  /** The transit step that can no longer be taken. */
  step: number;
  /** The start of that step and when the traveller is expected there (after the rides before it, as they now run): re-plan from here. */
  replanFrom: { name: string; lat: number; lng: number; atSec: number };
}

export interface JourneyCheck {
  version: string;
  status: 'unchanged' | 'changed' | 'broken';
  /** The transit steps whose live running differs from what the journey shows, with the new `live`. */
  updatedSteps: LiveStepUpdate[];
  broken?: JourneyBreak;
}

/** Compares `journey` (as sent, with `live` on its transit steps) with `version`. */
export function checkJourney(journey: Journey, version: LiveVersion, timeZone: string): JourneyCheck {
  const updatedSteps: LiveStepUpdate[] = [];
  let broken: JourneyBreak | undefined;
  const legs: [LegName, Journey['depart']][] = [['depart', journey.depart]];
  if (journey.return) legs.push(['return', journey.return]);
  for (const [li, leg] of legs) {
    // Time the traveller needs between alighting and the next boarding: the planned steps between the rides.
    let prevArrSec: number | undefined;
    let needSec = 0;
    leg.steps.forEach((step, si) => {
      const old = step.live;
      if (!old) {
        if (prevArrSec !== undefined) needSec += step.duration.value;
        return;
      }
      const now = liveStepOf(version, old.trip, timeZone);
      if (differs(old, now)) updatedSteps.push({ leg: li, step: si, live: now });
      const call = liveCallOf(version, old.trip);
      const at = (atSec: number) => ({ name: step.start_address, ...step.start_location, atSec });
      const readySec = prevArrSec === undefined ? call.schedDepSec : prevArrSec + needSec;
      if (!broken && call.found) {
        if (now.cancelled) broken = { reason: 'cancelled', leg: li, step: si, replanFrom: at(readySec) };
        else if (now.stop_skipped)
          broken = { reason: 'stop skipped', leg: li, step: si, replanFrom: at(readySec) };
        else if (prevArrSec !== undefined && readySec > call.liveDepSec)
          broken = { reason: 'missed change', leg: li, step: si, replanFrom: at(readySec) };
      }
      prevArrSec = call.found ? call.liveArrSec : undefined;
      needSec = 0;
    });
  }
  return {
    version: version.id,
    status: broken ? 'broken' : updatedSteps.length > 0 ? 'changed' : 'unchanged',
    updatedSteps,
    ...(broken ? { broken } : {}),
  };
}

function differs(a: StepLive, b: StepLive): boolean {
  return (
    a.status !== b.status ||
    a.cancelled !== b.cancelled ||
    a.stop_skipped !== b.stop_skipped ||
    a.departure_delay_sec !== b.departure_delay_sec ||
    a.arrival_delay_sec !== b.arrival_delay_sec ||
    a.alerts.map((x) => x.id).join() !== b.alerts.map((x) => x.id).join()
  );
}
