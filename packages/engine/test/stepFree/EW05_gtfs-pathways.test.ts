// Feature under test: GTFS pathways fill in a platform's step-free access where stops.txt leaves it empty; stops.txt values and parent inheritance stay as they were (issue #19).
import { describe, expect, it } from 'vitest';
import { readInline } from '../support/inlineFeed.ts';

const BASE = {
  'agency.txt': 'agency_id,agency_name,agency_url,agency_timezone\nA,Rail,https://r.example,Europe/London',
  'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR,A,R,2',
  'trips.txt': 'route_id,service_id,trip_id\nR,ALL,T',
  'calendar.txt':
    'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nALL,1,1,1,1,1,1,1,20260101,20261231',
  'stop_times.txt':
    'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT,09:00:00,09:00:00,P1,1\nT,09:10:00,09:10:00,Q,2',
};
// Station S (step-free at the station level) with an entrance E; platform P1 by a walkway, P2 only
// over stairs, P3 by an elevator, P4 only over stairs but marked step-free in stops.txt; and Q, a
// platform of station U (marked not step-free) that no pathway reaches.
const STOPS = `stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,wheelchair_boarding
S,Station,57.0,-3.8,1,,1
E,Entrance,57.0,-3.8,2,S,
P1,Platform 1,57.0,-3.8,0,S,
P2,Platform 2,57.0,-3.8,0,S,
P3,Platform 3,57.0,-3.8,0,S,
P4,Platform 4,57.0,-3.8,0,S,1
U,Other,57.1,-3.8,1,,2
Q,Other platform,57.1,-3.8,0,U,`;
const PATHWAYS = `pathway_id,from_stop_id,to_stop_id,pathway_mode,is_bidirectional
w1,E,P1,1,1
s2,E,P2,2,1
e3,E,P3,5,1
s4,E,P4,2,1`;

const wheelchairOf = (files: Record<string, string>) => {
  const read = readInline(files);
  if (!read.ok) throw new Error(JSON.stringify(read.warnings));
  return Object.fromEntries(read.feed.stops.map((s) => [s.id, s.wheelchair]));
};

describe('W05 pathways.txt and step-free platforms', () => {
  it('marks platforms reached without stairs step-free and those reached only by stairs not', () => {
    expect(wheelchairOf({ ...BASE, 'stops.txt': STOPS, 'pathways.txt': PATHWAYS })).toMatchObject({
      P1: 1,
      P2: 2,
      P3: 1,
      P4: 1,
      Q: 2,
    });
  });

  it('without pathways, platforms take their station value', () => {
    expect(wheelchairOf({ ...BASE, 'stops.txt': STOPS })).toMatchObject({ P1: 1, P2: 1, P3: 1, Q: 2 });
  });

  it('skips a pathway between unknown stops with a warning', () => {
    const read = readInline({ ...BASE, 'stops.txt': STOPS, 'pathways.txt': `${PATHWAYS}\nx,E,NOPE,1,1` });
    expect(read.ok && read.feed.stops.find((s) => s.id === 'P2')?.wheelchair).toBe(2);
    expect(read.warnings.some((w) => w.file === 'pathways.txt')).toBe(true);
  });
});
