// Feature under test: toilet opening hours per weekday from OSM opening_hours values.
import { describe, expect, it } from 'vitest';
import { findOpenAt, listWeekOpening } from '../../src/places/openingHours.ts';

// Wednesday 25 November 2026, local time.
const WEEK = new Date(2026, 10, 25, 12, 0);

describe('listWeekOpening', () => {
  it('lists periods per weekday, Monday first', () => {
    const week = listWeekOpening('Mo-Fr 07:00-19:00; Sa 09:00-12:00,13:00-17:00; Su off', WEEK);
    expect(week.map((d) => [d.day, d.text])).toEqual([
      ['Monday', '07:00-19:00'],
      ['Tuesday', '07:00-19:00'],
      ['Wednesday', '07:00-19:00'],
      ['Thursday', '07:00-19:00'],
      ['Friday', '07:00-19:00'],
      ['Saturday', '09:00-12:00, 13:00-17:00'],
      ['Sunday', 'Closed'],
    ]);
    expect(week[5]!.periods).toEqual([
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]);
  });

  it('says open 24 hours for 24/7', () => {
    expect(listWeekOpening('24/7', WEEK)[0]).toEqual({
      day: 'Monday',
      periods: [{ start: '00:00', end: '24:00' }],
      text: 'Open 24 hours',
    });
  });

  it('gives n/a when hours are missing or do not parse', () => {
    expect(listWeekOpening(null, WEEK).every((d) => d.text === 'n/a')).toBe(true);
    expect(listWeekOpening('sometimes, ask the shop', WEEK).every((d) => d.text === 'n/a')).toBe(true);
  });
});

describe('findOpenAt', () => {
  it('answers open, closed or unknown', () => {
    expect(findOpenAt('Mo-Fr 07:00-19:00', new Date(2026, 10, 23, 8, 0))).toBe(true);
    expect(findOpenAt('Mo-Fr 07:00-19:00', new Date(2026, 10, 23, 20, 0))).toBe(false);
    expect(findOpenAt('Mo-Fr 07:00-19:00', new Date(2026, 10, 22, 10, 0))).toBe(false);
    expect(findOpenAt(null, WEEK)).toBeNull();
  });
});
