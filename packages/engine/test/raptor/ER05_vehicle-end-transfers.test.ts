// Feature under test: a vehicle first or last mile (a lift, a taxi) joins the rides by a walking change (bus, walk to the station, lift), in both routers and both directions, instead of a train ridden out and back to the station.
import { describe, expect, it } from 'vitest';
import { formatLocalIso } from '../../src/format/localTime.ts';
import { McRaptor } from '../../src/raptor/mcRaptor.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import type { AccessLeg, RaptorJourney, SearchDirection } from '../../src/raptor/types.ts';
import { localToEpochSec } from '../../src/time/serviceDay.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { baseFeed, timetableFrom } from '../support/inlineFeed.ts';
import { findJourneyProblem } from './support/checkJourney.ts';

const DATE = 20260603;

// Bus 1 runs Oldtown–Albyn Place (a stop 2 minutes' walk from the station) and back; trains run
// from the station to Xton and back. The lift meets the traveller at the station only.
const tt = timetableFrom(
  baseFeed({
    'stops.txt': `stop_id,stop_name,stop_lat,stop_lon
      O,Oldtown,57.000,-3.800
      A,Albyn Place,57.100,-3.800
      S,Station,57.101,-3.800
      X,Xton,57.200,-3.800`,
    'routes.txt': `route_id,agency_id,route_short_name,route_long_name,route_type
      R1,AG,1,Bus,3
      R2,AG,T,Train,2`,
    'trips.txt': `route_id,service_id,trip_id
      R1,ALL,B1
      R1,ALL,B2
      R2,ALL,T1
      R2,ALL,T2
      R2,ALL,T3
      R2,ALL,T4`,
    'stop_times.txt': `trip_id,arrival_time,departure_time,stop_id,stop_sequence
      B1,09:00:00,09:00:00,O,1
      B1,09:30:00,09:30:00,A,2
      T1,09:35:00,09:35:00,S,1
      T1,09:45:00,09:45:00,X,2
      T2,09:50:00,09:50:00,X,1
      T2,10:00:00,10:00:00,S,2
      T3,16:40:00,16:40:00,S,1
      T3,16:50:00,16:50:00,X,2
      T4,16:55:00,16:55:00,X,1
      T4,17:00:00,17:00:00,S,2
      B2,17:05:00,17:05:00,A,1
      B2,17:35:00,17:35:00,O,2`,
    'transfers.txt': `from_stop_id,to_stop_id,transfer_type,min_transfer_time
      A,S,2,120
      S,A,2,120`,
  }),
);
const view = new TransitView(tt, DATE);
const stop = (id: string): number => tt.findStopById(`f:${id}`)!;
const clock = (sec: number): string => formatLocalIso(tt.timezone, view.epochZeroSec + sec).slice(11, 16);
const name = (s: number): string => tt.meta.stopNames[s]!;

/** One line per journey: each leg with its stops and times. */
function describeJourney(j: RaptorJourney): string {
  return j.legs
    .map((l) => {
      if (l.kind === 'transit')
        return `ride ${name(l.boardStop)} ${clock(l.startSec)} → ${name(l.alightStop)} ${clock(l.endSec)}`;
      if (l.kind === 'transfer') return `walk ${name(l.from)} → ${name(l.to)} ${l.durationSec / 60} min`;
      return `${l.kind} ${l.mode}#${l.index} ${name(l.stop)} ${clock(l.startSec)}–${clock(l.endSec)}`;
    })
    .join(' | ');
}

function plan(
  router: Raptor | McRaptor,
  direction: SearchDirection,
  hhmm: string,
  access: AccessLeg[],
  egress: AccessLeg[],
): string[] {
  const [h, m] = hhmm.split(':').map(Number);
  const timeSec = localToEpochSec(tt.timezone, DATE, h! * 3600 + m! * 60) - view.epochZeroSec;
  const { journeys } = router.route({ direction, timeSec, access, egress });
  for (const j of journeys) expect(findJourneyProblem(view, j, access, egress)).toBeUndefined();
  return journeys.map(describeJourney);
}

// A far-off car leg first, so that the leg used has index 1 in the caller's list.
const far = (s: string): AccessLeg => ({ stopIdx: stop(s), durationSec: 7200, mode: 'car' });
const carAt = (s: string): AccessLeg => ({ stopIdx: stop(s), durationSec: 600, mode: 'car' });
const walkAt = (s: string, durationSec = 0): AccessLeg => ({ stopIdx: stop(s), durationSec, mode: 'walk' });

const routers = [
  ['Raptor', () => new Raptor(view, 3)],
  ['McRaptor', () => new McRaptor(view, 3)],
] as const;

describe('ER05 a vehicle end leg joins the rides by a walking change', () => {
  for (const [label, make] of routers) {
    it(`${label}: bus, walk to the station, lift (not a train out and back), depart-after and arrive-by`, () => {
      const router = make();
      const expected = [
        'access walk#0 Oldtown 09:00–09:00 | ride Oldtown 09:00 → Albyn Place 09:30 | ' +
          'walk Albyn Place → Station 2 min | egress car#1 Station 09:32–09:42',
      ];
      const egress = [far('O'), carAt('S')];
      expect(plan(router, 'depart-after', '08:50', [walkAt('O')], egress)).toEqual(expected);
      expect(plan(router, 'arrive-by', '10:15', [walkAt('O')], egress)).toEqual(expected);
    });

    it(`${label}: lift to the station, walk to the bus stop, bus (the mirror), depart-after and arrive-by`, () => {
      const router = make();
      const expected = [
        'access car#1 Station 16:53–17:03 | walk Station → Albyn Place 2 min | ' +
          'ride Albyn Place 17:05 → Oldtown 17:35 | egress walk#0 Oldtown 17:35–17:35',
      ];
      const access = [far('X'), carAt('S')];
      expect(plan(router, 'depart-after', '16:00', access, [walkAt('O')])).toEqual(expected);
      expect(plan(router, 'arrive-by', '18:00', access, [walkAt('O')])).toEqual(expected);
    });

    it(`${label}: a walking end leg is not extended (the caller's walks reach every stop they mean)`, () => {
      const router = make();
      for (const direction of ['depart-after', 'arrive-by'] as const) {
        const found = plan(
          router,
          direction,
          direction === 'arrive-by' ? '10:15' : '08:50',
          [walkAt('O')],
          [walkAt('S', 600)],
        );
        expect(found.length).toBeGreaterThan(0);
        // As before: the walk to the destination starts where a ride alights.
        for (const j of found)
          expect(j).toMatch(/\| ride [^|]* → Station \d\d:\d\d \| egress walk#0 Station/);
      }
    });
  }
});
