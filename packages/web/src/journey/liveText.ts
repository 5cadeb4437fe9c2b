import {
  TIMETABLED_TYPES,
  type Journey,
  type Leg,
  type LiveBreak,
  type Step,
  type StepAlert,
  type StepLive,
} from '@cairn/contracts';
import { clockTextSpanSec, formatDuration, minutesOfDay, shiftClock } from '@cairn/engine/format';
import { modeName } from '../lib/modeLabel.ts';
import { legsOf } from '../search/liveVersion.ts';

/*
 * Live running (issue #18) in words. A transit step's `live` says how its trip runs now; these
 * helpers turn it into the short status people read on a card or a step ("5 min late",
 * "Cancelled") and the sentence of a broken journey. Nothing here applies without `live`.
 */

/** good: on time; warn: late or early; bad: the ride cannot be taken; info: an extra service. */
export type LiveTone = 'good' | 'warn' | 'bad' | 'info';
export type LiveLabel = { text: string; tone: LiveTone };

const TONE_RANK: Record<LiveTone, number> = { good: 0, info: 1, warn: 2, bad: 3 };

/** The delay that matters to the traveller: boarding when it is off, otherwise arriving. */
function delaySec(live: StepLive): number {
  return Math.abs(live.departure_delay_sec) >= 60 ? live.departure_delay_sec : live.arrival_delay_sec;
}

/** Whole minutes as people read a delay; the engine calls a trip late from a minute off. */
function wholeMinutes(sec: number): number {
  return Math.max(1, Math.round(Math.abs(sec) / 60));
}

/** The status of a step's trip in words; null when the trip has no live data ('scheduled'). */
export function liveLabel(live: StepLive): LiveLabel | null {
  if (live.cancelled || live.status === 'cancelled') return { text: 'Cancelled', tone: 'bad' };
  if (live.stop_skipped) return { text: 'Stop closed', tone: 'bad' };
  switch (live.status) {
    case 'late':
      return { text: `${wholeMinutes(delaySec(live))} min late`, tone: 'warn' };
    case 'early':
      return { text: `${wholeMinutes(delaySec(live))} min early`, tone: 'warn' };
    case 'on time':
      return { text: 'On time', tone: 'good' };
    case 'added':
      return { text: 'Extra service', tone: 'info' };
    case 'scheduled':
      return null;
  }
}

/** The timetable time to strike through beside the live one, when they differ. */
export function scheduledIfChanged(liveTime: string, scheduledTime: string | undefined): string | null {
  return scheduledTime && scheduledTime !== liveTime ? scheduledTime : null;
}

/** "bus 34", "train": how a ride is named inside a sentence. */
export function rideName(step: Step): string {
  return [modeName(step.type), step.service_number].filter(Boolean).join(' ');
}

/**
 * When a leg now reaches its destination, if live running moved its last ride: the leg's times are
 * those of planning, and so are the steps after that ride (a walk starts when it was to arrive),
 * so the ride's live arrival against that start is how much later (or earlier) the traveller
 * gets there. Null when nothing moved, or the ride is cancelled.
 */
export function liveLegArrival(leg: Leg): { time: string; planned: string } | null {
  const last = leg.steps.findLastIndex((step) => TIMETABLED_TYPES.includes(step.type));
  const ride = leg.steps[last];
  if (!ride?.live || ride.live.cancelled) return null;
  const plannedEnd = leg.steps[last + 1]?.departure_time ?? leg.arrival_at;
  // Around midnight the nearer way round is the change.
  const moved = ((((minutesOfDay(ride.arrival_time) - minutesOfDay(plannedEnd)) % 1440) + 2160) % 1440) - 720;
  return moved === 0 ? null : { time: shiftClock(leg.arrival_at, moved * 60), planned: leg.arrival_at };
}

/** When a leg now sets off, if a ride starts it and live running moved it; null otherwise. */
export function liveLegDeparture(leg: Leg): { time: string; planned: string } | null {
  const first = leg.steps[0];
  if (!first?.live || first.live.cancelled || first.departure_time === first.live.scheduled_departure_time)
    return null;
  return { time: first.departure_time, planned: first.live.scheduled_departure_time };
}

/**
 * A leg's duration as read beside its times: the difference of the departure and arrival shown,
 * which live running may have moved (the rule the engine's own duration text follows).
 */
export function legDurationText(leg: Leg): string {
  const from = liveLegDeparture(leg)?.time ?? leg.departure_at;
  const to = liveLegArrival(leg)?.time ?? leg.arrival_at;
  if (from === leg.departure_at && to === leg.arrival_at) return leg.duration.text;
  return formatDuration(clockTextSpanSec(from, to));
}

/**
 * The times of a ride's stops as it runs now, each with its timetable time when they differ: the
 * stops up to the last move with the departure's delay (what is known from boarding), the last
 * with the arrival's. A cancelled ride, or one without live data, keeps its timetable.
 */
export function liveStopTimes(step: Step): { time: string; scheduled: string | undefined }[] {
  const stops = step.stops ?? [];
  const live = step.live;
  if (!live || live.cancelled) return stops.map((stop) => ({ time: stop.time, scheduled: undefined }));
  return stops.map((stop, i) => {
    const delay = i === stops.length - 1 ? live.arrival_delay_sec : live.departure_delay_sec;
    return { time: shiftClock(stop.time, delay), scheduled: stop.time };
  });
}

/** The step whose status stands for the journey: the worst one, the biggest delay among equals. */
export function worstLiveStep(journey: Journey): { step: Step; label: LiveLabel } | null {
  let worst: { step: Step; label: LiveLabel } | null = null;
  for (const leg of legsOf(journey))
    for (const step of leg.steps) {
      const label = step.live ? liveLabel(step.live) : null;
      if (!step.live || !label) continue;
      const rank = TONE_RANK[label.tone];
      const worstRank = worst ? TONE_RANK[worst.label.tone] : -1;
      if (
        rank > worstRank ||
        (worst && rank === worstRank && Math.abs(delaySec(step.live)) > Math.abs(delaySec(worst.step.live!)))
      )
        worst = { step, label };
    }
  return worst;
}

/** Every alert on the journey's steps, once each. */
export function journeyAlerts(journey: Journey): StepAlert[] {
  const seen = new Map<string, StepAlert>();
  for (const leg of legsOf(journey))
    for (const step of leg.steps) for (const alert of step.live?.alerts ?? []) seen.set(alert.id, alert);
  return [...seen.values()];
}

const BREAK_LABEL: Record<LiveBreak['reason'], string> = {
  cancelled: 'Cancelled',
  'stop skipped': 'Stop closed',
  'missed change': 'Change missed',
};

/** The short status of a broken journey, for its card. */
export function breakLabel(liveBreak: LiveBreak): LiveLabel {
  return { text: BREAK_LABEL[liveBreak.reason], tone: 'bad' };
}

/** Why a journey no longer works: "The 10:24 bus 34 is cancelled", "You would miss your change at Aviemore". */
export function breakSentence(journey: Journey, liveBreak: LiveBreak): string {
  if (liveBreak.reason === 'missed change')
    return `You would miss your change at ${liveBreak.replan_from.name}`;
  const leg = liveBreak.leg === 'return' ? journey.return : journey.depart;
  const step = leg?.steps[liveBreak.step];
  if (!step) return 'A ride on this journey no longer runs as planned';
  const ride = `The ${step.live?.scheduled_departure_time ?? step.departure_time} ${rideName(step)}`;
  return liveBreak.reason === 'cancelled'
    ? `${ride} is cancelled`
    : `${ride} will not stop where you get on or off`;
}
