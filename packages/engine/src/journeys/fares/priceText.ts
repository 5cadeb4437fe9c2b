// The English words of a price: step texts, breakdown lines and through-ticket changes. The
// pricing passes decide the amounts; this module alone words them.
import type { PlannedStep } from '../model.ts';
import { formatMoney } from '../../format/money.ts';
import { fromToText } from '../../format/placeNames.ts';
import { serviceAfterMode } from '../../format/serviceName.ts';
import type { SegmentChange } from './fareTransfers.ts';

/** A step's cost text when it costs nothing, is paid by another step's ticket, or has no known price. */
export const COST_TEXT = { free: 'free', included: 'included', unknown: 'unknown' } as const;

/** Why a run of rides under a feed's transfer rules has no price. */
export const RUN_UNKNOWN_WHY = {
  tooManyWays: 'too many ways to combine the tickets to check',
  ambiguous:
    "the feed's transfer rules, or how your discount applies to them, can be read more than one way for these changes",
  internal: 'internal error pricing the changes',
} as const;

const MODE_LABEL: Partial<Record<PlannedStep['type'], string>> = {
  drt: 'DRT',
  'intercity bus': 'Coach',
  'community transport': 'Community transport',
};

/** 'Bus 31 Aviemore to Nethy Bridge': a ride named by mode, service and ends. */
export function rideLabel(step: PlannedStep): string {
  const mode = MODE_LABEL[step.type] ?? step.type.charAt(0).toUpperCase() + step.type.slice(1);
  const name = serviceAfterMode(mode, step.ride?.routeShortName ?? '');
  const service = name ? ` ${name}` : '';
  return `${mode}${service} ${fromToText(step.from, step.to)}`;
}

/** Breakdown line of a ticket for one ride: 'Bus 31 … : adult single (Demo bus fares)'. */
export function fareText(step: PlannedStep, basis: string, source: string): string {
  return `${rideLabel(step)}: ${basis} (${source})`;
}

/** Breakdown line of a ride nothing prices. */
export function fareUnknownText(step: PlannedStep): string {
  return `${rideLabel(step)}: fare not known`;
}

/** Breakdown line of a run of rides whose tickets cannot be priced, and why. */
export function runUnknownText(label: string, why: string): string {
  return `${label}: price not known (${why})`;
}

/** Breakdown line of a through ticket over several rides, with each change worded. */
export function throughTicketText(label: string, changes: string[], basis: string, source: string): string {
  const n = changes.length;
  return `${label} (through ticket, ${n} change${n > 1 ? 's' : ''}: ${changes.join('; ')}): ${basis} (${source})`;
}

/** Words for one change inside a through ticket: 'at Perth included in the ticket', 'at Carrbridge transfer fee £0.50'. */
export function changeText(c: SegmentChange, at: string, firstChange: boolean, currency: string): string {
  // fare_transfer_type 2 on a sub-journey's first change: one product pays for both rides.
  if (c.kind === 2 && firstChange)
    return `at ${at} on one fare for both rides${c.feeName ? ` (${c.feeName})` : ''}`;
  const fee =
    c.feePence > 0
      ? `transfer fee ${formatMoney(c.feePence, currency)}${c.feeName ? ` (${c.feeName})` : ''}`
      : c.feePence < 0
        ? `transfer discount ${formatMoney(-c.feePence, currency)}${c.feeName ? ` (${c.feeName})` : ''}`
        : '';
  if (c.nextRidePence !== null)
    return `at ${at} next ride ${formatMoney(c.nextRidePence, currency)}${fee ? ` plus ${fee}` : ', no transfer fee'}`;
  return fee ? `at ${at} ${fee}` : `at ${at} included in the ticket`;
}

/** Breakdown line of a lift in someone's car. */
export function liftText(step: PlannedStep): string {
  return `Lift ${fromToText(step.from, step.to)}: free as a passenger`;
}

/** Breakdown line of a taxi in a region without a tariff. */
export function taxiUnknownText(step: PlannedStep): string {
  return `Taxi ${fromToText(step.from, step.to)}: no tariff known for this region`;
}

/** Breakdown line of a metered taxi fare, naming the night or holiday rate when one applies. */
export function taxiText(step: PlannedStep, rate: { night: boolean; holiday: boolean }): string {
  const at = rate.night ? ' (night rate)' : rate.holiday ? ' (public holiday rate)' : '';
  return `Taxi ${fromToText(step.from, step.to)}: estimated metered fare${at}`;
}

/** Breakdown line of a bike hire under its plan. */
export function bikeHireText(step: PlannedStep, planName: string): string {
  return `Bike hire ${fromToText(step.from, step.to)} (${planName})`;
}

/** Breakdown line of a bike hire no plan prices. */
export function bikeHireUnknownText(step: PlannedStep): string {
  return `Bike hire ${fromToText(step.from, step.to)}: price not known`;
}

/** Breakdown line of an own-car or car-club step the vehicle pass did not price. */
export function vehicleUnknownText(step: PlannedStep): string {
  return `${step.type} ${fromToText(step.from, step.to)}: price not known`;
}

/** Breakdown line of driving one's own car in a region with no running costs. */
export function carRunningUnknownText(step: PlannedStep): string {
  return `Car running costs ${fromToText(step.from, step.to)}: not known for this region`;
}

/** Breakdown line of driving one's own car. */
export function carRunningText(step: PlannedStep): string {
  return `Car running costs ${fromToText(step.from, step.to)} (fuel and wear, estimate)`;
}

/** Breakdown line of free park and ride at a station. */
export function parkAndRideText(at: string): string {
  return `Park and ride at ${at}`;
}

/** Breakdown line of parking for the stay between outbound and return. */
export function parkingText(at: string): string {
  return `Parking at ${at} (estimate for your stay)`;
}

/** Breakdown line of parking on a one-way trip, whose stay is not known. */
export function parkingNotIncludedText(at: string): string {
  return `Parking at ${at}: not included (depends on how long you stay)`;
}

/** Cost text of parking left out of the total. */
export const NOT_INCLUDED_TEXT = 'not included';

/** Breakdown line of a car-club provider the region does not list. */
export const CAR_CLUB_UNKNOWN_TEXT = 'Car club: provider not known';

/** Breakdown line of a car-club booking: hours booked and mileage. */
export function carClubText(provider: string, hours: number, roundTrip: boolean): string {
  return `${provider} car club: ${hours} hours booked and mileage${roundTrip ? ' for the round trip' : ''}`;
}
