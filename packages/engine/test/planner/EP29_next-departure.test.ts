// Feature under test: the next departure from the stops near a start (planner/nextDeparture.ts), named when nothing runs.
import { describe, expect, it } from 'vitest';
import { findNextDeparture } from '../../src/planner/nextDeparture.ts';
import { localToEpochSec } from '../../src/time/serviceDay.ts';
import { timetableFrom } from '../support/inlineFeed.ts';

const TZ = 'Europe/London';

/**
 * Line D (A → B → C) on Mondays only: at 09:00 from A, and a late run leaving A at 25:10 (01:10 on
 * Tuesday); line X runs B → A on Saturdays and ends on 19 December 2026.
 */
const FEED = {
  'agency.txt':
    'agency_id,agency_name,agency_url,agency_timezone\nX,Bus Co,https://bus.example,Europe/London',
  'stops.txt':
    'stop_id,stop_name,stop_lat,stop_lon\nA,Afton Corner,50.68,-1.51\nB,Brook,50.69,-1.50\nC,Chale,50.70,-1.49',
  'routes.txt':
    'route_id,agency_id,route_short_name,route_long_name,route_type\nD,X,D,,3\nX,X,,Brook Shuttle,3',
  'trips.txt': 'route_id,service_id,trip_id,trip_headsign\nD,MON,D1,\nD,MON,D2,\nX,SAT,X1,Afton',
  'stop_times.txt': [
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
    'D1,09:00:00,09:00:00,A,1',
    'D1,09:10:00,09:10:00,B,2',
    'D1,09:20:00,09:20:00,C,3',
    'D2,25:10:00,25:10:00,A,1',
    'D2,25:20:00,25:20:00,B,2',
    'D2,25:30:00,25:30:00,C,3',
    'X1,12:00:00,12:00:00,B,1',
    'X1,12:10:00,12:10:00,A,2',
  ].join('\n'),
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n' +
    'MON,1,0,0,0,0,0,0,20260101,20271231\nSAT,0,0,0,0,0,1,0,20260101,20261219',
};

const tt = timetableFrom(FEED);
const stop = (id: string) => tt.findStopById(`f:${id}`)!;
const local = (date: number, hh: number, mm = 0) => localToEpochSec(TZ, date, hh * 3600 + mm * 60);

describe('the next departure from the stops near a start', () => {
  it('finds the first boardable run days ahead, with its line, stop and the last stop when it has no headsign', () => {
    // Saturday 28 November 2026 at 13:00: X left B at 12:00; nothing until Monday's D at 09:00.
    const next = findNextDeparture(tt, [stop('A'), stop('B')], local(20261128, 13), TZ);
    expect(next).toMatchObject({ stopName: 'Afton Corner', line: 'D', towards: 'Chale' });
    expect(next!.departSec).toBe(local(20261130, 9));
  });

  it("counts a run of the day before past midnight (25:10 is Tuesday's 01:10), and a line's long name and headsign", () => {
    expect(findNextDeparture(tt, [stop('A')], local(20261201, 0, 30), TZ)!.departSec).toBe(
      local(20261201, 1, 10),
    );
    expect(findNextDeparture(tt, [stop('B')], local(20261205, 8), TZ)).toMatchObject({
      line: 'Brook Shuttle',
      towards: 'Afton',
      stopName: 'Brook',
    });
  });

  it('never offers a stop where the run only sets down, and says none when nothing leaves in the next week', () => {
    // C is every D run's last stop: nothing boards there.
    expect(findNextDeparture(tt, [stop('C')], local(20261128, 13), TZ)).toBeUndefined();
    // After X ends (19 December 2026), B's only runs are D's on Mondays: Tuesday to the next Monday is 6 days.
    // After every calendar has ended (31 December 2027), none.
    expect(findNextDeparture(tt, [stop('A'), stop('B')], local(20271231, 10), TZ)).toBeUndefined();
    expect(findNextDeparture(tt, [stop('B')], local(20261222, 10), TZ)!.departSec).toBe(
      local(20261228, 9, 10),
    );
  });

  it('prefers a later run that goes on to the destination over an earlier one the other way (it named the first of any)', () => {
    // Saturday 28 November 2026 at 11:00 at Brook: X leaves at 12:00 for Afton; D leaves on Monday at 09:10 for Chale.
    const towardsChale = findNextDeparture(tt, [stop('B')], local(20261128, 11), TZ, new Set([stop('C')]));
    expect(towardsChale).toMatchObject({ line: 'D', towards: 'Chale', servesDestination: true });
    expect(towardsChale!.departSec).toBe(local(20261130, 9, 10));
    // Towards Afton, X at 12:00 is the answer.
    expect(findNextDeparture(tt, [stop('B')], local(20261128, 11), TZ, new Set([stop('A')]))).toMatchObject({
      line: 'Brook Shuttle',
      servesDestination: true,
    });
  });

  it('when no run of the week goes towards the destination, names the first of any and says it does not', () => {
    // Nothing boarding at Brook ever sets down at Brook again.
    const next = findNextDeparture(tt, [stop('B')], local(20261128, 11), TZ, new Set([stop('B')]));
    expect(next).toMatchObject({ line: 'Brook Shuttle', towards: 'Afton', servesDestination: false });
    expect(next!.departSec).toBe(local(20261128, 12));
  });
});
