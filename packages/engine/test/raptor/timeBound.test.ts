// TimeBound never overstates: from every stop, each journey Raptor finds to the end legs takes at
// least the bound (both search directions, slower walkers too), and it is the shortest path it is
// meant to be (fastest hops and transfers, by relaxing every edge until nothing changes), on seeded
// random networks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Raptor } from '../../src/raptor/raptor.ts';
import { geometryOf, TimeBound, UNREACHABLE_SEC } from '../../src/raptor/timeBound.ts';
import type { TransitData } from '../../src/raptor/transitData.ts';
import type { AccessLeg } from '../../src/raptor/types.ts';
import { generateNetwork } from '../../bench/transitNetwork.ts';
import { buildTimetable } from '../../src/timetable/builder.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { dateToDayNumber } from '../../src/time/serviceDay.ts';
import { randomNetwork } from '../support/randomNetwork.ts';

const QUERY_DATE = 20260603;

const legs = (stops: number) =>
  fc.array(
    fc.record({
      stopIdx: fc.nat(stops - 1),
      durationSec: fc.integer({ min: 0, max: 900 }),
      mode: fc.constant('walk'),
    }),
    { minLength: 1, maxLength: 3 },
  );

/** The bound by its definition: Bellman-Ford over every pattern hop (fastest trip) and transfer. */
function referenceBound(d: TransitData, ends: AccessLeg[], fwd: boolean, factor: number): number[] {
  const dist = new Array<number>(d.stopCount).fill(UNREACHABLE_SEC);
  for (const e of ends) dist[e.stopIdx] = Math.min(dist[e.stopIdx]!, e.durationSec);
  const edges = edgesOf(d, factor);
  for (let changed = true; changed;) {
    changed = false;
    for (const [a, b, sec] of edges) {
      const [from, to] = fwd ? [a, b] : [b, a];
      if (dist[to]! + sec < dist[from]!) {
        dist[from] = dist[to]! + sec;
        changed = true;
      }
    }
  }
  return dist;
}

/** Edges a → b in real time with their least seconds: every trip's hops, and transfers. */
function edgesOf(d: TransitData, factor: number): Array<[number, number, number]> {
  const edges: Array<[number, number, number]> = [];
  for (let t = 0; t < d.tripPattern.length; t++) {
    const r = d.tripPattern[t]!;
    const base = d.patternStopOffsets[r]!;
    const tto = d.tripTimeOffsets[t]!;
    for (let p = base; p + 1 < d.patternStopOffsets[r + 1]!; p++)
      edges.push([
        d.patternStops[p]!,
        d.patternStops[p + 1]!,
        d.arrivals[tto + p - base + 1]! - d.departures[tto + p - base]!,
      ]);
  }
  for (let a = 0; a < d.stopCount; a++)
    for (let i = d.transferOffsets[a]!; i < d.transferOffsets[a + 1]!; i++) {
      const sec = d.transferSec[i]!;
      edges.push([
        a,
        d.transferTo[i]!,
        d.transferIsWalk[i] === 1 ? Math.min(sec, Math.round(sec * factor)) : sec,
      ]);
    }
  return edges;
}

describe('TimeBound', () => {
  it('equals the shortest path over fastest hops and transfers from the end legs', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const { view } = randomNetwork(seed, seed % 2 === 0 ? 0 : 120, QUERY_DATE);
      fc.assert(
        fc.property(
          legs(view.stopCount),
          fc.boolean(),
          fc.constantFrom(1, 1.5),
          (ends: AccessLeg[], fwd, factor) => {
            // A new one each time: one that searched these end legs further before answers with that.
            const bound = new TimeBound(view);
            const full = referenceBound(view, ends, fwd, factor);
            // Cut at a horizon: exact within it; beyond it, the horizon plus one second (or exact,
            // when the search ran out first).
            const horizon = 600;
            bound.compute([], ends, fwd, factor, horizon, 0);
            full.forEach((t, s) => {
              const got = bound.toEnd[s];
              if (got !== t) expect([s, t > horizon, got]).toEqual([s, true, horizon + 1]);
            });
            // Asked again further, the search resumes to the end.
            bound.compute([], ends, fwd, factor, UNREACHABLE_SEC - 1, 0);
            expect(Array.from(bound.toEnd)).toEqual(full);
          },
        ),
        { numRuns: 20, seed },
      );
    }
  });

  it('aimed at the start stops: never over the shortest path, consistent along every hop and transfer, and at each start what an unaimed search gives', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const { view } = randomNetwork(seed, seed % 2 === 0 ? 0 : 120, QUERY_DATE);
      // The same network without coordinates: its searches are not aimed.
      const plain = new Proxy(view, {
        get: (t, k) => (k === 'stopLat' || k === 'stopLon' ? undefined : Reflect.get(t, k)),
      });
      const aimed = new TimeBound(view);
      const unaimed = new TimeBound(plain);
      let starts = 0;
      let aimedApart = 0;
      fc.assert(
        fc.property(
          legs(view.stopCount),
          legs(view.stopCount),
          fc.boolean(),
          fc.constantFrom(1, 1.5),
          fc.integer({ min: 0, max: 3600 }),
          fc.integer({ min: 0, max: 1800 }),
          (from: AccessLeg[], ends: AccessLeg[], fwd, factor, horizon, slack) => {
            const full = referenceBound(view, ends, fwd, factor);
            aimed.compute(from, ends, fwd, factor, horizon, slack);
            unaimed.compute(from, ends, fwd, factor, horizon, slack);
            full.forEach((t, s) => expect(aimed.toEnd[s]).toBeLessThanOrEqual(t));
            if (aimed.toEnd.some((t, s) => t !== unaimed.toEnd[s])) aimedApart++;
            for (const a of from) {
              starts++;
              expect(aimed.toEnd[a.stopIdx]).toBe(unaimed.toEnd[a.stopIdx]);
            }
            for (const [a, b, sec] of edgesOf(view, factor)) {
              const [u, v] = fwd ? [a, b] : [b, a];
              expect(aimed.toEnd[u]!).toBeLessThanOrEqual(sec + aimed.toEnd[v]!);
            }
          },
        ),
        { numRuns: 20, seed },
      );
      expect(starts).toBeGreaterThan(20);
      // The aim shows: away from the starts the aimed search settles less.
      expect(aimedApart).toBeGreaterThan(0);
    }
  });

  it('aimed: skipping the blocks of stops too far for a bound above 0 leaves every bound as worked out stop by stop', () => {
    let far = 0;
    for (let seed = 1; seed <= 4; seed++) {
      // Stops over a region 300 km across, so that some are beyond a search's radius.
      const input = generateNetwork({
        seed,
        stops: 300,
        routes: 30,
        trips: 300,
        routeLength: [3, 9],
        bbox: [56.0, -5.0, 58.5, -2.0],
        quirks: false,
        firstDay: dateToDayNumber(QUERY_DATE) - 3,
      });
      const view = new TransitView(buildTimetable(input), QUERY_DATE);
      const hops = new TimeBound(view).fastestHop;
      const geometry = geometryOf(view, hops)!;
      const blocked = new TimeBound(view);
      // The same geometry with blocks that hold every stop: each stop is worked out on its own.
      const stopByStop = new TimeBound(view, undefined, {
        ...geometry,
        blocks: geometry.blocks.map((v, i) => (i % 4 === 3 ? Infinity : v)),
      });
      fc.assert(
        fc.property(
          legs(view.stopCount),
          legs(view.stopCount),
          fc.constantFrom(1, 1.5),
          fc.integer({ min: 0, max: 4 * 3600 }),
          (from: AccessLeg[], ends: AccessLeg[], factor, horizon) => {
            blocked.compute(from, ends, true, factor, horizon, 0);
            stopByStop.compute(from, ends, true, factor, horizon, 0);
            expect(Array.from(blocked.toEnd)).toEqual(Array.from(stopByStop.toEnd));
            far += blocked.toEnd.filter((t) => t === 0).length - ends.length;
          },
        ),
        { numRuns: 40, seed },
      );
    }
    expect(far).toBeGreaterThan(1000);
  });

  it('keeps the searches of several end-leg sets: one asked again resumes where it stopped', () => {
    const { view } = randomNetwork(5, 120, QUERY_DATE);
    const at = (s: number): AccessLeg[] => [
      { stopIdx: s as AccessLeg['stopIdx'], durationSec: 0, mode: 'walk' },
    ];
    const bound = new TimeBound(view);
    const a = at(0);
    const full = referenceBound(view, a, true, 1);
    bound.compute([], a, true, 1, UNREACHABLE_SEC - 1, 0);
    // Other families' end legs in between (a search's families take turns)…
    for (let s = 1; s <= 3; s++) bound.compute([], at(s), true, 1, 600, 0);
    // …and the first set asked again only a minute out answers with all it had searched.
    bound.compute([], a, true, 1, 60, 0);
    expect(Array.from(bound.toEnd)).toEqual(full);
  });

  it('is built by Raptor for a range with departures in its window or a length-limited query, not for a single departure', () => {
    const { view } = randomNetwork(3, 120, QUERY_DATE);
    const raptor = new Raptor(view, 3);
    const at = (s: number): AccessLeg[] => [
      { stopIdx: s as AccessLeg['stopIdx'], durationSec: 60, mode: 'walk' },
    ];
    const query = {
      direction: 'depart-after' as const,
      timeSec: 8 * 3600,
      access: at(0),
      egress: at(view.stopCount - 1),
      maxTransfers: 3,
    };
    // Its search would cost a single departure more than it prunes; a fresh bound is all zeros.
    const shared = TimeBound.shared(view, true);
    raptor.route(query);
    expect(shared.toEnd.every((t) => t === 0)).toBe(true);
    raptor.route({ ...query, maxDurationSec: 3 * 3600 });
    expect(shared.toEnd.some((t) => t > 0)).toBe(true);
    shared.toEnd.fill(0);
    // A range is one departure too when no vehicle leaves its start stops in the window (none
    // leaves stop 0 from 08:00 to 09:00), and it pays over the iterations of one where some do (stop 1).
    raptor.route({ ...query, egress: at(view.stopCount - 2), windowSec: 3600 });
    expect(shared.toEnd.every((t) => t === 0)).toBe(true);
    raptor.route({ ...query, access: at(1), egress: at(view.stopCount - 2), windowSec: 3600 });
    expect(shared.toEnd.some((t) => t > 0)).toBe(true);
  });

  it('is at most the time of every journey Raptor finds from a stop to the end legs', () => {
    let compared = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const { view } = randomNetwork(seed, seed % 2 === 0 ? 0 : 120, QUERY_DATE);
      const raptor = new Raptor(view, 3);
      const bound = new TimeBound(view);
      fc.assert(
        fc.property(
          legs(view.stopCount),
          fc.integer({ min: 5 * 3600, max: 20 * 3600 }),
          fc.boolean(),
          fc.constantFrom(1, 1.5),
          (ends: AccessLeg[], timeSec, fwd, walkTransferFactor) => {
            for (let s = 0; s < view.stopCount; s++) {
              const from: AccessLeg[] = [
                { stopIdx: s as AccessLeg['stopIdx'], durationSec: 0, mode: 'walk' },
              ];
              // From this stop, cut at twice its own time (the planner's cut).
              bound.compute(from, ends, fwd, walkTransferFactor, 86_400, 0);
              const { journeys } = raptor.route({
                direction: fwd ? 'depart-after' : 'arrive-by',
                timeSec,
                access: fwd ? from : ends,
                egress: fwd ? ends : from,
                walkTransferFactor,
                maxTransfers: 3,
              });
              for (const j of journeys) {
                compared++;
                const took = fwd ? j.arrivalSec - timeSec : timeSec - j.departureSec;
                expect(bound.toEnd[s]).toBeLessThanOrEqual(took);
              }
            }
          },
        ),
        { numRuns: 15, seed },
      );
    }
    expect(compared).toBeGreaterThan(500);
  });
});
