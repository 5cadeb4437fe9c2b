// Feature under test: frequencies.txt with exact_times 1 (fixed schedule) and 0 (headway-based).
import { describe, expect, it } from 'vitest';
import { readInline, baseFeed, firstBoardingIso, planPaths, timetableFrom } from '../support/inlineFeed.ts';

const feed = (exact: string): Record<string, string> =>
  baseFeed({
    'trips.txt': 'route_id,service_id,trip_id\nR1,ALL,F1',
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
      F1,00:00:00,00:00:00,A,1
      F1,00:10:00,00:10:00,B,2`,
    'frequencies.txt': `trip_id,start_time,end_time,headway_secs,exact_times
      F1,08:00:00,10:00:00,1800,${exact}`,
  });

describe('frequencies', () => {
  it('exact_times=1: runs every headway from start_time, end_time excluded (08:00 … 09:30)', () => {
    const tt = timetableFrom(feed('1'));
    expect(tt.tripCount).toBe(4);
    expect(planPaths(tt, 'f:A', 'f:B', 20260603, '09:01')).toEqual(['Alpha ~ BUS 1 09:30 09:40 ~ Bravo']);
    // After the last run the next one is tomorrow's first.
    expect(firstBoardingIso(tt, 'f:A', 'f:B', 20260603, '09:31')).toBe('2026-06-04T08:00:00+01:00');
    expect(Array.from(tt.a.tripHeadwaySec)).toEqual([0, 0, 0, 0]);
  });

  it('exact_times=0: the same nominal runs, flagged as headway-based', () => {
    const tt = timetableFrom(feed('0'));
    expect(tt.tripCount).toBe(4);
    expect(planPaths(tt, 'f:A', 'f:B', 20260603, '08:10')).toEqual(['Alpha ~ BUS 1 08:30 08:40 ~ Bravo']);
    expect(Array.from(tt.a.tripHeadwaySec)).toEqual([1800, 1800, 1800, 1800]);
  });

  it('a frequency row with a zero headway is skipped with a warning', () => {
    const r = readInline(
      baseFeed({ 'frequencies.txt': 'trip_id,start_time,end_time,headway_secs\nT1,08:00:00,09:00:00,0' }),
    );
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ file: 'frequencies.txt', line: 2, field: 'headway_secs' }),
    );
  });
});
