// Feature under test: calendar.txt weekdays and date range, calendar_dates additions and removals, dates-only services.
import { describe, expect, it } from 'vitest';
import { baseFeed, firstBoardingIso, timetableFrom } from '../support/inlineFeed.ts';

const tt = timetableFrom(
  baseFeed({
    'calendar.txt': `service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
      WK,1,1,1,1,1,0,0,20260601,20260630`,
    'calendar_dates.txt': `service_id,date,exception_type
      WK,20260610,2
      WK,20260613,1
      ONLY,20260614,1`,
    'trips.txt': 'route_id,service_id,trip_id\nR1,WK,T1\nR1,ONLY,T2',
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
      T1,09:00:00,09:00:00,A,1
      T1,09:10:00,09:10:00,B,2
      T2,11:00:00,11:00:00,A,1
      T2,11:10:00,11:10:00,B,2`,
  }),
);
/** First boarding (local ISO, minutes) searching from 08:00 on `date`; the search also sees the next day. */
const at = (date: number): string | undefined =>
  firstBoardingIso(tt, 'f:A', 'f:B', date, '08:00')?.slice(0, 16);

describe('calendars', () => {
  it('runs on weekdays in range', () => expect(at(20260609)).toBe('2026-06-09T09:00'));
  // Searches reach 24 h ahead (maxDurationSec), so the next day's 09:00 run is out of reach from 08:00.
  it('not on a removed weekday (exception_type 2)', () => expect(at(20260610)).toBeUndefined());
  it('but again the day after', () => expect(at(20260611)).toBe('2026-06-11T09:00'));
  it('on an added Saturday (exception_type 1)', () => expect(at(20260613)).toBe('2026-06-13T09:00'));
  it('not on an ordinary Saturday or Sunday', () => expect(at(20260620)).toBeUndefined());
  it('not after end_date', () => expect(at(20260701)).toBeUndefined());
  it('a service defined only in calendar_dates runs on its date', () =>
    expect(at(20260614)).toBe('2026-06-14T11:00'));
});
