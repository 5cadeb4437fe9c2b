// Feature under test: RAPTOR on a live version answers what the independent reference search answers on the timetable with the same changes written in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RtTripUpdate } from '../../src/realtime/decodeFeed.ts';
import { makeLiveVersion } from '../../src/realtime/liveVersion.ts';
import { patchesFromTripUpdates } from '../../src/realtime/tripUpdates.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import { dateToDayNumber, serviceDayStartEpochSec } from '../../src/time/serviceDay.ts';
import type { TimetableInput } from '../../src/timetable/types.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { findJourneyProblem } from '../raptor/support/checkJourney.ts';
import {
  frontierOf,
  makeReferenceNetwork,
  paretoFromPerK,
  referenceEarliest,
} from '../raptor/support/reference.ts';
import { randomNetwork } from '../support/randomNetwork.ts';

const DATE = 20260603;
const DAY = dateToDayNumber(DATE);
const ZERO = serviceDayStartEpochSec('UTC', DATE);
const MAX_TRANSFERS = 3;
const HORIZON = 48 * 3600;

interface Change {
  trip: number;
  cancel: boolean;
  delaySec: number;
  skip: number[];
}

/** The timetable input with the changes written in by hand: the changed trip leaves DAY, a one-day copy with the live times joins. */
function overlaidInput(input: TimetableInput, changes: Change[]): TimetableInput {
  const services = [...input.services];
  const trips = [...input.trips];
  const today =
    services.push({
      feed: 0,
      id: 'live-day',
      weekdays: 0,
      startDay: DAY,
      endDay: DAY,
      addedDays: [DAY],
      removedDays: [],
    }) - 1;
  for (const c of changes) {
    const t = input.trips[c.trip]!;
    const s = input.services[t.service]!;
    const without =
      services.push({
        ...s,
        id: `${s.id}-not-today-${c.trip}`,
        addedDays: s.addedDays.filter((d) => d !== DAY),
        removedDays: [...s.removedDays, DAY],
      }) - 1;
    trips[c.trip] = { ...t, service: without };
    if (c.cancel) continue;
    const pickupType = Uint8Array.from(t.pickupType);
    const dropOffType = Uint8Array.from(t.dropOffType);
    for (const p of c.skip) {
      pickupType[p] = 1;
      dropOffType[p] = 1;
    }
    trips.push({
      ...t,
      id: `${t.id}-live`,
      service: today,
      arrivals: t.arrivals.map((x) => x + c.delaySec),
      departures: t.departures.map((x) => x + c.delaySec),
      pickupType,
      dropOffType,
    });
  }
  return { ...input, services, trips };
}

/**
 * The same changes as a producer would send them: a delay at the first stop (or for the whole trip
 * when the first stop is skipped, as a skipped stop carries no times), skipped stops, cancellations.
 */
function feedOf(input: TimetableInput, changes: Change[]): RtTripUpdate[] {
  return changes.map((c) => {
    const firstSkipped = c.skip.includes(0);
    const delay = { delaySec: c.delaySec };
    return {
      entityId: `e${c.trip}`,
      trip: {
        tripId: input.trips[c.trip]!.id.slice('gen:'.length),
        startDate: String(DATE),
        relationship: c.cancel ? 'CANCELED' : 'SCHEDULED',
      },
      ...(firstSkipped ? { delaySec: c.delaySec } : {}),
      stopTimeUpdates: c.cancel
        ? []
        : [
            ...(firstSkipped
              ? []
              : [{ stopSequence: 1, arrival: delay, departure: delay, relationship: 'SCHEDULED' as const }]),
            ...c.skip.map((p) => ({ stopSequence: p + 1, relationship: 'SKIPPED' as const })),
          ],
    };
  });
}

const legsArb = (stops: number) =>
  fc.array(
    fc.record({
      stopIdx: fc.nat(stops - 1),
      durationSec: fc.integer({ min: 0, max: 900 }),
      mode: fc.constant('walk'),
    }),
    {
      minLength: 1,
      maxLength: 3,
    },
  );

describe('L03 live routing against the reference', () => {
  it('earliest arrival per vehicle count on live views equals the reference on the overlaid timetable (1,200 queries)', () => {
    let compared = 0;
    let withJourney = 0;
    let changedRides = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { input, tt } = randomNetwork(seed, 60, DATE);
      const base = new TransitView(tt, DATE);
      // Trips of the day that the feed can name unambiguously (one run, running today).
      const running = input.trips.flatMap((t, i) => {
        const stored = tt.a.tripInfo.indexOf(tt.meta.tripInfoIds.indexOf(t.id));
        const runsToday = base['slotTrips'].some(
          (list, slot) => base.dayNumbers[slot] === DAY && list.includes(stored),
        );
        return t.runShiftsSec || t.headwaySec > 0 || !runsToday ? [] : [i];
      });
      fc.assert(
        fc.property(
          fc.array(
            fc.record({
              pick: fc.nat(),
              cancel: fc.boolean(),
              delaySec: fc.integer({ min: -300, max: 2400 }),
              skip: fc.array(fc.nat(10), { maxLength: 2 }),
            }),
            { minLength: 10, maxLength: 60 },
          ),
          legsArb(tt.stopCount),
          legsArb(tt.stopCount),
          fc.integer({ min: 5 * 3600, max: 22 * 3600 }),
          (wishes, access, egress, timeSec) => {
            const byTrip = new Map<number, Change>();
            for (const w of wishes) {
              const trip = running[w.pick % running.length]!;
              const n = input.trips[trip]!.stops.length;
              byTrip.set(trip, {
                trip,
                cancel: w.cancel,
                delaySec: w.delaySec,
                skip: [...new Set(w.skip.map((p) => p % n))],
              });
            }
            const changes = [...byTrip.values()];
            const { patches, report } = patchesFromTripUpdates(tt, 'gen', feedOf(input, changes), ZERO);
            expect(report.unmatched).toEqual({});
            const view = new TransitView(tt, DATE, 'UTC', makeLiveVersion('v', tt, 0, patches, [], []));
            const res = new Raptor(view, MAX_TRANSFERS).route({
              direction: 'depart-after',
              timeSec,
              access,
              egress,
              maxDurationSec: 10 * 86_400,
            });
            const ref = makeReferenceNetwork(overlaidInput(input, changes), tt, DAY);
            const expected = paretoFromPerK(
              referenceEarliest(ref, timeSec, access, egress, MAX_TRANSFERS + 1, false),
            ).filter((e) => e.time < HORIZON);
            const got = frontierOf(res.journeys, HORIZON);
            expect(got).toEqual(expected);
            for (const j of res.journeys) {
              expect(findJourneyProblem(view, j, access, egress)).toBeUndefined();
              changedRides += j.legs.filter((l) => l.kind === 'transit' && l.trip >= tt.tripCount).length;
            }
            compared++;
            if (got.length > 0) withJourney++;
          },
        ),
        { seed, numRuns: 100 },
      );
    }
    expect(compared).toBe(1200);
    expect(withJourney).toBeGreaterThan(300);
    // Live runs must actually be ridden, or the comparison proves little about them.
    expect(changedRides).toBeGreaterThan(100);
  });
});
