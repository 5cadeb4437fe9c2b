// Feature under test: transfers.txt (types 0–3, min_transfer_time, stations standing for platforms) and generated footpaths.
import { describe, expect, it } from 'vitest';
import { planPaths, timetableFrom } from '../support/inlineFeed.ts';

/** Two lines meeting at station S (platforms S1, S2); W is a separate stop 150 m from S2. */
function stationFeed(transfers?: string): Record<string, string> {
  const files: Record<string, string> = {
    'agency.txt':
      'agency_id,agency_name,agency_url,agency_timezone\nAG,Metro,https://example.invalid,America/New_York',
    'stops.txt': `stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station
      A,Alpha,40.700,-74.000,0,
      S,Central,40.710,-74.000,1,
      S1,Central,40.710,-74.000,0,S
      S2,Central,40.7101,-74.0001,0,S
      W,West Side,40.7110,-74.0010,0,
      Z,Zulu,40.720,-74.000,0,`,
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\nL1,AG,1,1\nL2,AG,2,1\nL3,AG,3,1',
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nD,1,1,1,1,1,1,1,20260101,20271231',
    'trips.txt': 'route_id,service_id,trip_id\nL1,D,T1\nL2,D,T2a\nL2,D,T2b\nL3,D,T3',
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
      T1,08:00:00,08:00:00,A,1
      T1,08:10:00,08:10:00,S1,2
      T2a,08:12:00,08:12:00,S2,1
      T2a,08:20:00,08:20:00,Z,2
      T2b,08:30:00,08:30:00,S2,1
      T2b,08:38:00,08:38:00,Z,2
      T3,08:14:00,08:14:00,W,1
      T3,08:40:00,08:40:00,Z,2`,
  };
  if (transfers) files['transfers.txt'] = transfers;
  return files;
}
const paths = (files: Record<string, string>): string[] =>
  planPaths(timetableFrom(files, { footpathRadiusM: 400 }), 'f:A', 'f:Z', 20260603, '07:50');

describe('transfers', () => {
  it('without transfers.txt, footpaths within the radius connect the platforms (straight line × detour)', () => {
    expect(paths(stationFeed())).toEqual([
      'Alpha ~ SUBWAY 1 08:00 08:10 ~ Central ~ Walk 0m ~ Central ~ SUBWAY 2 08:12 08:20 ~ Zulu',
    ]);
  });

  it('a station-level type 2 row applies to its platforms (as in the NYC subway feed)', () => {
    const t = 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nS,S,2,300';
    expect(paths(stationFeed(t))).toEqual([
      'Alpha ~ SUBWAY 1 08:00 08:10 ~ Central ~ Walk 5m ~ Central ~ SUBWAY 2 08:30 08:38 ~ Zulu',
    ]);
  });

  it('a platform-level row wins over the station row', () => {
    const t = 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nS,S,2,300\nS1,S2,2,60';
    expect(paths(stationFeed(t))).toEqual([
      'Alpha ~ SUBWAY 1 08:00 08:10 ~ Central ~ Walk 1m ~ Central ~ SUBWAY 2 08:12 08:20 ~ Zulu',
    ]);
  });

  it('type 3 forbids the change; with transfers.txt present no footpath is invented, so no journey', () => {
    const t = 'from_stop_id,to_stop_id,transfer_type,min_transfer_time\nS1,S2,3,';
    expect(paths(stationFeed(t))).toEqual([]);
  });

  it('type 0 between two stops is timed as a walk', () => {
    const t = 'from_stop_id,to_stop_id,transfer_type\nS1,W,0';
    expect(paths(stationFeed(t))).toEqual([
      'Alpha ~ SUBWAY 1 08:00 08:10 ~ Central ~ Walk 2m ~ West Side ~ SUBWAY 3 08:14 08:40 ~ Zulu',
    ]);
  });

  it('several feeds load side by side with namespaced ids, and footpaths join them', () => {
    const a = stationFeed();
    const b: Record<string, string> = {
      'agency.txt':
        'agency_name,agency_url,agency_timezone\nFerries,https://example.invalid,America/New_York',
      'stops.txt':
        'stop_id,stop_name,stop_lat,stop_lon\nZ,Zulu Pier,40.7201,-74.0001\nP,Pier Far,40.800,-74.000',
      'routes.txt': 'route_id,route_short_name,route_type\nF,Ferry,4',
      'calendar.txt':
        'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nD,1,1,1,1,1,1,1,20260101,20271231',
      'trips.txt': 'route_id,service_id,trip_id\nF,D,T1',
      'stop_times.txt':
        'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,08:30:00,08:30:00,Z,1\nT1,09:00:00,09:00:00,P,2',
    };
    const tt = timetableFrom([a, b], { footpathRadiusM: 400 });
    expect(tt.findStopById('f1:Z')).toBeDefined();
    expect(tt.findStopById('f2:Z')).toBeDefined();
    expect(planPaths(tt, 'f1:A', 'f2:P', 20260603, '07:50')).toEqual([
      'Alpha ~ SUBWAY 1 08:00 08:10 ~ Central ~ Walk 0m ~ Central ~ SUBWAY 2 08:12 08:20 ~ Zulu ~ Walk 0m ~ Zulu Pier ~ FERRY Ferry 08:30 09:00 ~ Pier Far',
    ]);
  });
});
