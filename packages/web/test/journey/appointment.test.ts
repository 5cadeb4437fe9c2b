import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_LENGTHS_MIN,
  appointmentLengthOf,
  appointmentText,
  DEFAULT_APPOINTMENT_MIN,
  returnTimeForAppointment,
  shiftedReturnTime,
} from '../../src/journey/appointment.ts';
import { parseSearchDate } from '../../src/lib/dates.ts';

describe('appointment (SPEC §4)', () => {
  it('offers 30 to 180 minutes, default 60', () => {
    expect(APPOINTMENT_LENGTHS_MIN).toEqual([30, 60, 90, 120, 150, 180]);
    expect(DEFAULT_APPOINTMENT_MIN).toBe(60);
  });
  it("texts '30 mins' and '1 hour' only", () => {
    expect(appointmentText(30)).toBe('30 mins');
    expect(appointmentText(60)).toBe('1 hour');
    expect(appointmentText(90)).toBeNull();
  });
  it('return time = appointment time + length, not outbound arrival + length', () => {
    // The outbound arrives up to the arrive-by buffer early; the appointment starts at its own time.
    const arrival = '2026-11-23T09:32:00Z';
    expect(returnTimeForAppointment('2026/11/23 10:00:00', arrival, 30)).toBe('2026/11/23 10:30:00');
    expect(returnTimeForAppointment('2026/11/23 10:00:00', arrival, 90)).toBe('2026/11/23 11:30:00');
  });
  it('without an appointment time (no arrive-by), the appointment starts on arrival', () => {
    const arrival = '2026-11-23T09:32:00Z';
    const text = returnTimeForAppointment(null, arrival, 90);
    expect(text).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(parseSearchDate(text)!.getTime() - Date.parse(arrival)).toBe(90 * 60_000);
  });
  it('reads the length back from the search: return time less appointment time, when it is on offer', () => {
    const at = '2026/11/23 10:00:00';
    expect(appointmentLengthOf({ arrive_at_time: at, return_time: '2026/11/23 12:00:00' })).toBe(120);
    expect(appointmentLengthOf({ arrive_at_time: at, return_time: '2026/11/23 10:30:00' })).toBe(30);
    // A return moved by "Earlier return option", or no appointment time: the default.
    expect(appointmentLengthOf({ arrive_at_time: at, return_time: '2026/11/23 12:10:00' })).toBe(60);
    expect(appointmentLengthOf({ arrive_at_time: null, return_time: '2026/11/23 12:00:00' })).toBe(60);
  });
  it('earlier/later shift the return by 30 minutes', () => {
    const dep = '2026-11-23T16:28:00Z';
    expect(parseSearchDate(shiftedReturnTime(dep, -1))!.getTime()).toBe(Date.parse(dep) - 30 * 60_000);
    expect(parseSearchDate(shiftedReturnTime(dep, 1))!.getTime()).toBe(Date.parse(dep) + 30 * 60_000);
  });
});
