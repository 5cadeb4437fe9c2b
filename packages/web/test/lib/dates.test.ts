import { describe, expect, it, vi } from 'vitest';
import {
  addMonths,
  checkDateInWindow,
  dateLimits,
  formatDayLabel,
  formatDob,
  formatLongDay,
  formatSearchDate,
  fromInputValue,
  parseSearchDate,
  roundUpToStep,
  toInputValue,
  wallClockIn,
} from '../../src/lib/dates.ts';

describe('dates (SPEC §5)', () => {
  it('formats search dates as YYYY/MM/DD HH:mm:ss', () => {
    expect(formatSearchDate(new Date(2026, 0, 5, 7, 3, 9))).toBe('2026/01/05 07:03:09');
  });
  it('parses what it formats', () => {
    const d = new Date(2026, 10, 22, 9, 5, 0);
    expect(parseSearchDate(formatSearchDate(d))?.getTime()).toBe(d.getTime());
    expect(parseSearchDate('nonsense')).toBeUndefined();
    expect(fromInputValue(toInputValue(d))?.getTime()).toBe(d.getTime());
  });
  it('rounds up to 5-minute steps', () => {
    expect(toInputValue(roundUpToStep(new Date(2026, 0, 1, 9, 1, 30)))).toBe('2026-01-01T09:05');
    expect(toInputValue(roundUpToStep(new Date(2026, 0, 1, 9, 55, 0)))).toBe('2026-01-01T09:55');
    expect(toInputValue(roundUpToStep(new Date(2026, 0, 1, 23, 58)))).toBe('2026-01-02T00:00');
  });
  it('limits: min now, max 6 months ahead, return min = outbound', () => {
    const now = new Date(2026, 7, 31, 10, 0);
    const out = new Date(2026, 8, 2, 12, 0);
    const limits = dateLimits(now, out);
    expect(limits.outMin.getTime()).toBe(now.getTime());
    expect(limits.outMax.getMonth()).toBe(1);
    expect(limits.outMax.getDate()).toBe(28);
    expect(limits.returnMin.getTime()).toBe(out.getTime());
    expect(dateLimits(now, new Date(2020, 0, 1)).returnMin.getTime()).toBe(now.getTime());
  });
  it('adds months clamped to the month end', () => {
    expect(addMonths(new Date(2026, 0, 31), 1).getDate()).toBe(28);
  });
  it('explains out-of-window times', () => {
    const min = new Date(2026, 0, 1, 9, 0);
    const max = addMonths(min, 6);
    expect(checkDateInWindow(new Date(2025, 0, 1), min, max, 'outbound')).toMatch(/cannot be earlier/);
    expect(checkDateInWindow(addMonths(min, 7), min, max, 'outbound')).toMatch(/within 6 months/);
    expect(checkDateInWindow(new Date(2026, 1, 1), min, max, 'outbound')).toBeNull();
  });
  it('shows dob as DD-MM-YYYY', () => expect(formatDob('1990-04-07')).toBe('07-04-1990'));
  it('writes a long day as British English does, without Intl', () => {
    expect(formatLongDay('2022-01-10')).toBe('10 January 2022');
    expect(formatLongDay('2026-12-01')).toBe('1 December 2026');
    expect(formatLongDay('2026-13-01')).toBe('2026-13-01');
  });
});

describe('wallClockIn (form times are the region wall clock)', () => {
  const instant = new Date(Date.UTC(2026, 6, 1, 23, 30, 0)); // 00:30 next day in London (BST)
  const fields = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];
  it("reads the region's clock whatever the browser's zone", () => {
    expect(fields(wallClockIn('Europe/London', instant))).toEqual([2026, 7, 2, 0, 30]);
    expect(fields(wallClockIn('America/Los_Angeles', instant))).toEqual([2026, 7, 1, 16, 30]);
  });
  it("keeps the browser's clock when the zone is unknown or absent", () => {
    expect(wallClockIn(undefined, instant)).toBe(instant);
    expect(wallClockIn('Not/AZone', instant)).toBe(instant);
  });
});

describe('formatDayLabel', () => {
  it('writes a day without any Intl formatter (issue 31: a journey page spares ICU its date data)', () => {
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    expect(formatDayLabel('2026-11-28')).toBe('Sat, 28 Nov 2026');
    expect(dateFormat).not.toHaveBeenCalled();
    dateFormat.mockRestore();
  });

  it("gives en-GB Intl's text for every day of 2020 to 2030 (Sept, leap days and all)", () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    const differing: string[] = [];
    for (let day = new Date(2020, 0, 1); day.getFullYear() <= 2030; day.setDate(day.getDate() + 1)) {
      const iso = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
      if (formatDayLabel(iso) !== intl.format(day)) differing.push(`${iso}: ${formatDayLabel(iso)}`);
    }
    expect(differing).toEqual([]);
  });

  it('keeps text that is not a date as it is', () => {
    expect(formatDayLabel('soon')).toBe('soon');
  });
});
