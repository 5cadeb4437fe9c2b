// Whole-search CPU of the planner on the real feeds of ../shared/data (issue 28): RNV (Mannheim and
// Heidelberg, with its OSM extract) and NYC (subway and Brooklyn buses, 2.97 M stop times, no OSM).
// Seeded one-way searches between random stops of the feed at morning times, through the same
// planner facade the API uses. Prints a table; never fails on timings. Skips a feed that is absent.
// Run: npx node packages/engine/bench/planReal.ts [--only=rnv|nyc] [--searches=40]
import { createHash } from 'node:crypto';
import { NETWORKS, brand, loadRealNetwork, seededSearches } from './realFeeds.ts';
import { arg } from './cliArgs.ts';

const searches = Number(arg('searches') ?? 40);
const only = arg('only');

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;

for (const n of NETWORKS) {
  if (only && only !== n.id) continue;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const planner = loadRealNetwork(n);
  if (typeof planner === 'string') {
    console.log(planner);
    continue;
  }
  const lc = process.cpuUsage(c0);
  const load = `${((performance.now() - t0) / 1000).toFixed(1)} s (cpu ${((lc.user + lc.system) / 1e6).toFixed(1)} s)`;
  const requests = seededSearches(planner, n, searches + 3);
  for (const r of requests.slice(0, 3)) await planner.plan(r, null, brand);
  const cpu: number[] = [];
  const wall: number[] = [];
  let empty = 0;
  // Digest of every answer, so a speed change can be checked to leave the journeys identical.
  const hash = createHash('sha256');
  for (const r of requests.slice(3)) {
    const w = performance.now();
    const c = process.cpuUsage();
    const { journeys } = await planner.plan(r, null, brand);
    const d = process.cpuUsage(c);
    wall.push(performance.now() - w);
    cpu.push((d.user + d.system) / 1000);
    if (journeys.length === 0) empty++;
    hash.update(JSON.stringify(journeys));
  }
  cpu.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  console.table([
    { network: n.id, measure: 'load (feeds, OSM, footpaths, indexes)', value: load },
    { network: n.id, measure: 'searches', value: `${cpu.length} (${empty} with no journey)` },
    {
      network: n.id,
      measure: 'cpu p50',
      value: `${pct(cpu, 50).toFixed(0)} ms (wall ${pct(wall, 50).toFixed(0)} ms)`,
    },
    {
      network: n.id,
      measure: `cpu p95 (target ≤ ${n.target} ms)`,
      value: `${pct(cpu, 95).toFixed(0)} ms (wall ${pct(wall, 95).toFixed(0)} ms)`,
    },
    { network: n.id, measure: 'journeys digest (sha256)', value: hash.digest('hex').slice(0, 16) },
  ]);
}
