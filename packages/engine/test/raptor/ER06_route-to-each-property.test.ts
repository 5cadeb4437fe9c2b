// Feature under test: one RAPTOR run to several egress lists at once (Raptor.routeToEach: a way back's walk home, lift home and the cars or bikes collected at several stations) answers each list exactly as its own query does, on random networks, the demo region and the generated Scotland-scale network.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateScotlandNetwork, makeRandom, SCOTLAND_BENCH_DATE } from '../../bench/transitNetwork.ts';
import { loadGtfsFeeds } from '../../src/gtfs/loadFeeds.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import type { AccessLeg, RaptorQuery } from '../../src/raptor/types.ts';
import { STEP_FREE_WALK_FACTOR } from '../../src/stepFree/streetProfile.ts';
import { localToEpochSec } from '../../src/time/serviceDay.ts';
import { buildTimetable } from '../../src/timetable/builder.ts';
import { listStopsWithinWalk } from '../../src/timetable/nearbyStops.ts';
import { readTimetableSnapshot } from '../../src/timetable/snapshot.ts';
import type { Timetable } from '../../src/timetable/timetable.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { randomNetwork } from '../support/randomNetwork.ts';

/** The planner's limit (figures/planningFigures.ts MAX_TRANSFERS). */
const MAX_TRANSFERS = 5;

interface Tally {
  runs: number;
  /** Lists answered with at least one journey. */
  answered: number;
  /** Runs where two lists or more were answered with different journeys. */
  distinct: number;
}

/**
 * `runs` random ways back on one timetable: walk access around a random stop, 1 to 5 egress lists
 * near another stop (home): a car or a bike at a station (the same station twice sometimes, by car
 * and by bike; now and then two stations in one list), the walk home, a lift home from the
 * stations; leaving within a 30-minute window at a random hour, some step-free. The shared run must equal the separate queries, list by list; which runs
 * first alternates, since the routers keep bounds and trip lookups across queries.
 */
function compareOn(tt: Timetable, date: number, seed: number, runs: number, radiusM: number): Tally {
  const view = new TransitView(tt, date);
  const raptor = new Raptor(view, MAX_TRANSFERS);
  const served: number[] = [];
  for (let s = 0; s < tt.stopCount; s++)
    if (tt.a.stopPatternOffsets[s + 1]! > tt.a.stopPatternOffsets[s]!) served.push(s);
  const rnd = makeRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const around = (stop: number, m: number, mode: string) =>
    listStopsWithinWalk(tt, tt.a.stopLat[stop]! + (rnd() - 0.5) * 0.005, tt.a.stopLon[stop]!, m, mode);
  const tally: Tally = { runs: 0, answered: 0, distinct: 0 };
  while (tally.runs < runs) {
    const from = pick(served);
    const access = around(from, 1200, 'walk');
    // Home: a stop within 60 km (a day out), rarely further (tries at random).
    let home = pick(served);
    for (let tries = 0; tries < 50 && kmBetween(tt, from, home) > 60; tries++) home = pick(served);
    const stations = around(home, radiusM, 'own car');
    if (access.length === 0 || stations.length === 0) continue;
    const vehicle = (): AccessLeg => ({
      stopIdx: pick(stations).stopIdx,
      durationSec: 60 + Math.floor(rnd() * 1740),
      mode: rnd() < 0.5 ? 'own car' : 'cycle',
    });
    const walkHome = around(home, 1200, 'walk');
    const lists: AccessLeg[][] = [];
    for (let n = 1 + Math.floor(rnd() * 5); lists.length < n;) {
      const r = rnd();
      const previous = lists[lists.length - 1];
      if (previous && r < 0.2)
        lists.push([{ ...previous[0]!, durationSec: 60 + Math.floor(rnd() * 1740), mode: 'cycle' }]);
      else if (r < 0.4 && walkHome.length > 0) lists.push(walkHome);
      else if (r < 0.5) lists.push(stations.slice(0, 12).map((s) => ({ ...s, mode: 'car' })));
      else lists.push(r < 0.6 ? [vehicle(), vehicle()] : [vehicle()]);
    }
    const query: RaptorQuery = {
      direction: 'depart-after',
      timeSec:
        localToEpochSec(tt.timezone, date, 5 * 3600 + Math.floor(rnd() * 17 * 3600)) - view.epochZeroSec,
      windowSec: 30 * 60,
      access,
      egress: [],
      maxTransfers: MAX_TRANSFERS,
      wheelchair: tally.runs % 7 === 3,
      walkTransferFactor: tally.runs % 5 === 2 ? STEP_FREE_WALK_FACTOR : 1,
    };
    const separately = () => lists.map((egress) => raptor.route({ ...query, egress }).journeys);
    const first = tally.runs % 2 === 0 ? separately() : undefined;
    const shared = raptor.routeToEach(query, lists);
    const expected = first ?? separately();
    expect(shared).toEqual(expected);
    tally.runs++;
    const answered = expected.filter((js) => js.length > 0).map((js) => JSON.stringify(js));
    tally.answered += answered.length;
    if (new Set(answered).size > 1) tally.distinct++;
  }
  return tally;
}

/** Straight-line kilometres between two stops (flat, near enough at these distances). */
function kmBetween(tt: Timetable, a: number, b: number): number {
  const dLat = (tt.a.stopLat[a]! - tt.a.stopLat[b]!) * 111.2;
  const dLon = (tt.a.stopLon[a]! - tt.a.stopLon[b]!) * 111.2 * Math.cos((tt.a.stopLat[a]! * Math.PI) / 180);
  return Math.hypot(dLat, dLon);
}

describe('RAPTOR to several egress lists at once', () => {
  it('equals each list on its own on 40 random networks (1,200 ways back)', () => {
    const tally: Tally = { runs: 0, answered: 0, distinct: 0 };
    for (let seed = 1; seed <= 40; seed++) {
      const { tt } = randomNetwork(seed, [0, 60, 120][seed % 3]!, 20260603);
      const t = compareOn(tt, 20260603, seed, 30, 1500);
      tally.runs += t.runs;
      tally.answered += t.answered;
      tally.distinct += t.distinct;
    }
    expect(tally.answered).toBeGreaterThan(2000);
    expect(tally.distinct).toBeGreaterThan(600);
  });

  it('answers depart-after queries only', () => {
    const { tt, view } = randomNetwork(1, 60, 20260603);
    const raptor = new Raptor(view, MAX_TRANSFERS);
    const leg: AccessLeg = { stopIdx: 0, durationSec: 60, mode: 'walk' };
    expect(() =>
      raptor.routeToEach({ direction: 'arrive-by', timeSec: 9 * 3600, access: [leg], egress: [] }, [
        [{ ...leg, stopIdx: tt.stopCount - 1 }],
      ]),
    ).toThrow(/depart-after/);
  });

  const demoGtfs = join(import.meta.dirname, '../../../../regions/cairngorms/build/gtfs');
  it.skipIf(!existsSync(demoGtfs))('equals each list on its own on the demo region (300 ways back)', () => {
    const dirs = readdirSync(demoGtfs)
      .map((d) => join(demoGtfs, d))
      .filter((d) => statSync(d).isDirectory() || d.endsWith('.zip'));
    const loaded = loadGtfsFeeds(dirs.map((path) => ({ path })));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    // The demo timetables are generated around today; the next Wednesday is a day they run.
    const d = new Date();
    d.setUTCDate(d.getUTCDate() + ((3 - d.getUTCDay() + 7) % 7 || 7));
    const date = Number(d.toISOString().slice(0, 10).replaceAll('-', ''));
    const tally = compareOn(loaded.timetable, date, 2026, 300, 30_000);
    expect(tally.answered).toBeGreaterThan(700);
    expect(tally.distinct).toBeGreaterThan(180);
  });

  it('equals each list on its own on the generated Scotland-scale network at 5 % (400 ways back)', () => {
    const tt = buildTimetable(generateScotlandNetwork(0.05));
    const tally = compareOn(tt, SCOTLAND_BENCH_DATE, 32, 400, 30_000);
    expect(tally.answered).toBeGreaterThan(450);
    expect(tally.distinct).toBeGreaterThan(120);
  });

  // The whole Scotland-scale network, when a bench region folder is named (bench/plan.ts
  // --region-dir=DIR writes one): CAIRN_LARGE_REGION_DIR=DIR vitest run <this file>.
  const largeDir = process.env.CAIRN_LARGE_REGION_DIR ?? '';
  it.skipIf(!largeDir || !existsSync(join(largeDir, 'timetable.bin')))(
    'equals each list on its own on the Scotland-scale network of CAIRN_LARGE_REGION_DIR (300 ways back)',
    () => {
      const read = readTimetableSnapshot(join(largeDir, 'timetable.bin'));
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      const tally = compareOn(read.timetable, SCOTLAND_BENCH_DATE, 33, 300, 30_000);
      expect(tally.answered).toBeGreaterThan(550);
      expect(tally.distinct).toBeGreaterThan(140);
    },
  );
});
