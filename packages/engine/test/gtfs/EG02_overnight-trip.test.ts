// Feature under test: times past 24:00 belong to the previous service day and are found the next morning.
import { describe, expect, it } from 'vitest';
import { baseFeed, planPaths, timetableFrom } from '../support/inlineFeed.ts';

const feed = baseFeed({
  'calendar.txt': `service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date
    MON,1,0,0,0,0,0,0,20260101,20271231`,
  'trips.txt': 'route_id,service_id,trip_id\nR1,MON,NIGHT',
  'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
    NIGHT,23:50:00,23:50:00,A,1
    NIGHT,24:20:00,24:20:00,B,2
    NIGHT,25:05:00,25:05:00,C,3`,
});

describe('overnight trips', () => {
  const tt = timetableFrom(feed);
  it('depart-after on Monday evening rides through midnight', () => {
    expect(planPaths(tt, 'f:A', 'f:C', 20260601, '23:30')).toEqual(['Alpha ~ BUS 1 23:50 01:05 ~ Charlie']);
  });
  it('boarding after midnight on Tuesday uses Monday’s trip', () => {
    expect(planPaths(tt, 'f:B', 'f:C', 20260602, '00:10')).toEqual(['Bravo ~ BUS 1 00:20 01:05 ~ Charlie']);
  });
  it('arrive-by on Tuesday 01:30 finds Monday’s trip', () => {
    expect(planPaths(tt, 'f:A', 'f:C', 20260602, '01:30', 'arrive-by')).toEqual([
      'Alpha ~ BUS 1 23:50 01:05 ~ Charlie',
    ]);
  });
  it('Tuesday night has no such trip (Monday-only service)', () => {
    expect(planPaths(tt, 'f:B', 'f:C', 20260603, '00:10')).toEqual([]);
  });
});
