// Feature under test: Scottish bank holidays and the service calendars built on them.
import { describe, expect, it } from 'vitest';
import {
  isoDate,
  parseDay,
  scottishBankHolidays,
  summerSeasons,
  validityFrom,
} from '../generator/calendar.ts';
import { SERVICE, buildServices } from '../generator/services.ts';

const days = (year: number) => scottishBankHolidays(year).map((h) => isoDate(h.day));

describe('Scottish bank holidays', () => {
  // Expected lists as published on gov.uk/bank-holidays (Scotland).
  it('matches the published 2026 list', () => {
    expect(days(2026)).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-04-03',
      '2026-05-04',
      '2026-05-25',
      '2026-08-03',
      '2026-11-30',
      '2026-12-25',
      '2026-12-28',
    ]);
  });

  it('moves weekend holidays to the following weekdays (2027)', () => {
    expect(days(2027)).toEqual([
      '2027-01-01',
      '2027-01-04',
      '2027-03-26',
      '2027-05-03',
      '2027-05-31',
      '2027-08-02',
      '2027-11-30',
      '2027-12-25',
      '2027-12-27',
      '2027-12-28',
    ]);
  });
});

describe('service calendars', () => {
  const v = validityFrom(parseDay('2026-11-22'));

  it('run for at least a year from the generation date', () => {
    expect(isoDate(v.start)).toBe('2026-11-22');
    expect(v.end - v.start).toBeGreaterThanOrEqual(365 * 86_400_000);
  });

  it('replace weekday services by Sunday ones on Boxing Day and cancel Christmas Day', () => {
    const services = buildServices(v);
    const wd = services.find((s) => s.id === SERVICE.weekday)!;
    const sun = services.find((s) => s.id === SERVICE.sunday)!;
    const daily = services.find((s) => s.id === SERVICE.daily)!;
    const boxing = parseDay('2026-12-28');
    const christmas = parseDay('2026-12-25');
    expect(wd.exceptions).toContainEqual({ day: boxing, type: 2 });
    expect(sun.exceptions).toContainEqual({ day: boxing, type: 1 });
    expect(wd.exceptions).toContainEqual({ day: christmas, type: 2 });
    expect(daily.exceptions).toEqual([
      { day: christmas, type: 2 },
      { day: parseDay('2027-12-25'), type: 2 },
    ]);
    const secondJan = parseDay('2027-01-04');
    expect(services.find((s) => s.id === SERVICE.saturday)!.exceptions).toContainEqual({
      day: secondJan,
      type: 1,
    });
  });

  it('clip the summer season to June–September inside the window', () => {
    expect(summerSeasons(v).map((s) => [isoDate(s.start), isoDate(s.end)])).toEqual([
      ['2027-06-01', '2027-09-30'],
    ]);
    const midSummer = validityFrom(parseDay('2026-07-15'));
    expect(summerSeasons(midSummer).map((s) => [isoDate(s.start), isoDate(s.end)])).toEqual([
      ['2026-07-15', '2026-09-30'],
      ['2027-06-01', '2027-08-19'],
    ]);
  });

  it('rejects a malformed or impossible date', () => {
    expect(() => parseDay('2026-02-30')).toThrow(/not a real date/);
    expect(() => parseDay('22/11/2026')).toThrow(/YYYY-MM-DD/);
  });
});
