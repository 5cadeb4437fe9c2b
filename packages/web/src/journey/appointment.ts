import { formatSearchDate } from '../lib/dates.ts';

/** SPEC §4/§9: appointment lengths 30–180 minutes in 30-minute steps, default 60; shift 30. */
export const APPOINTMENT_LENGTHS_MIN = [30, 60, 90, 120, 150, 180] as const;
export const DEFAULT_APPOINTMENT_MIN = 60;
export const RETURN_SHIFT_MIN = 30;

/** The Attend Appointment card's text: '30 mins' or '1 hour'; no text for other lengths. */
export function appointmentText(minutes: number): string | null {
  if (minutes === 30) return '30 mins';
  if (minutes === 60) return '1 hour';
  return null;
}

/**
 * The return time for an appointment length: the appointment starts when the outbound journey
 * arrives, and the return leaves once it has lasted `minutes`. Sent as YYYY/MM/DD HH:mm:ss.
 */
export function returnTimeForAppointment(outboundArrivalIso: string, minutes: number): string {
  return formatSearchDate(new Date(Date.parse(outboundArrivalIso) + minutes * 60_000));
}

/** The alternative return: the current return departure shifted by ±30 minutes. */
export function shiftedReturnTime(returnDepartureIso: string, direction: -1 | 1): string {
  return formatSearchDate(new Date(Date.parse(returnDepartureIso) + direction * RETURN_SHIFT_MIN * 60_000));
}
