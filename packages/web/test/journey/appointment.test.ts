import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_LENGTHS_MIN,
  appointmentLengthOf,
  noOtherReturnMessage,
  appointmentText,
  DEFAULT_APPOINTMENT_MIN,
  returnTimeForAppointment,
  shiftedReturnTime,
} from '../../src/journey/appointment.ts';
import { parseSearchDate } from '../../src/lib/dates.ts';
import { loadJourney } from '../../../contracts/test/fixtures.ts';

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
    const arrival = '2026-11-23T09:32:00Z';
    expect(appointmentLengthOf({ arrive_at_time: at, return_time: '2026/11/23 12:00:00' }, arrival)).toBe(
      120,
    );
    expect(appointmentLengthOf({ arrive_at_time: at, return_time: '2026/11/23 10:30:00' }, arrival)).toBe(30);
    // Without an appointment time it started on the outbound arrival, as the return was asked.
    const asked = returnTimeForAppointment(null, arrival, 90);
    expect(appointmentLengthOf({ arrive_at_time: null, return_time: asked }, arrival)).toBe(90);
    // A return moved by "Earlier return option": the default.
    expect(appointmentLengthOf({ arrive_at_time: at, return_time: '2026/11/23 12:10:00' }, arrival)).toBe(60);
  });
  it('earlier/later shift the return by 30 minutes', () => {
    const dep = '2026-11-23T16:28:00Z';
    expect(parseSearchDate(shiftedReturnTime(dep, -1))!.getTime()).toBe(Date.parse(dep) - 30 * 60_000);
    expect(parseSearchDate(shiftedReturnTime(dep, 1))!.getTime()).toBe(Date.parse(dep) + 30 * 60_000);
  });
  it('says when no earlier or later return exists than the one moved from (SPEC §4)', () => {
    const journey = loadJourney('walk-bus-walk-return');
    const ret = journey.return!;
    const shift = { fromIso: ret.departure_datetime, fromTime: ret.departure_at, direction: -1 as const };
    // The new search found the same return again: nothing earlier.
    expect(noOtherReturnMessage([journey], shift)).toBe(
      `There is no earlier return than ${ret.departure_at}: these are the nearest.`,
    );
    expect(noOtherReturnMessage([journey], { ...shift, direction: 1 })).toContain('no later return');
    const earlier = {
      ...journey,
      return: {
        ...ret,
        departure_datetime: new Date(Date.parse(ret.departure_datetime) - 1_800_000).toISOString(),
      },
    };
    expect(noOtherReturnMessage([journey, earlier], shift)).toBeNull();
  });
});
