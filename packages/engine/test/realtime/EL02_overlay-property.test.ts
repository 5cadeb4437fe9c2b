// Feature under test: whatever a TripUpdates feed says, the live overlay only ever yields possible trips and a view RAPTOR can route on.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RtStopTimeUpdate, RtTripUpdate } from '../../src/realtime/decodeFeed.ts';
import { makeLiveVersion } from '../../src/realtime/liveVersion.ts';
import { patchesFromTripUpdates } from '../../src/realtime/tripUpdates.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import { POS_NO_DROP_OFF, POS_NO_PICKUP } from '../../src/raptor/transitData.ts';
import { dateToDayNumber, serviceDayStartEpochSec } from '../../src/time/serviceDay.ts';
import type { TransitView } from '../../src/timetable/transitView.ts';
import { TransitView as View } from '../../src/timetable/transitView.ts';
import { randomNetwork } from '../support/randomNetwork.ts';
import { findJourneyProblem } from '../raptor/support/checkJourney.ts';

const DATE = 20260603;
const DAY = dateToDayNumber(DATE);
const ZERO = serviceDayStartEpochSec('UTC', DATE);

const eventArb = fc.option(
  fc.record(
    { delaySec: fc.integer({ min: -1800, max: 3600 }), timeSec: fc.integer({ min: -3600, max: 7200 }) },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);
const stopUpdateArb = fc.record({
  pos: fc.nat(12),
  arrival: eventArb,
  departure: eventArb,
  relationship: fc.constantFrom('SCHEDULED', 'SCHEDULED', 'SKIPPED', 'NO_DATA'),
});
const tripArb = fc.record({
  kind: fc.constantFrom('none', 'none', 'update', 'update', 'update', 'cancel'),
  tripDelay: fc.option(fc.integer({ min: -600, max: 1800 }), { nil: undefined }),
  stops: fc.array(stopUpdateArb, { maxLength: 5 }),
});

/** Arbitrary (often absurd) updates for the trips running on DATE, absolute times around the schedule. */
type Wish = typeof tripArb extends fc.Arbitrary<infer T> ? T : never;

function updatesFor(view: TransitView, wishes: Wish[]) {
  const tt = view.timetable;
  const out: RtTripUpdate[] = [];
  for (let t = 0; t < tt.tripCount; t++) {
    const w = wishes[t % wishes.length]!;
    if (w.kind === 'none' || tt.a.tripHeadwaySec[t]! > 0) continue;
    const id = tt.meta.tripInfoIds[tt.a.tripInfo[t]!]!;
    const ids = tt.meta.tripInfoIds.filter((x) => x === id);
    if (ids.length > 1) continue;
    const o = tt.a.tripTimeOffsets[t]!;
    const n =
      tt.a.patternStopOffsets[tt.a.tripPattern[t]! + 1]! - tt.a.patternStopOffsets[tt.a.tripPattern[t]!]!;
    const stops: RtStopTimeUpdate[] = [...w.stops]
      .map((s) => ({ ...s, pos: s.pos % n }))
      .sort((a, b) => a.pos - b.pos)
      .filter((s, i, all) => i === 0 || all[i - 1]!.pos !== s.pos)
      .map((s) => {
        const abs = (e: typeof s.arrival, base: number) =>
          e && { ...e, ...(e.timeSec !== undefined ? { timeSec: ZERO + base + e.timeSec } : {}) };
        const arrival = abs(s.arrival, tt.a.arrivals[o + s.pos]!);
        const departure = abs(s.departure, tt.a.departures[o + s.pos]!);
        return {
          stopSequence: s.pos + 1,
          relationship: s.relationship as RtStopTimeUpdate['relationship'],
          ...(arrival ? { arrival } : {}),
          ...(departure ? { departure } : {}),
        };
      });
    out.push({
      entityId: `u${t}`,
      trip: {
        tripId: id.slice('gen:'.length),
        startDate: String(DATE),
        relationship: w.kind === 'cancel' ? 'CANCELED' : 'SCHEDULED',
      },
      ...(w.tripDelay !== undefined ? { delaySec: w.tripDelay } : {}),
      stopTimeUpdates: stops,
    });
  }
  return out;
}

/** Checks every slot list of the view: runs in pattern order with no overtaking, trips on their own pattern. */
function viewProblem(view: TransitView): string | undefined {
  const lists = view['slotTrips'];
  const offsets = view['slotTripOffsets'];
  for (let slot = 0; slot < lists.length; slot++) {
    for (let r = 0; r < view.patternCount; r++) {
      const n = view.patternStopOffsets[r + 1]! - view.patternStopOffsets[r]!;
      let prev = -1;
      for (let i = offsets[slot]![r]!; i < offsets[slot]![r + 1]!; i++) {
        const t = lists[slot]![i]!;
        if (view.tripPattern[t] !== r) return `trip ${t} listed on pattern ${r}`;
        if (prev >= 0) {
          for (let p = 0; p < n; p++) {
            const a = view.tripTimeOffsets[prev]! + p;
            const b = view.tripTimeOffsets[t]! + p;
            if (view.departures[b]! < view.departures[a]! || view.arrivals[b]! < view.arrivals[a]!)
              return `trip ${t} overtakes ${prev} on pattern ${r}`;
          }
        }
        prev = t;
      }
    }
  }
  return undefined;
}

describe('L02 the overlay never makes an impossible trip', () => {
  it('live times never go back in time, skipped stops are closed, views keep runs in order and journeys are feasible', () => {
    let patched = 0;
    let journeys = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { tt } = randomNetwork(seed, 60, DATE);
      fc.assert(
        fc.property(
          fc.array(tripArb, { minLength: 1, maxLength: 20 }),
          fc.array(
            fc.record({
              from: fc.nat(tt.stopCount - 1),
              to: fc.nat(tt.stopCount - 1),
              at: fc.integer({ min: 5 * 3600, max: 22 * 3600 }),
            }),
            {
              minLength: 3,
              maxLength: 3,
            },
          ),
          (wishes, queries) => {
            const base = new View(tt, DATE);
            const updates = updatesFor(base, wishes);
            const { patches } = patchesFromTripUpdates(tt, 'gen', updates, ZERO + 8 * 3600);
            for (const p of patches) {
              expect(p.day).toBe(DAY);
              if (p.cancelled) continue;
              patched++;
              const arr = p.arrivals!;
              const dep = p.departures!;
              for (let i = 0; i < arr.length; i++) {
                expect(dep[i]!).toBeGreaterThanOrEqual(arr[i]!);
                if (i > 0) expect(arr[i]!).toBeGreaterThanOrEqual(dep[i - 1]!);
              }
            }
            const version = makeLiveVersion('v', tt, 0, patches, [], []);
            const view = new View(tt, DATE, 'UTC', version);
            expect(viewProblem(view)).toBeUndefined();
            // Skipped stops are closed on the pattern the live run rides.
            for (let t = tt.tripCount; t < view.tripPattern.length; t++) {
              const skip = view.livePatchOf(t)?.skipFlags;
              if (!skip) continue;
              const base0 = view.patternStopOffsets[view.tripPattern[t]!]!;
              skip.forEach((f, i) => {
                if (f)
                  expect(view.patternPosFlags[base0 + i]! & (POS_NO_PICKUP | POS_NO_DROP_OFF)).toBe(
                    POS_NO_PICKUP | POS_NO_DROP_OFF,
                  );
              });
            }
            const raptor = new Raptor(view, 3);
            for (const q of queries) {
              const access = [{ stopIdx: q.from, durationSec: 0, mode: 'walk' }];
              const egress = [{ stopIdx: q.to, durationSec: 0, mode: 'walk' }];
              const res = raptor.route({
                direction: 'depart-after',
                timeSec: q.at,
                windowSec: 3600,
                access,
                egress,
              });
              for (const j of res.journeys) {
                journeys++;
                expect(findJourneyProblem(view, j, access, egress)).toBeUndefined();
                // A cancelled instance is never ridden.
                for (const l of j.legs) {
                  if (l.kind !== 'transit') continue;
                  const cancelled = patches.some((p) => p.cancelled && p.trip === l.trip && l.shiftSec === 0);
                  expect(cancelled).toBe(false);
                }
              }
            }
          },
        ),
        { seed, numRuns: 15 },
      );
    }
    expect(patched).toBeGreaterThan(500);
    expect(journeys).toBeGreaterThan(100);
  });
});
