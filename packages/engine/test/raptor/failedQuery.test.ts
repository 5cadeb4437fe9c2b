// Feature under test: a Raptor or McRaptor whose query throws partway (the caller's trace hook, or a trip lookup
// failing as an allocation would) answers its later queries as a fresh router does, and a time
// bound (shared by a timetable's routers), vehicle bound or ride bound whose computation threw
// partway gives the next query a fresh bound's answer: a planner process reuses its routers, so one failed search
// must not poison the next.
import { describe, expect, it, vi } from 'vitest';
import { makeRandom } from '../../bench/transitNetwork.ts';
import { sparseNetworkView } from '../support/randomNetwork.ts';
import { MinHeap } from '../../src/collections/minHeap.ts';
import { McRaptor } from '../../src/raptor/mcRaptor.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import { RideBounds } from '../../src/raptor/rideBounds.ts';
import { TimeBound } from '../../src/raptor/timeBound.ts';
import { VehicleBound } from '../../src/raptor/vehicleBound.ts';
import type { AccessLeg, RaptorQuery } from '../../src/raptor/types.ts';
import { TransitView } from '../../src/timetable/transitView.ts';

const DATE = 20260603;
const TRANSFERS = 4;

const view = sparseNetworkView(41, DATE);
const served: number[] = [];
for (let s = 0; s < view.stopCount; s++)
  if (view.stopPatternOffsets[s + 1]! > view.stopPatternOffsets[s]!) served.push(s);

/** One of the three kinds of query, asked of `router` (with `trace` when given); its journeys. */
type Ask = (router: Raptor, trace?: RaptorQuery['trace']) => unknown;

/** Random asks of every kind: ranges and single departures, both directions, several egress lists, runs of arrivals. */
function randomAsks(seed: number, count: number): Ask[] {
  const rnd = makeRandom(seed);
  const leg = (): AccessLeg => ({
    stopIdx: served[Math.floor(rnd() * served.length)]!,
    durationSec: Math.floor(rnd() * 600),
    mode: 'walk',
  });
  const asks: Ask[] = [];
  for (let i = 0; i < count; i++) {
    const timeSec = 6 * 3600 + Math.floor(rnd() * 12 * 3600);
    const base: RaptorQuery = {
      direction: 'depart-after',
      timeSec,
      windowSec: i % 2 === 0 ? 3600 : 0,
      access: [leg(), leg()],
      egress: [leg(), leg()],
    };
    if (i % 3 === 0) {
      const query = { ...base, direction: i % 2 === 0 ? ('arrive-by' as const) : base.direction };
      asks.push((router, trace) => router.route({ ...query, trace }).journeys);
    } else if (i % 3 === 1) {
      const lists = [[leg()], [leg(), leg()], [leg()]];
      asks.push((router, trace) => router.routeToEach({ ...base, trace }, lists));
    } else {
      // Enough arrivals for the time bound too (raptor.ts LATEST_TIME_BOUND_MIN_ARRIVALS).
      const arrivals = [0, 600, 1200, 2400, 3600].map((d) => timeSec + 3600 + d);
      asks.push((router, trace) => router.latestDepartures({ ...base, trace }, arrivals, timeSec).journeys);
    }
  }
  return asks;
}

/** A trace hook that throws at its n-th event. */
function throwingAt(n: number): RaptorQuery['trace'] {
  let seen = 0;
  return () => {
    if (++seen === n) throw new Error('trace hook failed');
  };
}

/** `view` with trip lookups that throw at the n-th call after `failAt(n)`, as an allocation failing mid-scan would. */
function failingLookups(): { data: TransitView; failAt: (n: number) => void } {
  const data = Object.create(view) as TransitView;
  let calls = 0;
  let failAt = Infinity;
  const fail = (): void => {
    if (++calls === failAt) throw new RangeError('Array buffer allocation failed');
  };
  data.findEarliestDeparture = (...args) => (fail(), view.findEarliestDeparture(...args));
  data.findLatestArrival = (...args) => (fail(), view.findLatestArrival(...args));
  return {
    data,
    failAt: (n) => {
      calls = 0;
      failAt = n;
    },
  };
}

/** Whether `run` threw (the expected error only). */
function threw(run: () => unknown, message: string): boolean {
  try {
    run();
    return false;
  } catch (e) {
    expect((e as Error).message).toBe(message);
    return true;
  }
}

describe('Raptor after a failed query', () => {
  it('answers every kind of query as a fresh router after a trace hook threw in one', () => {
    const asks = randomAsks(41, 36);
    const router = new Raptor(view, TRANSFERS);
    const thrown = { route: 0, routeToEach: 0, latestDepartures: 0 };
    const kinds = ['route', 'routeToEach', 'latestDepartures'] as const;
    asks.forEach((ask, i) => {
      const next = asks[(i + 1) % asks.length]!;
      // At the first event (the first round of the first run), and later in the query.
      for (const n of [1, 2, 4, 7]) {
        if (threw(() => ask(router, throwingAt(n)), 'trace hook failed')) thrown[kinds[i % 3]!]++;
        // The same query again (the stops the failed one labelled), then another.
        expect(ask(router)).toEqual(ask(new Raptor(view, TRANSFERS)));
        expect(next(router)).toEqual(next(new Raptor(view, TRANSFERS)));
      }
    });
    // Every kind failed often, at several places.
    for (const k of kinds) expect(thrown[k]).toBeGreaterThan(20);
  });

  it('answers as a fresh router after a trip lookup threw midway through a pattern scan', () => {
    // A fresh query at each failure: the router's kept lookups (tripLookups.ts) answer a repeated one.
    const asks = randomAsks(42, 120);
    const others = randomAsks(43, 120);
    const { data, failAt } = failingLookups();
    const router = new Raptor(data, TRANSFERS);
    let thrown = 0;
    asks.forEach((ask, i) => {
      const next = others[i]!;
      failAt([1, 2, 4, 8][i % 4]!);
      if (threw(() => ask(router), 'Array buffer allocation failed')) thrown++;
      failAt(Infinity);
      expect(ask(router)).toEqual(ask(new Raptor(view, TRANSFERS)));
      expect(next(router)).toEqual(next(new Raptor(view, TRANSFERS)));
    });
    expect(thrown).toBeGreaterThan(60);
  });
});

describe('McRaptor after a failed query', () => {
  it('answers as a fresh router after its trace hook or its time bound threw', () => {
    const rnd = makeRandom(45);
    const leg = (): AccessLeg => ({
      stopIdx: served[Math.floor(rnd() * served.length)]!,
      durationSec: Math.floor(rnd() * 600),
      mode: 'walk',
    });
    const query = (): RaptorQuery => ({
      direction: rnd() < 0.5 ? 'depart-after' : 'arrive-by',
      timeSec: 6 * 3600 + Math.floor(rnd() * 12 * 3600),
      windowSec: 1800,
      access: [leg(), leg()],
      egress: [leg(), leg()],
    });
    const router = new McRaptor(view, TRANSFERS);
    const push = MinHeap.prototype.push;
    let thrown = 0;
    for (let i = 0; i < 30; i++) {
      const failing = query();
      if (i % 2 === 0) {
        if (threw(() => router.route({ ...failing, trace: throwingAt(1 + (i % 5)) }), 'trace hook failed'))
          thrown++;
      } else {
        // The time bound's queue (worked out before the search proper) fails on its first push.
        MinHeap.prototype.push = function (this: MinHeap, id, key) {
          MinHeap.prototype.push = push;
          push.call(this, id, key);
          throw new RangeError('Array buffer allocation failed');
        };
        try {
          // A length limit: the bound is worked out whatever leaves in the window.
          const limited = { ...failing, maxDurationSec: 6 * 3600 };
          if (threw(() => router.route(limited), 'Array buffer allocation failed')) thrown++;
        } finally {
          MinHeap.prototype.push = push;
        }
      }
      for (const next of [failing, query()])
        expect(router.route(next).journeys).toEqual(new McRaptor(view, TRANSFERS).route(next).journeys);
    }
    expect(thrown).toBeGreaterThan(20);
  });
});

describe('TimeBound after a failed search', () => {
  it('searches afresh, not on from a search a throw cut short', () => {
    const rnd = makeRandom(44);
    const leg = (): AccessLeg => ({
      stopIdx: served[Math.floor(rnd() * served.length)]!,
      durationSec: Math.floor(rnd() * 600),
      mode: 'walk',
    });
    const push = MinHeap.prototype.push;
    let thrown = 0;
    for (let i = 0; i < 40; i++) {
      const fwd = i % 2 === 0;
      const starts = [leg(), leg()];
      const ends = [leg(), leg()];
      const bound = new TimeBound(view);
      // The n-th push onto the search's queue fails, as its growth failing to allocate would.
      let calls = 0;
      const failAt = 3 + 5 * i;
      const failing = vi.spyOn(MinHeap.prototype, 'push').mockImplementation(function (
        this: MinHeap,
        id,
        key,
      ) {
        if (++calls === failAt) throw new RangeError('Array buffer allocation failed');
        push.call(this, id, key);
      });
      let failed = false;
      try {
        failed = threw(
          () => bound.compute(starts, ends, fwd, 1, 4 * 3600, 0),
          'Array buffer allocation failed',
        );
      } finally {
        failing.mockRestore();
      }
      // Against a fresh bound with the same history but the failed query: a query from other start
      // stops, then the failed one again.
      const fresh = new TimeBound(view);
      if (failed) thrown++;
      else fresh.compute(starts, ends, fwd, 1, 4 * 3600, 0);
      for (const from of [[leg()], starts]) {
        bound.compute(from, ends, fwd, 1, 4 * 3600, 0);
        fresh.compute(from, ends, fwd, 1, 4 * 3600, 0);
        expect([...bound.toEnd]).toEqual([...fresh.toEnd]);
      }
    }
    expect(thrown).toBeGreaterThan(20);
  });
});

describe('VehicleBound after a failed computation', () => {
  it('computes the bounds of end legs whose computation threw again', () => {
    // `view` whose in-transfers cannot be read while `failing` (the vehicle bound's first use
    // builds its served transfers from them, allocating).
    let failing = true;
    const data = Object.create(view, {
      transferInOffsets: {
        get: () => {
          if (failing) throw new RangeError('Array buffer allocation failed');
          return view.transferInOffsets;
        },
      },
    }) as TransitView;
    const starts = [{ stopIdx: served[0]!, durationSec: 0, mode: 'walk' as const }];
    const ends = [{ stopIdx: served[served.length - 1]!, durationSec: 0, mode: 'walk' as const }];
    const bound = new VehicleBound(data);
    expect(threw(() => bound.computeForSearch(starts, ends, true, 4), 'Array buffer allocation failed')).toBe(
      true,
    );
    failing = false;
    bound.computeForSearch(starts, ends, true, 4);
    const fresh = new VehicleBound(view);
    fresh.computeForSearch(starts, ends, true, 4);
    expect(bound.afterRide).toEqual(fresh.afterRide);
    expect(bound.toBoard).toEqual(fresh.toBoard);
    expect(bound.usefulTo.subarray(0, 5 * view.patternCount)).toEqual(
      fresh.usefulTo.subarray(0, 5 * view.patternCount),
    );
  });
});

describe('RideBounds after a failed computation', () => {
  it('allocates again whatever allocation threw', () => {
    const ends = [{ stopIdx: served[3]!, durationSec: 60, mode: 'walk' as const }];
    const fresh = new RideBounds(view, TimeBound.shared(view, true).fastestHop);
    fresh.compute(ends, true, 4, 1);
    // The first query's n-th array (six label arrays, then two per transfer) cannot be allocated.
    for (let n = 1; n <= 8; n++) {
      const bounds = new RideBounds(view, TimeBound.shared(view, true).fastestHop);
      let made = 0;
      class Failing extends Int32Array {
        constructor(length: number) {
          if (++made === n) throw new RangeError('Array buffer allocation failed');
          super(length);
        }
      }
      vi.stubGlobal('Int32Array', Failing);
      try {
        expect(threw(() => bounds.compute(ends, true, 4, 1), 'Array buffer allocation failed')).toBe(true);
      } finally {
        vi.unstubAllGlobals();
      }
      bounds.compute(ends, true, 4, 1);
      for (const k of ['alighted', 'ready', 'onBoard', 'alightedWalk', 'readyWalk', 'onBoardWalk'] as const)
        expect([...bounds[k]]).toEqual([...fresh[k]]);
    }
  });
});
