import { appointmentReturnTime } from '@cairn/contracts';
import { formatSearchDate } from '../lib/dates.ts';

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
