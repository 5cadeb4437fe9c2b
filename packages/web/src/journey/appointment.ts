import {
  APPOINTMENT_LENGTHS_MIN,
  DEFAULT_APPOINTMENT_MIN,
  appointmentReturnTime,
  type Journey,
  type SearchQuery,
} from '@cairn/contracts';
import { formatSearchDate, parseSearchDate } from '../lib/dates.ts';

export { APPOINTMENT_LENGTHS_MIN, DEFAULT_APPOINTMENT_MIN } from '@cairn/contracts';
/** SPEC §4/§9: earlier and later return options shift the return by 30 minutes. */
export const RETURN_SHIFT_MIN = 30;

/** The Attend Appointment card's text: '30 mins' or '1 hour'; no text for other lengths. */
export function appointmentText(minutes: number): string | null {
  if (minutes === 30) return '30 mins';
  if (minutes === 60) return '1 hour';
  return null;
}

/**
 * The return time sent for an appointment length (YYYY/MM/DD HH:mm:ss), by the rule the planner
 * uses too: the appointment starts at the search's arrive-by time, or on the outbound arrival
 * when the search set none.
 */
export function returnTimeForAppointment(
  arriveAtTime: string | null,
  outboundArrivalIso: string,
  minutes: number,
): string {
  const start = arriveAtTime || formatSearchDate(new Date(Date.parse(outboundArrivalIso)));
  return appointmentReturnTime(start, minutes) ?? start;
}

/** The alternative return: the current return departure shifted by ±30 minutes. */
export function shiftedReturnTime(returnDepartureIso: string, direction: -1 | 1): string {
  return formatSearchDate(new Date(Date.parse(returnDepartureIso) + direction * RETURN_SHIFT_MIN * 60_000));
}

/**
 * The appointment length a search was made for, so reopening its journey shows the length chosen
 * (issue 31): its return time less the appointment's start (the arrive-by time, or the outbound
 * arrival, as returnTimeForAppointment counts it), when that is a length on offer; the default
 * otherwise (a return moved earlier or later, or another option's arrival).
 */
export function appointmentLengthOf(
  query: Pick<SearchQuery, 'arrive_at_time' | 'return_time'>,
  outboundArrivalIso: string,
): number {
  const start = query.arrive_at_time
    ? parseSearchDate(query.arrive_at_time)
    : new Date(Date.parse(outboundArrivalIso));
  const end = query.return_time ? parseSearchDate(query.return_time) : undefined;
  if (!start || !end) return DEFAULT_APPOINTMENT_MIN;
  const minutes = Math.round((end.getTime() - start.getTime()) / 60_000);
  return (APPOINTMENT_LENGTHS_MIN as readonly number[]).includes(minutes) ? minutes : DEFAULT_APPOINTMENT_MIN;
}

/** An earlier or later return asked for: the return it moves from, carried to the new Results. */
export type ReturnShift = { fromIso: string; fromTime: string; direction: -1 | 1 };

/**
 * What the new Results say when no journey returns earlier (or later) than the return the
 * traveller moved from (SPEC §4: say when no earlier or later return exists); null when one does.
 */
export function noOtherReturnMessage(journeys: readonly Journey[], shift: ReturnShift): string | null {
  const from = Date.parse(shift.fromIso);
  const moved = journeys.some((j) => {
    const at = j.return ? Date.parse(j.return.departure_datetime) : NaN;
    return shift.direction < 0 ? at < from : at > from;
  });
  if (moved) return null;
  return `There is no ${shift.direction < 0 ? 'earlier' : 'later'} return than ${shift.fromTime}: these are the nearest.`;
}
