// Feature under test: time-zone and service-day helpers.
import { describe, expect, it } from 'vitest';
import {
  dateToDayNumber,
  dayNumberToDate,
  localToEpochSec,
  parseGtfsDate,
  parseGtfsTime,
  parseLocalDateTime,
  serviceDayStartEpochSec,
  utcOffsetSec,
  weekdayOfDayNumber,
} from '../../src/time/serviceDay.ts';
import { formatLocalIso } from '../../src/format/localTime.ts';

/** The zone's offset as Intl names it ("GMT+05:45"), read independently of the engine's cache. */
function namedOffsetSec(timeZone: string, epochSec: number): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(epochSec * 1000))
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60) : 0;
}

describe('service days', () => {
  it('service day zero is noon minus 12 h: one hour off midnight on clock-change days', () => {
    expect(formatLocalIso('Europe/London', serviceDayStartEpochSec('Europe/London', 20260328))).toBe(
      '2026-03-28T00:00:00+00:00',
    );
    expect(formatLocalIso('Europe/London', serviceDayStartEpochSec('Europe/London', 20260329))).toBe(
      '2026-03-28T23:00:00+00:00',
    );
    expect(formatLocalIso('Europe/London', serviceDayStartEpochSec('Europe/London', 20261025))).toBe(
      '2026-10-25T01:00:00+01:00',
    );
    expect(formatLocalIso('Europe/London', serviceDayStartEpochSec('Europe/London', 20270328))).toBe(
      '2027-03-27T23:00:00+00:00',
    );
  });
  it('local times in the skipped hour move forward; in the repeated hour the first is taken', () => {
    expect(formatLocalIso('Europe/London', localToEpochSec('Europe/London', 20260329, 1.5 * 3600))).toBe(
      '2026-03-29T02:30:00+01:00',
    );
    expect(formatLocalIso('Europe/London', localToEpochSec('Europe/London', 20261025, 1.5 * 3600))).toBe(
      '2026-10-25T01:30:00+01:00',
    );
    expect(formatLocalIso('America/New_York', localToEpochSec('America/New_York', 20260601, 8 * 3600))).toBe(
      '2026-06-01T08:00:00-04:00',
    );
  });
  it('offsets are right to the second around clock changes, read twice (the second time from the cache)', () => {
    const changes: Array<[string, number]> = [
      ['Europe/London', Date.UTC(2026, 2, 29, 1) / 1000],
      ['Europe/Berlin', Date.UTC(2016, 9, 30, 1) / 1000],
      ['America/New_York', Date.UTC(2026, 10, 1, 6) / 1000],
      // A half-hour change (Lord Howe Island) and a quarter-hour zone (Nepal).
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 15) / 1000],
      ['Asia/Kathmandu', Date.UTC(2026, 0, 1) / 1000],
    ];
    for (const [zone, at] of changes)
      for (let round = 0; round < 2; round++)
        for (let t = at - 2 * 3600; t <= at + 2 * 3600; t += 7 * 60 + 13)
          for (const s of [t, at - 1, at, at + 1])
            expect([zone, s, utcOffsetSec(zone, s)]).toEqual([zone, s, namedOffsetSec(zone, s)]);
  });
  it('parses GTFS times past 24:00 and rejects malformed ones', () => {
    expect(parseGtfsTime('25:35:00')).toBe(25 * 3600 + 35 * 60);
    expect(parseGtfsTime(' 7:05:09')).toBe(7 * 3600 + 5 * 60 + 9);
    expect(parseGtfsTime('07:65:00')).toBeUndefined();
    expect(parseGtfsTime('7h')).toBeUndefined();
  });
  it('dates, day numbers and weekdays agree', () => {
    expect(parseGtfsDate('20280229')).toBe(20280229);
    expect(parseGtfsDate('20260229')).toBeUndefined();
    expect(parseGtfsDate('2026-01-01')).toBeUndefined();
    expect(dayNumberToDate(dateToDayNumber(20261025))).toBe(20261025);
    expect(weekdayOfDayNumber(dateToDayNumber(20260601))).toBe(0); // a Monday
    expect(weekdayOfDayNumber(dateToDayNumber(20260607))).toBe(6); // a Sunday
    expect(parseLocalDateTime('2026-06-01T09:05')).toEqual({
      date: 20260601,
      secondsOfDay: 9 * 3600 + 5 * 60,
    });
    expect(parseLocalDateTime('2026-13-01T09:05')).toBeUndefined();
  });
});
