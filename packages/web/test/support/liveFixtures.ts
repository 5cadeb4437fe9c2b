import type { Journey, LiveBreak, StepLive } from '@cairn/contracts';
import { loadJourney } from '../../../contracts/test/fixtures.ts';

/** Live running of the contract fixture's outbound bus (timetabled 09:05–09:25), on time unless patched. */
export function busLive(patch: Partial<StepLive> = {}): StepLive {
  return {
    version: 'v1',
    status: 'on time',
    cancelled: false,
    stop_skipped: false,
    scheduled_departure_time: '09:05',
    scheduled_arrival_time: '09:25',
    departure_delay_sec: 0,
    arrival_delay_sec: 0,
    alerts: [],
    trip: {
      feed_id: 'demo',
      trip_id: 'T31-0905',
      route_id: 'R31',
      agency_id: 'EHB',
      service_date: '2026-11-27',
      from_stop_id: 'AVS',
      to_stop_id: 'GVC',
    },
    ...patch,
  };
}

/**
 * The fixture journey 'walk-bus-walk-return' with its outbound bus running as `live` says, at
 * `departure`–`arrival` (the step's live times), and the break when given.
 */
export function withBus(
  live: StepLive,
  departure = '09:05',
  arrival = '09:25',
  liveBreak?: LiveBreak,
): Journey {
  const journey = loadJourney('walk-bus-walk-return');
  const steps = journey.depart.steps.map((step, i) =>
    i === 1 ? { ...step, live, departure_time: departure, arrival_time: arrival } : step,
  );
  return {
    ...journey,
    depart: { ...journey.depart, steps },
    ...(liveBreak ? { live_break: liveBreak } : {}),
  };
}
