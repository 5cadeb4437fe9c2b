import { Journey, type StepLive } from '@cairn/contracts';
import type { JourneyCheck } from '@cairn/engine';
import { describe, expect, it } from 'vitest';
import { loadJourney } from '../../../contracts/test/fixtures.ts';
import { journeyLiveUpdate } from '../../src/live/journeyLiveUpdate.ts';

const LONDON = 'Europe/London';
const BUS = 1;

function live(version: string, fields: Partial<StepLive> = {}): StepLive {
  return {
    version,
    status: 'scheduled',
    cancelled: false,
    stop_skipped: false,
    scheduled_departure_time: '09:05',
    scheduled_arrival_time: '09:25',
    departure_delay_sec: 0,
    arrival_delay_sec: 0,
    alerts: [],
    trip: {
      feed_id: 'bus',
      trip_id: 'T1',
      route_id: 'R1',
      agency_id: 'A1',
      service_date: '2026-11-30',
      from_stop_id: 'S1',
      to_stop_id: 'S2',
    },
    ...fields,
  };
}

/** The fixture journey as planned on version live-1: its bus ride carries `live`. */
function planned(): Journey {
  const j = loadJourney('walk-bus-walk-return');
  j.depart.steps[BUS] = { ...j.depart.steps[BUS]!, live: live('live-1') };
  return j;
}

const cancelledAt = (version: string, atIso: string): JourneyCheck => ({
  version,
  status: 'broken',
  updatedSteps: [{ leg: 'depart', step: BUS, live: live(version, { status: 'cancelled', cancelled: true }) }],
  broken: {
    reason: 'cancelled',
    leg: 'depart',
    step: BUS,
    replanFrom: { name: 'Aviemore Station', lat: 57.19, lng: -3.83, atSec: Date.parse(atIso) / 1000 },
  },
});

describe('journeyLiveUpdate', () => {
  it('moves a late ride to its live times and keeps the timetable in `live`', () => {
    const late = live('live-2', { status: 'late', departure_delay_sec: 420, arrival_delay_sec: 300 });
    const update = journeyLiveUpdate(
      planned(),
      { version: 'live-2', status: 'changed', updatedSteps: [{ leg: 'depart', step: BUS, live: late }] },
      LONDON,
    )!;
    expect(update.status).toBe('changed');
    expect(update.liveBreak).toBeUndefined();
    const ride = update.document.depart.steps[BUS]!;
    expect([ride.departure_time, ride.arrival_time]).toEqual(['09:12', '09:30']);
    // Its duration is the 18 minutes between the live times shown, not the timetable's 20.
    expect(ride.duration).toEqual({
      text: '18 mins',
      value: planned().depart.steps[BUS]!.duration.value - 120,
    });
    expect(ride.live).toEqual(late);
    // The other steps and the stored input are left alone; the document is still a contract Journey.
    expect(update.document.depart.steps[0]).toEqual(planned().depart.steps[0]);
    expect(planned().depart.steps[BUS]!.departure_time).toBe('09:05');
    expect(Journey.safeParse(update.document).success).toBe(true);
  });

  it('maps a break to live_break with the re-plan time on the region clock (GMT and BST)', () => {
    const winter = journeyLiveUpdate(planned(), cancelledAt('live-3', '2026-11-30T09:05:00Z'), LONDON)!;
    expect(winter.status).toBe('broken');
    expect(winter.liveBreak).toEqual({
      reason: 'cancelled',
      leg: 'depart',
      step: BUS,
      live_version: 'live-3',
      replan_from: {
        name: 'Aviemore Station',
        location: { lat: 57.19, lng: -3.83 },
        out_time: '2026/11/30 09:05:00',
      },
    });
    expect(winter.document.live_break).toEqual(winter.liveBreak);
    const summer = journeyLiveUpdate(planned(), cancelledAt('live-3', '2026-06-01T08:00:00Z'), LONDON)!;
    expect(summer.liveBreak?.replan_from.out_time).toBe('2026/06/01 09:00:00');
  });

  it('says nothing when a newer version finds the same break again', () => {
    const first = journeyLiveUpdate(planned(), cancelledAt('live-3', '2026-11-30T09:05:00Z'), LONDON)!;
    const again: JourneyCheck = { ...cancelledAt('live-4', '2026-11-30T09:05:00Z'), updatedSteps: [] };
    expect(journeyLiveUpdate(first.document, again, LONDON)).toBeUndefined();
    expect(
      journeyLiveUpdate(planned(), { version: 'live-4', status: 'unchanged', updatedSteps: [] }, LONDON),
    ).toBeUndefined();
  });

  it('drops live_break when the trip runs again', () => {
    const broken = journeyLiveUpdate(planned(), cancelledAt('live-3', '2026-11-30T09:05:00Z'), LONDON)!;
    const restored = journeyLiveUpdate(
      broken.document,
      {
        version: 'live-5',
        status: 'changed',
        updatedSteps: [{ leg: 'depart', step: BUS, live: live('live-5', { status: 'on time' }) }],
      },
      LONDON,
    )!;
    expect(restored.status).toBe('changed');
    expect(restored.document.live_break).toBeUndefined();
    expect(restored.document.depart.steps[BUS]!.live?.cancelled).toBe(false);
  });
});
