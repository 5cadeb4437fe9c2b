// Feature under test: McRAPTOR returns exactly the Pareto set on (departure, arrival, vehicles,
// walking) of a multi-label time-expanded search on random networks, in both directions and for
// range queries; projected on Raptor's criteria it gives Raptor's answers, also on the demo region.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeRandom } from '../../bench/transitNetwork.ts';
import { loadGtfsFeeds } from '../../src/gtfs/loadFeeds.ts';
import { listStopsWithinWalk } from '../../src/timetable/nearbyStops.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import { McRaptor } from '../../src/raptor/mcRaptor.ts';
import { RideBounds } from '../../src/raptor/rideBounds.ts';
import type { AccessLeg, RaptorJourney, RaptorQuery } from '../../src/raptor/types.ts';
import { dateToDayNumber, localToEpochSec } from '../../src/time/serviceDay.ts';
import { randomNetwork } from '../support/randomNetwork.ts';
import { findJourneyProblem } from './support/checkJourney.ts';
import { listStartTimes, makeReferenceNetwork } from './support/reference.ts';
import type { ReferenceNetwork } from './support/reference.ts';
import { listEndTimes, paretoMin, referencePareto } from './support/referenceMc.ts';
import type { McEntry } from './support/referenceMc.ts';

const QUERY_DATE = 20260603;
const QUERY_DAY = dateToDayNumber(QUERY_DATE);
const MAX_TRANSFERS = 3;
const MAX_RIDES = MAX_TRANSFERS + 1;
/** A view holds trips of the query day and the next: journeys arriving before the day after that are all within reach. */
const HORIZON = 48 * 3600;
/** The reference has no journey-length bound, so neither may the engines here. */
const UNBOUNDED = 10 * 86_400;

function setup(seed: number, sameStopSec: number) {
  const { input, tt, view } = randomNetwork(seed, sameStopSec, QUERY_DATE);
  return {
    tt,
    view,
    mc: new McRaptor(view, MAX_TRANSFERS),
    raptor: new Raptor(view, MAX_TRANSFERS),
    ref: makeReferenceNetwork(input, tt, QUERY_DAY),
  };
}

type Setup = ReturnType<typeof setup>;

/** Walking-heavy legs: long access/egress walks make walking trade off against time and changes. */
const legsArb = (stops: number) =>
  fc.array(
    fc.record({
      stopIdx: fc.nat(stops - 1),
      durationSec: fc.integer({ min: 0, max: 1500 }),
      mode: fc.constant('walk'),
    }),
    { minLength: 1, maxLength: 4 },
  );

const sorted = (keys: string[]): string[] => [...keys].sort();

/** Every journey is feasible and its reported walking is what its legs add up to. */
function checkJourneys(
  s: Pick<Setup, 'view'>,
  journeys: RaptorJourney[],
  access: AccessLeg[],
  egress: AccessLeg[],
): void {
  for (const j of journeys) {
    expect(findJourneyProblem(s.view, j, access, egress)).toBeUndefined();
    let walk = 0;
    for (const l of j.legs)
      if (l.kind === 'access' || l.kind === 'egress' || (l.kind === 'transfer' && l.isWalk))
        walk += l.durationSec;
    expect(j.walkSec).toBe(walk);
  }
}

/**
 * Raptor's answer is McRAPTOR's projected on (start, end, vehicles). Single queries: the same Pareto
 * set. Ranges: a journey leaving after the window (arrive-by: arriving before it) carries the start
 * of whichever iteration found it, and which start stops get iterations is each engine's business,
 * so the check is two-sided dominance: every Raptor journey is matched or beaten by a McRAPTOR one,
 * and every McRAPTOR one that leaves (arrives) within the window by a Raptor one. Either way
 * McRAPTOR never walks more than Raptor for what Raptor offers.
 */
function expectRaptorProjection(
  s: Pick<Setup, 'raptor'>,
  query: RaptorQuery,
  mcJourneys: RaptorJourney[],
): void {
  const fwd = query.direction === 'depart-after';
  // Smaller is better on every key.
  const vec = (j: RaptorJourney): number[] =>
    fwd ? [-j.iterationSec, j.arrivalSec, j.transfers] : [j.iterationSec, -j.departureSec, j.transfers];
  const covers = (o: RaptorJourney, j: RaptorJourney, walk: boolean): boolean =>
    vec(o).every((v, x) => v <= vec(j)[x]!) && (!walk || o.walkSec <= j.walkSec);
  const raptor = s.raptor.route(query).journeys;
  const projected = paretoMin(mcJourneys, vec);
  const w = query.windowSec ?? 0;
  if (w === 0)
    expect(sorted(raptor.map((j) => vec(j).join('/')))).toEqual(
      sorted(projected.map((j) => vec(j).join('/'))),
    );
  for (const j of raptor) expect(mcJourneys.some((m) => covers(m, j, true))).toBe(true);
  for (const m of projected) {
    const inWindow = fwd ? m.departureSec <= query.timeSec + w : m.arrivalSec >= query.timeSec - w;
    if (inWindow) expect(raptor.some((j) => covers(j, m, false))).toBe(true);
  }
}

/** Reference arrive-by set for a deadline: forward searches from every candidate departure, keeping the latest. */
function referenceArriveBy(
  ref: ReferenceNetwork,
  deadline: number,
  lookBackSec: number,
  access: AccessLeg[],
  egress: AccessLeg[],
  wheelchair: boolean,
): { dep: number; e: McEntry }[] {
  const all: { dep: number; e: McEntry }[] = [];
  for (const d of listStartTimes(ref, deadline - lookBackSec, lookBackSec, access, wheelchair))
    for (const e of referencePareto(ref, d, access, egress, MAX_RIDES, wheelchair, deadline))
      all.push({ dep: d, e });
  return all;
}

/** Depart-after range queries on `seeds` random networks from `firstSeed`, checked against the reference; returns how many found a journey. */
function checkDepartAfterRange(firstSeed: number, seeds: number): number {
  let withJourney = 0;
  const windowSec = 2 * 3600;
  for (let seed = firstSeed; seed < firstSeed + seeds; seed++) {
    const s = setup(seed, 60);
    fc.assert(
      fc.property(
        legsArb(s.tt.stopCount),
        legsArb(s.tt.stopCount),
        fc.integer({ min: 5 * 3600, max: 22 * 3600 }),
        fc.boolean(),
        (access, egress, t0, wheelchair) => {
          const query: RaptorQuery = {
            direction: 'depart-after',
            timeSec: t0,
            windowSec,
            access,
            egress,
            wheelchair,
            maxDurationSec: UNBOUNDED,
          };
          const res = s.mc.route(query);
          const all: { start: number; e: McEntry }[] = [];
          for (const t of listStartTimes(s.ref, t0, windowSec, access, wheelchair))
            for (const e of referencePareto(s.ref, t, access, egress, MAX_RIDES, wheelchair, HORIZON))
              all.push({ start: t, e });
          const key = (start: number, time: number, rides: number, walk: number): string =>
            `${start}/${time}/${rides}/${walk}`;
          const expected = paretoMin(all, (x) => [-x.start, x.e.time, x.e.rides, x.e.walk]).filter(
            (x) => x.e.time < HORIZON,
          );
          const got = res.journeys.filter((j) => j.arrivalSec < HORIZON);
          expect(
            sorted(got.map((j) => key(j.iterationSec, j.arrivalSec, j.transfers + 1, j.walkSec))),
          ).toEqual(sorted(expected.map((x) => key(x.start, x.e.time, x.e.rides, x.e.walk))));
          checkJourneys(s, res.journeys, access, egress);
          expectRaptorProjection(s, query, res.journeys);
          if (got.length > 0) withJourney++;
        },
      ),
      { seed, numRuns: 15 },
    );
  }
  return withJourney;
}

describe('McRAPTOR against the multi-criteria reference', () => {
  // Ride bounds from each query's start (the planner works them out once a query has grown large).
  const afterLabels = RideBounds.afterLabels;
  beforeEach(() => {
    RideBounds.afterLabels = 0;
  });
  afterEach(() => {
    RideBounds.afterLabels = afterLabels;
  });

  it('depart-after: the (arrival, vehicles, walking) Pareto set equals the reference on 2,000 random queries', () => {
    let compared = 0;
    let withTradeOff = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = setup(seed, [0, 60, 120][seed % 3]!);
      fc.assert(
        fc.property(
          legsArb(s.tt.stopCount),
          legsArb(s.tt.stopCount),
          fc.integer({ min: 4 * 3600, max: 25 * 3600 }),
          fc.boolean(),
          (access, egress, timeSec, wheelchair) => {
            const query: RaptorQuery = {
              direction: 'depart-after',
              timeSec,
              access,
              egress,
              wheelchair,
              maxDurationSec: UNBOUNDED,
            };
            const res = s.mc.route(query);
            const key = (e: McEntry): string => `${e.time}/${e.rides}/${e.walk}`;
            const expected = referencePareto(s.ref, timeSec, access, egress, MAX_RIDES, wheelchair, HORIZON);
            const got = res.journeys
              .filter((j) => j.arrivalSec < HORIZON)
              .map((j) => ({ time: j.arrivalSec, rides: j.transfers + 1, walk: j.walkSec }));
            expect(sorted(got.map(key))).toEqual(sorted(expected.filter((e) => e.time < HORIZON).map(key)));
            checkJourneys(s, res.journeys, access, egress);
            for (const j of res.journeys) expect(j.departureSec).toBeGreaterThanOrEqual(timeSec);
            expectRaptorProjection(s, query, res.journeys);
            compared++;
            // Two journeys with the same vehicle count: only walking separates them.
            if (new Set(got.map((g) => g.rides)).size < got.length) withTradeOff++;
          },
        ),
        { seed, numRuns: 50 },
      );
    }
    expect(compared).toBe(2000);
    // The comparison must include real walking trade-offs, not only Raptor's answers again.
    expect(withTradeOff).toBeGreaterThan(150);
  });

  it('arrive-by: the (departure, vehicles, walking) Pareto set equals the reference on 500 random queries', () => {
    let withJourney = 0;
    const lookBack = 5 * 3600;
    for (let seed = 100; seed < 120; seed++) {
      const s = setup(seed, [0, 60, 120][seed % 3]!);
      fc.assert(
        fc.property(
          legsArb(s.tt.stopCount),
          legsArb(s.tt.stopCount),
          fc.integer({ min: 7 * 3600, max: 26 * 3600 }),
          fc.boolean(),
          (access, egress, deadline, wheelchair) => {
            const query: RaptorQuery = {
              direction: 'arrive-by',
              timeSec: deadline,
              access,
              egress,
              wheelchair,
              maxDurationSec: UNBOUNDED,
            };
            const res = s.mc.route(query);
            const key = (dep: number, rides: number, walk: number): string => `${dep}/${rides}/${walk}`;
            const expected = paretoMin(
              referenceArriveBy(s.ref, deadline, lookBack, access, egress, wheelchair),
              (x) => [-x.dep, x.e.rides, x.e.walk],
            ).filter((x) => x.dep > deadline - lookBack);
            const got = res.journeys.filter((j) => j.departureSec > deadline - lookBack);
            expect(sorted(got.map((j) => key(j.departureSec, j.transfers + 1, j.walkSec)))).toEqual(
              sorted(expected.map((x) => key(x.dep, x.e.rides, x.e.walk))),
            );
            checkJourneys(s, res.journeys, access, egress);
            for (const j of res.journeys) expect(j.arrivalSec).toBeLessThanOrEqual(deadline);
            expectRaptorProjection(s, query, res.journeys);
            if (got.length > 0) withJourney++;
          },
        ),
        { seed, numRuns: 25 },
      );
    }
    expect(withJourney).toBeGreaterThan(120);
  });

  it('depart-after range: the (start, arrival, vehicles, walking) Pareto set equals the reference on 300 random queries', () => {
    expect(checkDepartAfterRange(200, 20)).toBeGreaterThan(120);
  });

  it('depart-after range pruned with TimeBound alone (a network past RideBounds.maxPositions, or a small query): the same on 150 random queries', () => {
    RideBounds.afterLabels = Infinity;
    expect(checkDepartAfterRange(220, 10)).toBeGreaterThan(60);
  });

  it('depart-after range switching to ride bounds after its first 40 labels: the same on 150 random queries', () => {
    RideBounds.afterLabels = 40;
    expect(checkDepartAfterRange(230, 10)).toBeGreaterThan(60);
  });

  it('arrive-by range: the (arrival bound, departure, vehicles, walking) Pareto set equals the reference on 210 random queries', () => {
    let withJourney = 0;
    const windowSec = 3600;
    const lookBack = 4 * 3600;
    for (let seed = 300; seed < 315; seed++) {
      const s = setup(seed, [0, 60, 120][seed % 3]!);
      fc.assert(
        fc.property(
          legsArb(s.tt.stopCount),
          legsArb(s.tt.stopCount),
          fc.integer({ min: 8 * 3600, max: 26 * 3600 }),
          fc.boolean(),
          (access, egress, deadline, wheelchair) => {
            const query: RaptorQuery = {
              direction: 'arrive-by',
              timeSec: deadline,
              windowSec,
              access,
              egress,
              wheelchair,
              maxDurationSec: UNBOUNDED,
            };
            const res = s.mc.route(query);
            const earliestDep = deadline - windowSec - lookBack;
            const journeys = referenceArriveBy(
              s.ref,
              deadline,
              windowSec + lookBack,
              access,
              egress,
              wheelchair,
            );
            const all: { end: number; dep: number; e: McEntry }[] = [];
            for (const end of listEndTimes(s.ref, deadline, windowSec, egress, wheelchair))
              for (const x of journeys) if (x.e.time <= end) all.push({ end, ...x });
            const key = (end: number, dep: number, rides: number, walk: number): string =>
              `${end}/${dep}/${rides}/${walk}`;
            const expected = paretoMin(all, (x) => [x.end, -x.dep, x.e.rides, x.e.walk]).filter(
              (x) => x.dep > earliestDep,
            );
            const got = res.journeys.filter((j) => j.departureSec > earliestDep);
            expect(
              sorted(got.map((j) => key(j.iterationSec, j.departureSec, j.transfers + 1, j.walkSec))),
            ).toEqual(sorted(expected.map((x) => key(x.end, x.dep, x.e.rides, x.e.walk))));
            checkJourneys(s, res.journeys, access, egress);
            for (const j of res.journeys) expect(j.arrivalSec).toBeLessThanOrEqual(deadline);
            expectRaptorProjection(s, query, res.journeys);
            if (got.length > 0) withJourney++;
          },
        ),
        { seed, numRuns: 14 },
      );
    }
    expect(withJourney).toBeGreaterThan(60);
  });
});

const DEMO_GTFS = join(import.meta.dirname, '../../../../regions/cairngorms/build/gtfs');

describe('McRAPTOR on the demo region', () => {
  it.skipIf(!existsSync(DEMO_GTFS))(
    "walk access within 1.5 km, both directions, single and 2-hour range: feasible, and projected on Raptor's criteria it is Raptor's answer (200 queries)",
    () => {
      const dirs = readdirSync(DEMO_GTFS)
        .map((d) => join(DEMO_GTFS, d))
        .filter((d) => statSync(d).isDirectory() || d.endsWith('.zip'));
      const loaded = loadGtfsFeeds(dirs.map((path) => ({ path })));
      expect(loaded.ok).toBe(true);
      if (!loaded.ok) return;
      const tt = loaded.timetable;
      // The demo timetables are generated around today; the next Wednesday is a day they run.
      const d = new Date();
      d.setUTCDate(d.getUTCDate() + ((3 - d.getUTCDay() + 7) % 7 || 7));
      const date = Number(d.toISOString().slice(0, 10).replaceAll('-', ''));
      const view = new TransitView(tt, date);
      const s = { view, raptor: new Raptor(view, MAX_TRANSFERS) };
      const mc = new McRaptor(view, MAX_TRANSFERS);
      const served: number[] = [];
      for (let x = 0; x < tt.stopCount; x++)
        if (tt.a.stopPatternOffsets[x + 1]! > tt.a.stopPatternOffsets[x]!) served.push(x);
      const rnd = makeRandom(2026);
      const near = (stop: number) =>
        listStopsWithinWalk(
          tt,
          tt.a.stopLat[stop]! + (rnd() - 0.5) * 0.01,
          tt.a.stopLon[stop]! + (rnd() - 0.5) * 0.01,
          1500,
        );
      let runs = 0;
      let withJourney = 0;
      let moreOptions = 0;
      while (runs < 200) {
        const access = near(served[Math.floor(rnd() * served.length)]!);
        const egress = near(served[Math.floor(rnd() * served.length)]!);
        if (access.length === 0 || egress.length === 0) continue;
        const query: RaptorQuery = {
          direction: runs % 2 === 0 ? 'depart-after' : 'arrive-by',
          timeSec:
            localToEpochSec(tt.timezone, date, 6 * 3600 + Math.floor(rnd() * 14 * 3600)) - view.epochZeroSec,
          windowSec: runs % 4 < 2 ? 0 : 2 * 3600,
          access,
          egress,
          wheelchair: runs % 5 === 0,
        };
        const res = mc.route(query);
        checkJourneys(s, res.journeys, access, egress);
        expectRaptorProjection(s, query, res.journeys);
        runs++;
        if (res.journeys.length > 0) withJourney++;
        if (res.journeys.length > s.raptor.route(query).journeys.length) moreOptions++;
      }
      expect(withJourney).toBeGreaterThan(100);
      // Walking as a criterion must show on a real region, or it is not worth its cost there.
      expect(moreOptions).toBeGreaterThan(40);
    },
  );
});
