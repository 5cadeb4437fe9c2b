// The router alone, this tree's against another revision's, on the real feeds (issue 28): the
// RAPTOR and McRAPTOR queries of planReal.ts's seeded searches are recorded once through this
// tree's planner, then replayed on both revisions' TransitView, Raptor and McRaptor in one process,
// alternating which goes first, several rounds. The planner's latest departures (one
// Raptor.latestDepartures call per search and family) are replayed too; a base without that method
// answers them as the planner did before it, one arrive-by query per arrival with the later
// arrival's answer reused where it holds, and those answers are compared on departure, changes
// and walking (a tie may arrive at another time). Whole-search timings on the shared machine swing by
// 15 % between runs; replayed in one process the two sides stay within about 3 % of each other
// (base against itself), so a router change is measured here and checked for identical answers.
// The base is a copy of the other revision's engine inside this repository, e.g.:
//   git archive HEAD packages/engine/src | (mkdir -p .bench-base && tar -x -C .bench-base)
//   node --expose-gc packages/engine/bench/routerAgainst.ts --base=.bench-base [--only=rnv|nyc]
//     [--searches=15] [--rounds=5]
// --region-dir=DIR replays the generated Scotland-scale region's searches instead (a folder plan.ts
// --region-dir wrote; plan.ts's searches: out and back, car and railcard; issue 32).
// Prints a table; never fails on timings. Not in `npm run bench` (it needs the base copy).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SearchRequest } from '@cairn/contracts';
import { loadPlanner } from '../src/planner/loadPlanner.ts';
import type { Planner } from '../src/planner/loadPlanner.ts';
import { McRaptor } from '../src/raptor/mcRaptor.ts';
import { Raptor } from '../src/raptor/raptor.ts';
import type { RaptorJourney, RaptorQuery, RaptorResult } from '../src/raptor/types.ts';
import { TransitView } from '../src/timetable/transitView.ts';
import { NETWORKS, brand, loadRealNetwork, seededSearches } from './realFeeds.ts';
import { largeRegionSearches } from './planLarge.ts';
import { arg, baseDir } from './cliArgs.ts';

const base = baseDir();
const only = arg('only');
const searches = Number(arg('searches') ?? 15);
const rounds = Math.max(2, Number(arg('rounds') ?? 5));
const regionDir = arg('region-dir');

interface Engine {
  TransitView: typeof TransitView;
  Raptor: typeof Raptor;
  McRaptor: typeof McRaptor;
}
const fromBase = async <T>(path: string): Promise<T> =>
  (await import(pathToFileURL(resolve(base, 'packages/engine/src', path)).href)) as T;
const engines: Record<'base' | 'tree', Engine> = {
  base: {
    ...(await fromBase<{ TransitView: typeof TransitView }>('timetable/transitView.ts')),
    ...(await fromBase<{ Raptor: typeof Raptor }>('raptor/raptor.ts')),
    ...(await fromBase<{ McRaptor: typeof McRaptor }>('raptor/mcRaptor.ts')),
  },
  tree: { TransitView, Raptor, McRaptor },
};

interface Recorded {
  search: number;
  mc: boolean;
  query: RaptorQuery;
  view: TransitView;
  /** A latest-departures call: its arrivals and earliest departure. */
  latest?: { arrivals: number[]; notBeforeSec: number };
}
let recording: Recorded[] | undefined;
let current = 0;
// Records every query this tree's routers answer while `recording` is set.
for (const [proto, mc] of [
  [Raptor.prototype, false],
  [McRaptor.prototype, true],
] as const) {
  const route = proto.route;
  proto.route = function (this: Raptor | McRaptor, query: RaptorQuery): RaptorResult {
    const view = (this as unknown as { data: TransitView }).data;
    recording?.push({ search: current, mc, query: structuredClone({ ...query, trace: undefined }), view });
    return route.call(this, query);
  };
}

const latestDepartures = Raptor.prototype.latestDepartures;
Raptor.prototype.latestDepartures = function (this: Raptor, query, arrivals, notBeforeSec) {
  const view = (this as unknown as { data: TransitView }).data;
  const q = structuredClone({ ...query, trace: undefined });
  recording?.push({
    search: current,
    mc: false,
    query: q,
    view,
    latest: { arrivals: [...arrivals], notBeforeSec },
  });
  return latestDepartures.call(this, query, arrivals, notBeforeSec);
};

/** The latest departures on `raptor` (the planner's per-arrival queries where it has no latestDepartures), as comparable text. */
function replayLatest(raptor: Raptor, query: RaptorQuery, arrivals: number[], notBeforeSec: number): string {
  const answers = raptor.latestDepartures
    ? raptor.latestDepartures(query, arrivals, notBeforeSec).journeys
    : perArrival(raptor, query, arrivals, notBeforeSec);
  return JSON.stringify(
    answers.map((js) => js.map((j) => `${j.departureSec}/${j.transfers}/${j.walkSec}`).sort()),
  );
}

function perArrival(
  raptor: Raptor,
  query: RaptorQuery,
  arrivals: number[],
  notBeforeSec: number,
): RaptorJourney[][] {
  const out: RaptorJourney[][] = new Array(arrivals.length);
  let last: RaptorJourney[] | undefined;
  let lastArrivesBy = -Infinity;
  for (let i = arrivals.length - 1; i >= 0; i--) {
    const timeSec = arrivals[i]!;
    if (!last || lastArrivesBy > timeSec) {
      const backward = { ...query, direction: 'arrive-by' as const, timeSec, windowSec: 0 };
      last = raptor.route({ ...backward, maxDurationSec: timeSec - notBeforeSec }).journeys;
      lastArrivesBy = last.reduce((m, j) => Math.max(m, j.arrivalSec), -Infinity);
    }
    out[i] = last;
  }
  return out;
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

/** The networks to replay: their planner (or why not) and `count` searches on it. */
interface Replayed {
  id: string;
  load: () => Promise<Planner | string>;
  searches: (planner: Planner, count: number) => SearchRequest[];
}
const networks: Replayed[] = regionDir
  ? [
      {
        id: 'scotland',
        load: () => loadPlanner(regionDir, { log: () => {} }),
        searches: (_, count) => largeRegionSearches(regionDir, count),
      },
    ]
  : NETWORKS.filter((n) => !only || only === n.id).map((n) => ({
      id: n.id,
      load: () => Promise.resolve(loadRealNetwork(n)),
      searches: (planner, count) => seededSearches(planner, n, count),
    }));

for (const n of networks) {
  const planner = await n.load();
  if (typeof planner === 'string') {
    console.log(planner);
    continue;
  }
  const requests = n.searches(planner, searches + 3);
  for (const r of requests.slice(0, 3)) await planner.plan(r, null, brand);
  const queries: Recorded[] = (recording = []);
  for (const [i, r] of requests.slice(3).entries()) {
    current = i;
    await planner.plan(r, null, brand);
  }
  recording = undefined;
  // Each side gets its own routers on its own view of every date the searches used.
  const sides = (['base', 'tree'] as const).map((who) => {
    const e = engines[who];
    const routers = new Map<TransitView, { raptor: Raptor; mcRaptor: McRaptor }>();
    for (const {
      view: { timetable, date },
      view: recorded,
    } of queries) {
      if (routers.has(recorded)) continue;
      const view = new e.TransitView(timetable, date, planner.region.timeZone);
      routers.set(recorded, { raptor: new e.Raptor(view, 3), mcRaptor: new e.McRaptor(view, 3) });
    }
    return { who, routers };
  });
  const cpu = { base: new Array<number>(searches).fill(0), tree: new Array<number>(searches).fill(0) };
  // Per search, its least CPU over the measured rounds: a round slowed by the shared machine's
  // load drops out, so the ratio of these sums moves less between runs than that of the means.
  const least = {
    base: new Array<number>(searches).fill(Infinity),
    tree: new Array<number>(searches).fill(Infinity),
  };
  let differing = 0;
  for (let round = 0; round < rounds; round++) {
    const answers = { base: [] as string[], tree: [] as string[] };
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      const thisRound = new Array<number>(searches).fill(0);
      for (const { search, mc, query, latest, view } of queries) {
        const { raptor, mcRaptor } = side.routers.get(view)!;
        const c = process.cpuUsage();
        const answer = latest
          ? replayLatest(raptor, query, latest.arrivals, latest.notBeforeSec)
          : JSON.stringify((mc ? mcRaptor : raptor).route(query).journeys);
        const d = process.cpuUsage(c);
        // The first round warms both sides up.
        if (round > 0) cpu[side.who][search]! += (d.user + d.system) / 1000 / (rounds - 1);
        thisRound[search]! += (d.user + d.system) / 1000;
        answers[side.who].push(answer);
      }
      if (round > 0)
        for (let i = 0; i < searches; i++) least[side.who][i] = Math.min(least[side.who][i]!, thisRound[i]!);
    }
    differing += answers.base.filter((a, i) => a !== answers.tree[i]).length;
  }
  const row = (who: 'base' | 'tree') => {
    const xs = [...cpu[who]].sort((a, b) => a - b);
    return `${pct(xs, 50).toFixed(1)} / ${pct(xs, 95).toFixed(1)} ms (sum ${xs.reduce((a, b) => a + b, 0).toFixed(0)} ms)`;
  };
  const sum = (who: 'base' | 'tree') => cpu[who].reduce((a, b) => a + b, 0);
  console.table([
    { network: n.id, measure: 'searches / router queries', value: `${searches} / ${queries.length}` },
    { network: n.id, measure: 'router cpu a search, base p50 / p95', value: row('base') },
    { network: n.id, measure: 'router cpu a search, tree p50 / p95', value: row('tree') },
    { network: n.id, measure: 'tree / base (sum)', value: (sum('tree') / sum('base')).toFixed(3) },
    {
      network: n.id,
      measure: 'tree / base (sum of each search’s least)',
      value: (least.tree.reduce((a, b) => a + b, 0) / least.base.reduce((a, b) => a + b, 0)).toFixed(3),
    },
    { network: n.id, measure: 'answers differing', value: `${differing} of ${queries.length * rounds}` },
  ]);
}
