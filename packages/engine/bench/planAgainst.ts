// Whole-search CPU of this tree's planner against another revision's, in one process: the same
// searches, alternating which planner goes first, so the shared machine's load falls on both
// alike. Three kinds of search per pair: leaving at 07:30/09:10/13:45 with a return at 17:00
// (as bench/plan.ts), arriving by that time, and leaving at 22:30 (late: little or nothing runs).
// The base is a copy of the other revision's engine inside this repository (its packages resolve
// from here), e.g.:
//   git archive a1ec835 packages/engine/src | (mkdir -p .bench-base && tar -x -C .bench-base)
//   node --expose-gc packages/engine/bench/planAgainst.ts --base=.bench-base [--only=demo|large]
//     [--large-scale=1] [--searches=60] [--rounds=2] [--region-dir=DIR]
// --region-dir=DIR keeps the generated large region in DIR and reuses it (as bench/plan.ts does).
// Each search's journeys on both planners are compared too: the table says how many differ.
// A region the base cannot read as it is gets an adapted copy for the base (baseRegion.ts).
// Prints a table; never fails on timings. Not in `npm run bench` (it needs the base copy).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrandSettings, SearchRequest } from '@cairn/contracts';
import { loadPlanner } from '../src/planner/loadPlanner.ts';
import type { Planner } from '../src/planner/loadPlanner.ts';
import {
  LARGE_DATE,
  largeRegionHubs,
  pickLargePairs,
  readLargeRegion,
  writeLargeRegion,
} from './planLarge.ts';
import { arg, baseDir } from './cliArgs.ts';
import { baseRegionDir } from './baseRegion.ts';
import { demoDays } from './demoDays.ts';

const base = baseDir();
const only = arg('only');
const scale = Number(arg('large-scale') ?? 1);
const largeSearches = Number(arg('searches') ?? 60);
// Times each search is run on both planners (the demo's searches take a few ms: more rounds steady them).
const rounds = Number(arg('rounds') ?? 2);
const brand = BrandSettings.parse(JSON.parse(readFileSync('brands/default/brand.json', 'utf8')));
const baseModule = pathToFileURL(resolve(base, 'packages/engine/src/planner/loadPlanner.ts')).href;
const { loadPlanner: loadBase } = (await import(baseModule)) as { loadPlanner: typeof loadPlanner };

interface End {
  name: string;
  lat: number;
  lon: number;
}
const KINDS = ['depart + return', 'arrive-by', 'depart 22:30'] as const;
const TIMES = ['07:30:00', '09:10:00', '13:45:00'];

/** The three searches of a pair on `day` (YYYY/MM/DD). */
function searchesOf(a: End, b: End, day: string, i: number): SearchRequest[] {
  const ends = {
    origin: a.name,
    destination: b.name,
    origin_location: { lat: a.lat, lng: a.lon },
    destination_location: { lat: b.lat, lng: b.lon },
    has_access_to_car: true,
  };
  const t = TIMES[i % TIMES.length]!;
  return [
    SearchRequest.parse({ ...ends, out_time: `${day} ${t}`, return_time: `${day} 17:00:00` }),
    SearchRequest.parse({ ...ends, out_time: `${day} ${t}`, arrive_by: true }),
    SearchRequest.parse({ ...ends, out_time: `${day} 22:30:00` }),
  ];
}

/** Runs every search twice on both planners, alternating the order, and prints CPU ms by kind. */
async function compare(network: string, planners: { base: Planner; tree: Planner }, reqs: SearchRequest[]) {
  const cpu = { base: new Map<string, number[]>(), tree: new Map<string, number[]>() };
  // Searches whose journeys differ between the two planners, by kind (first round).
  const differ = new Map<string, number>();
  for (const p of [planners.base, planners.tree])
    for (const r of reqs.slice(0, 6)) await p.plan(r, null, brand);
  for (let rep = 0; rep < rounds; rep++)
    for (let i = 0; i < reqs.length; i++) {
      const names = (i + rep) % 2 ? (['tree', 'base'] as const) : (['base', 'tree'] as const);
      const answers: string[] = [];
      for (const name of names) {
        const c = process.cpuUsage();
        const { journeys } = await planners[name].plan(reqs[i]!, null, brand);
        const dc = process.cpuUsage(c);
        if (rep === 0) answers.push(JSON.stringify(journeys));
        const ms = (dc.user + dc.system) / 1000;
        for (const k of [KINDS[i % KINDS.length]!, 'all'])
          cpu[name].set(k, [...(cpu[name].get(k) ?? []), ms]);
      }
      if (rep === 0 && answers[0] !== answers[1])
        for (const k of [KINDS[i % KINDS.length]!, 'all']) differ.set(k, (differ.get(k) ?? 0) + 1);
    }
  const pct = (xs: number[], p: number) =>
    [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
  const cell = (xs: number[]) =>
    `${pct(xs, 50).toFixed(0)} / ${pct(xs, 95).toFixed(0)} / ${mean(xs).toFixed(0)}`;
  console.log(`\n${network}: ${reqs.length} searches × ${rounds}, CPU ms per search (p50 / p95 / mean)`);
  console.log('| kind | base | this tree | p95 change | mean change | answers differ |');
  console.log('|---|---|---|---|---|---:|');
  for (const k of [...KINDS, 'all']) {
    const b = cpu.base.get(k) ?? [];
    const t = cpu.tree.get(k) ?? [];
    const change = (f: (xs: number[]) => number) => `${((f(t) / f(b) - 1) * 100).toFixed(1)} %`;
    console.log(
      `| ${k} | ${cell(b)} | ${cell(t)} | ${change((xs) => pct(xs, 95))} | ${change(mean)} | ${differ.get(k) ?? 0} |`,
    );
  }
}

if (only !== 'large') {
  const dir = 'regions/cairngorms/build';
  const days = demoDays(dir);
  const now = () => days.nowMs;
  const baseRegion = await baseRegionDir(base, dir, console.log);
  const planners = { base: await loadBase(baseRegion.dir, { now }), tree: await loadPlanner(dir, { now }) };
  const place = (q: string): End => {
    const s = planners.tree.autocomplete(q, 1)[0];
    if (!s) throw new Error(`no place for ${q}`);
    return { name: s.label, lat: s.location.lat, lon: s.location.lng };
  };
  const pairs = [
    ['Kingussie', 'Inverness'],
    ['Blair Atholl', 'Pitlochry, Railway Station'],
    ['Nethy Bridge', 'Aviemore'],
    ['Killiecrankie', 'Pitlochry'],
    ['Tomintoul', 'Grantown-on-Spey'],
    ['Ballater', 'Aberdeen'],
    ['Carrbridge', 'Kingussie'],
    ['Edinburgh', 'Aviemore'],
  ];
  // A weekday and a Sunday of the generated calendar.
  const reqs = [days.weekday, days.sunday].flatMap((day) =>
    pairs.flatMap(([a, b], i) => searchesOf(place(a!), place(b!), day, i)),
  );
  await compare(`demo region (cairngorms), ${days.weekday} and ${days.sunday}`, planners, reqs);
  baseRegion.remove();
}

if (only !== 'demo') {
  const keptDir = arg('region-dir');
  const dir = keptDir ?? mkdtempSync(join(tmpdir(), 'cairn-plan-against-'));
  try {
    const region =
      keptDir && existsSync(join(keptDir, 'region.json'))
        ? readLargeRegion(keptDir, largeRegionHubs(scale))
        : await writeLargeRegion(dir, scale);
    const baseRegion = await baseRegionDir(base, dir, console.log);
    const planners = {
      base: await loadBase(baseRegion.dir, { log: () => {} }),
      tree: await loadPlanner(dir, { log: () => {} }),
    };
    const d = String(LARGE_DATE);
    const day = `${d.slice(0, 4)}/${d.slice(4, 6)}/${d.slice(6)}`;
    const reqs = pickLargePairs(region, largeSearches).flatMap(([a, b], i) => searchesOf(a, b, day, i));
    const network = `generated large network (${scale === 1 ? 'Scotland scale' : `${scale * 100}% of Scotland scale`})`;
    await compare(network, planners, reqs);
    baseRegion.remove();
  } finally {
    if (!keptDir) rmSync(dir, { recursive: true, force: true });
  }
}
