// Feature under test: the search date window — region wall-clock times, now … 6 months, return ≥ outbound.
import { describe, expect, it } from 'vitest';
import {
  addMonthsLocal,
  checkSearchWindow,
  formatLocal,
  isRealSearchDate,
} from '../../src/search/searchWindow.ts';

const TZ = 'Europe/London';

describe('formatLocal', () => {
  it('writes the region wall clock, in summer and in winter', () => {
    expect(formatLocal(new Date('2026-07-01T08:30:00Z'), TZ)).toBe('2026/07/01 09:30:00');
    expect(formatLocal(new Date('2026-12-01T08:30:00Z'), TZ)).toBe('2026/12/01 08:30:00');
    expect(formatLocal(new Date('2026-12-31T23:59:59Z'), TZ)).toBe('2026/12/31 23:59:59');
  });
});

describe('isRealSearchDate', () => {
  it.each([
    ['2026/02/28 10:00:00', true],
    ['2028/02/29 10:00:00', true],
    ['2026/02/29 10:00:00', false],
    ['2026/04/31 10:00:00', false],
    ['2026/13/01 10:00:00', false],
    ['2026/01/01 24:00:00', false],
    ['2026/01/01 23:60:00', false],
  ])('%s → %s', (text, real) => {
    expect(isRealSearchDate(text)).toBe(real);
  });
});

describe('addMonthsLocal', () => {
  it('clamps the day to the end of the month and crosses years', () => {
    expect(addMonthsLocal('2026/08/31 12:00:00', 6)).toBe('2027/02/28 12:00:00');
    expect(addMonthsLocal('2027/08/31 12:00:00', 6)).toBe('2028/02/29 12:00:00');
    expect(addMonthsLocal('2026/01/15 00:00:00', 6)).toBe('2026/07/15 00:00:00');
  });
});

describe('checkSearchWindow', () => {
  const now = new Date('2026-11-22T10:00:00Z'); // 10:00 in London (GMT)

  it('accepts now (with a few minutes of grace) up to 6 months ahead', () => {
    expect(checkSearchWindow({ out_time: '2026/11/22 09:55:00' }, now, TZ)).toEqual({});
    expect(
      checkSearchWindow({ out_time: '2027/05/22 10:00:00', return_time: '2027/05/22 10:00:00' }, now, TZ),
    ).toEqual({});
  });

  it('refuses the past, beyond 6 months, and a return before the outbound', () => {
    expect(Object.keys(checkSearchWindow({ out_time: '2026/11/22 09:40:00' }, now, TZ))).toEqual([
      'out_time',
    ]);
    expect(Object.keys(checkSearchWindow({ out_time: '2027/05/22 10:00:01' }, now, TZ))).toEqual([
      'out_time',
    ]);
    expect(
      checkSearchWindow({ out_time: '2026/12/01 10:00:00', return_time: '2026/12/01 09:59:59' }, now, TZ),
    ).toEqual({
      return_time: ['The return must be after the outbound journey.'],
    });
    expect(
      Object.keys(
        checkSearchWindow({ out_time: '2026/12/01 10:00:00', return_time: '2027/06/01 10:00:00' }, now, TZ),
      ),
    ).toEqual(['return_time']);
  });

  it('compares in the region time zone, not UTC', () => {
    const summer = new Date('2026-07-01T08:30:00Z'); // 09:30 in London (BST)
    expect(Object.keys(checkSearchWindow({ out_time: '2026/07/01 09:00:00' }, summer, TZ))).toEqual([
      'out_time',
    ]);
    expect(checkSearchWindow({ out_time: '2026/07/01 09:25:00' }, summer, TZ)).toEqual({});
  });
});
