// Feature under test: the appointment rule shared by the web app and the planner: the way home
// leaves once the appointment, from its own time, has lasted its length.
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_LENGTHS_MIN, appointmentReturnTime, DEFAULT_APPOINTMENT_MIN } from '../src/index.ts';

describe('appointmentReturnTime', () => {
  it('offers 30 to 180 minutes in 30-minute steps, default 60 (SPEC §9)', () => {
    expect(APPOINTMENT_LENGTHS_MIN).toEqual([30, 60, 90, 120, 150, 180]);
    expect(DEFAULT_APPOINTMENT_MIN).toBe(60);
  });

  it('is the appointment time plus its length, in the search date format', () => {
    expect(appointmentReturnTime('2026/11/23 10:00:00', 30)).toBe('2026/11/23 10:30:00');
    expect(appointmentReturnTime('2026/11/23 10:00:00', 180)).toBe('2026/11/23 13:00:00');
    expect(appointmentReturnTime('2026/11/23 09:45:30', 90)).toBe('2026/11/23 11:15:30');
  });

  it('carries over midnight, month and year ends', () => {
    expect(appointmentReturnTime('2026/12/31 23:30:00', 60)).toBe('2027/01/01 00:30:00');
    expect(appointmentReturnTime('2028/02/28 23:00:00', 120)).toBe('2028/02/29 01:00:00');
  });

  it('never leaves before the appointment has lasted its length', () => {
    for (const minutes of APPOINTMENT_LENGTHS_MIN)
      expect(appointmentReturnTime('2026/11/23 10:00:00', minutes)! > '2026/11/23 10:00:00').toBe(true);
  });

  it('is undefined for text that is not a search date', () => {
    expect(appointmentReturnTime('23/11/2026 10:00', 30)).toBeUndefined();
    expect(appointmentReturnTime('2026/13/01 10:00:00', 30)).toBeUndefined();
  });
});
