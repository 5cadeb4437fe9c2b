import type { Journey, LiveBreak, Step, StepLive } from '@cairn/contracts';
import type { JourneyCheck } from '@cairn/engine';
import { clockTextSpanSec, formatDuration, shiftClock } from '@cairn/engine/format';
import { formatLocal } from '../search/searchWindow.ts';

/** What a newer live version does to a stored journey: its new document and the event's fields. */
export interface JourneyLiveUpdate {
  document: Journey;
  status: 'changed' | 'broken';
  liveBreak: LiveBreak | undefined;
}

/**
 * The stored journey after `check`: each changed ride gets its new `live` and live departure and
 * arrival times, and `live_break` follows the check. Undefined when nothing the traveller sees
 * changed since the document was last written (a later version saying the same), so the
 * channel hears about a journey only when it really changed.
 */
export function journeyLiveUpdate(
  journey: Journey,
  check: JourneyCheck,
  timeZone: string,
): JourneyLiveUpdate | undefined {
  const liveBreak = check.broken
    ? {
        reason: check.broken.reason,
        leg: check.broken.leg,
        step: check.broken.step,
        live_version: check.version,
        replan_from: {
          name: check.broken.replanFrom.name,
          location: { lat: check.broken.replanFrom.lat, lng: check.broken.replanFrom.lng },
          out_time: formatLocal(new Date(check.broken.replanFrom.atSec * 1000), timeZone),
        },
      }
    : undefined;
  if (check.updatedSteps.length === 0 && sameBreak(journey.live_break, liveBreak)) return undefined;
  const legs = { depart: journey.depart, return: journey.return };
  const document: Journey = { ...journey, depart: { ...journey.depart, steps: [...journey.depart.steps] } };
  if (journey.return) document.return = { ...journey.return, steps: [...journey.return.steps] };
  for (const update of check.updatedSteps) {
    const steps = (update.leg === 'depart' ? document.depart : document.return)?.steps;
    const step = legs[update.leg]?.steps[update.step];
    if (steps && step) steps[update.step] = withLive(step, update.live);
  }
  if (liveBreak) document.live_break = liveBreak;
  else delete document.live_break;
  return { document, status: liveBreak ? 'broken' : 'changed', liveBreak };
}

/** The ride at its live times; its duration is the difference of those times, as everywhere. */
function withLive(step: Step, live: StepLive): Step {
  const departure_time = shiftClock(live.scheduled_departure_time, live.departure_delay_sec);
  const arrival_time = shiftClock(live.scheduled_arrival_time, live.arrival_delay_sec);
  const planned = step.live ?? live;
  const movedSec =
    live.arrival_delay_sec -
    live.departure_delay_sec -
    (planned.arrival_delay_sec - planned.departure_delay_sec);
  return {
    ...step,
    live,
    departure_time,
    arrival_time,
    duration: {
      text: formatDuration(clockTextSpanSec(departure_time, arrival_time)),
      value: Math.max(0, step.duration.value + movedSec),
    },
  };
}

/** The same break for the traveller: the version that found it again does not count. */
function sameBreak(a: LiveBreak | undefined, b: LiveBreak | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.reason === b.reason &&
    a.leg === b.leg &&
    a.step === b.step &&
    a.replan_from.name === b.replan_from.name &&
    a.replan_from.out_time === b.replan_from.out_time
  );
}
