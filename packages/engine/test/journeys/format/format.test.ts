// Feature under test: duration, distance, money and local-time text of the Journey document.
import { describe, expect, it } from 'vitest';
import { durationTextValue, formatDuration } from '../../../src/journeys/format/duration.ts';
import { formatDistance, metresToMiles } from '../../../src/journeys/format/distance.ts';
import { formatPence } from '../../../src/journeys/format/money.ts';
import {
  formatLocalDate,
  formatLocalTime,
  formatSearchDate,
  parseSearchDate,
} from '../../../src/journeys/format/localTime.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0 mins'],
    [59, '1 min'],
    [45 * 60, '45 mins'],
    [3600, '1 hr'],
    [3900, '1 hr 5 mins'],
    [2 * 3600 + 60, '2 hrs 1 min'],
  ])('%i s → %s', (sec, text) => expect(formatDuration(sec)).toBe(text));
  it('pairs text with the value in seconds', () =>
    expect(durationTextValue(3900.4)).toEqual({ text: '1 hr 5 mins', value: 3900 }));
});

describe('formatDistance', () => {
  it('uses the SPEC factor 0.00062137', () => expect(metresToMiles(1000)).toBeCloseTo(0.62137, 6));
  it.each([
    [400, '0.25 miles'],
    [1609.34, '1.0 mile'],
    [5000, '3.1 miles'],
    [40000, '25 miles'],
  ])('%i m → %s', (m, text) => expect(formatDistance(m)).toBe(text));
});

describe('formatPence', () => {
  it('writes pounds with two decimals and free for zero', () => {
    expect(formatPence(1240)).toBe('£12.40');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(0)).toBe('free');
  });
});

describe('local time in the region zone', () => {
  const tz = 'Europe/London';
  it('formats summer time (BST) and winter time (GMT)', () => {
    expect(formatLocalTime(tz, Date.UTC(2026, 5, 15, 8, 5) / 1000)).toBe('09:05');
    expect(formatLocalTime(tz, Date.UTC(2026, 0, 15, 8, 5) / 1000)).toBe('08:05');
    expect(formatLocalDate(tz, Date.UTC(2026, 5, 15, 23, 30) / 1000)).toBe('2026-06-16');
  });
  it('parses and formats the search date format', () => {
    const sec = parseSearchDate(tz, '2026/06/15 09:00:00');
    expect(sec).toBe(Date.UTC(2026, 5, 15, 8, 0) / 1000);
    expect(formatSearchDate(tz, sec ?? 0)).toBe('2026/06/15 09:00:00');
    expect(parseSearchDate(tz, '2026-06-15 09:00')).toBeUndefined();
    expect(parseSearchDate(tz, '2026/13/15 09:00:00')).toBeUndefined();
  });
});
