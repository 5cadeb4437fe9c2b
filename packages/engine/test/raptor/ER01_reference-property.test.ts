// Feature under test: RAPTOR answers equal a plain time-expanded Dijkstra on random networks
// (earliest arrival per number of vehicles, Pareto sets, arrive-by, range queries; no other stop of
// the last vehicle reaches the door sooner).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Raptor } from '../../src/raptor/raptor.ts';
import type { AccessLeg } from '../../src/raptor/types.ts';
import { dateToDayNumber } from '../../src/time/serviceDay.ts';
import { randomNetwork, walkLegsArb } from '../support/randomNetwork.ts';
import { findJourneyProblem, listOtherAlightings } from './support/checkJourney.ts';
import {
  frontierOf,
  listStartTimes,
  makeReferenceNetwork,
  paretoFromPerK,
  referenceEarliest,
} from './support/reference.ts';

const QUERY_DATE = 20260603;
const QUERY_DAY = dateToDayNumber(QUERY_DATE);
const MAX_TRANSFERS = 3;
/** A view holds trips of the query day and the next: journeys arriving before the day after that are all within reach. */
const HORIZON = 48 * 3600;
/** The reference has no journey-length bound, so neither may RAPTOR here. */
const UNBOUNDED = 10 * 86_400;

function setup(seed: number, sameStopSec: number) {
  const { input, tt, view } = randomNetwork(seed, sameStopSec, QUERY_DATE);
  const raptor = new Raptor(view, MAX_TRANSFERS);
  const ref = makeReferenceNetwork(input, tt, QUERY_DAY);
  return { input, tt, view, raptor, ref };
}

describe('RAPTOR against the reference search', () => {
  it('earliest arrival per vehicle count, walking tie-break and feasibility match on 2,000 random queries', () => {
    let compared = 0;
    let withJourney = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { raptor, ref, view, tt } = setup(seed, [0, 60, 120][seed % 3]!);
      fc.assert(
        fc.property(
          walkLegsArb(tt.stopCount),
          walkLegsArb(tt.stopCount),
          fc.integer({ min: 4 * 3600, max: 25 * 3600 }),
          fc.boolean(),
          (access, egress, timeSec, wheelchair) => {
            const res = raptor.route({
              direction: 'depart-after',
              timeSec,
              access,
              egress,
              wheelchair,
              maxDurationSec: UNBOUNDED,
            });
            const expected = paretoFromPerK(
              referenceEarliest(ref, timeSec, access, egress, MAX_TRANSFERS + 1, wheelchair),
            ).filter((e) => e.time < HORIZON);
            const got = frontierOf(res.journeys, HORIZON);
            expect(got).toEqual(expected);
            for (const j of res.journeys) {
              expect(findJourneyProblem(view, j, access, egress)).toBeUndefined();
              expect(j.departureSec).toBeGreaterThanOrEqual(timeSec);
              // Egress times are added before comparing: no other stop of the last vehicle is reached sooner door to door.
              const sooner = listOtherAlightings(view, j, egress, wheelchair).filter(
                (o) => o.arrivalSec < j.arrivalSec,
              );
              expect(sooner).toEqual([]);
            }
            compared++;
            if (got.length > 0) withJourney++;
          },
        ),
        { seed, numRuns: 50 },
      );
    }
    expect(compared).toBe(2000);
    // The generator must give queries with answers, or the comparison proves little.
    expect(withJourney).toBeGreaterThan(600);
  });

  it('arrive-by finds the latest departure per vehicle count (checked by bisection over departures)', () => {
    let withJourney = 0;
    for (let seed = 100; seed < 120; seed++) {
      const { raptor, ref, view, tt } = setup(seed, 60);
      fc.assert(
        fc.property(
          walkLegsArb(tt.stopCount),
          walkLegsArb(tt.stopCount),
          fc.integer({ min: 6 * 3600, max: 26 * 3600 }),
          (access, egress, deadline) => {
            const res = raptor.route({
              direction: 'arrive-by',
              timeSec: deadline,
              access,
              egress,
              maxDurationSec: UNBOUNDED,
            });
            // Reference: for each k, the latest candidate departure whose earliest arrival with ≤ k rides meets the deadline.
            const candidates = listStartTimes(ref, deadline - 6 * 3600, 6 * 3600, access, false).sort(
              (a, b) => a - b,
            );
            const expected: { rides: number; departure: number }[] = [];
            let bestDep = -Infinity;
            for (let k = 1; k <= MAX_TRANSFERS + 1; k++) {
              const arrivesInTime = (t: number): boolean => {
                const perK = referenceEarliest(ref, t, access, egress, k, false);
                return perK.some((l) => l !== undefined && l.time <= deadline);
              };
              let lo = 0;
              let hi = candidates.length - 1;
              let found = -Infinity;
              while (lo <= hi) {
                const mid = (lo + hi) >> 1;
                if (arrivesInTime(candidates[mid]!)) {
                  found = candidates[mid]!;
                  lo = mid + 1;
                } else hi = mid - 1;
              }
              if (found > bestDep && found > deadline - 6 * 3600) {
                expected.push({ rides: k, departure: found });
                bestDep = found;
              }
            }
            const got = res.journeys
              .filter((j) => j.departureSec > deadline - 6 * 3600)
              .map((j) => ({ rides: j.transfers + 1, departure: j.departureSec }))
              .sort((a, b) => a.rides - b.rides);
            expect(got).toEqual(expected);
            for (const j of res.journeys) {
              expect(findJourneyProblem(view, j, access, egress)).toBeUndefined();
              expect(j.arrivalSec).toBeLessThanOrEqual(deadline);
            }
            if (got.length > 0) withJourney++;
          },
        ),
        { seed, numRuns: 25 },
      );
    }
    expect(withJourney).toBeGreaterThan(100);
  });

  it('range queries return the Pareto set over (departure, arrival, vehicles) of all departures in the window', () => {
    let withJourney = 0;
    for (let seed = 200; seed < 220; seed++) {
      const { raptor, ref, view, tt } = setup(seed, 60);
      fc.assert(
        fc.property(
          walkLegsArb(tt.stopCount),
          walkLegsArb(tt.stopCount),
          fc.integer({ min: 5 * 3600, max: 22 * 3600 }),
          (access, egress, t0) => {
            const windowSec = 2 * 3600;
            const res = raptor.route({
              direction: 'depart-after',
              timeSec: t0,
              windowSec,
              access,
              egress,
              maxDurationSec: UNBOUNDED,
            });
            const expected = referenceRange(ref, t0, windowSec, access, egress).filter(
              (e) => e.time < HORIZON,
            );
            const got = res.journeys
              .map((j) => ({ start: j.iterationSec, time: j.arrivalSec, rides: j.transfers + 1 }))
              .filter((e) => e.time < HORIZON);
            expect(sortKey(got)).toEqual(sortKey(expected));
            for (const j of res.journeys) {
              expect(findJourneyProblem(view, j, access, egress)).toBeUndefined();
              const sooner = listOtherAlightings(view, j, egress).filter((o) => o.arrivalSec < j.arrivalSec);
              expect(sooner).toEqual([]);
            }
            if (got.length > 0) withJourney++;
          },
        ),
        { seed, numRuns: 10 },
      );
    }
    expect(withJourney).toBeGreaterThan(40);
  });
});

type RangeEntry = { start: number; time: number; rides: number };

function sortKey(list: RangeEntry[]): string[] {
  return list.map((e) => `${e.start}/${e.time}/${e.rides}`).sort();
}

/** Pareto over (later start, earlier arrival, fewer rides) from running the reference at every candidate start. */
function referenceRange(
  ref: ReturnType<typeof makeReferenceNetwork>,
  t0: number,
  windowSec: number,
  access: AccessLeg[],
  egress: AccessLeg[],
): RangeEntry[] {
  const all: RangeEntry[] = [];
  for (const t of listStartTimes(ref, t0, windowSec, access, false)) {
    for (const p of paretoFromPerK(referenceEarliest(ref, t, access, egress, MAX_TRANSFERS + 1, false)))
      all.push({ start: t, time: p.time, rides: p.rides });
  }
  return all.filter(
    (e) =>
      !all.some(
        (o) =>
          o !== e &&
          o.start >= e.start &&
          o.time <= e.time &&
          o.rides <= e.rides &&
          (o.start > e.start || o.time < e.time || o.rides < e.rides),
      ),
  );
}
