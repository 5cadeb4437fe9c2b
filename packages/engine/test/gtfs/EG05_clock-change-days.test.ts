// Feature under test: GTFS times count from noon minus 12 h, so clock-change days in Europe/London are right.
import { describe, expect, it } from 'vitest';
import { baseFeed, firstBoardingIso, timetableFrom } from '../support/inlineFeed.ts';

const tt = timetableFrom(
  baseFeed({
    'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,EARLY\nR1,ALL,MORNING',
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
      EARLY,00:30:00,00:30:00,C,1
      EARLY,00:40:00,00:40:00,D,2
      MORNING,08:00:00,08:00:00,A,1
      MORNING,08:10:00,08:10:00,B,2`,
  }),
);

describe('clock-change days (Europe/London)', () => {
  it('08:00 is 08:00 local on the day before, of and after each change', () => {
    for (const date of [20260328, 20260329, 20260330, 20261024, 20261025, 20261026, 20270327, 20270328]) {
      const iso = firstBoardingIso(tt, 'f:A', 'f:B', date, '07:00');
      const d = String(date);
      expect(iso?.slice(0, 16)).toBe(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T08:00`);
    }
  });

  it('offsets are GMT before and BST after 29 Mar 2026, BST before and GMT after 25 Oct 2026', () => {
    expect(firstBoardingIso(tt, 'f:A', 'f:B', 20260328, '07:00')).toBe('2026-03-28T08:00:00+00:00');
    expect(firstBoardingIso(tt, 'f:A', 'f:B', 20260329, '07:00')).toBe('2026-03-29T08:00:00+01:00');
    expect(firstBoardingIso(tt, 'f:A', 'f:B', 20261025, '07:00')).toBe('2026-10-25T08:00:00+00:00');
    expect(firstBoardingIso(tt, 'f:A', 'f:B', 20270328, '07:00')).toBe('2027-03-28T08:00:00+01:00');
  });

  it('00:30 counts from noon minus 12 h: on 29 Mar 2026 that is 23:30 GMT of the evening before', () => {
    // Service day zero = 12:00 BST − 12 h = 23:00 GMT on 28 Mar, so 00:30 → 23:30 on 28 Mar (GMT).
    expect(firstBoardingIso(tt, 'f:C', 'f:D', 20260328, '23:00')).toBe('2026-03-28T23:30:00+00:00');
  });

  it('00:30 on 25 Oct 2026 is 01:30 BST (noon GMT − 12 h = 01:00 BST)', () => {
    expect(firstBoardingIso(tt, 'f:C', 'f:D', 20261025, '01:00')).toBe('2026-10-25T01:30:00+01:00');
  });
});
