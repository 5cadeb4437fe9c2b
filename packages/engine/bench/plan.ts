// Whole-search latency of the planner on the demo region: outbound + return, all modes, fares,
// CO2 and extras, through the same loadPlanner facade the API uses. Prints a table; never fails
// on timings. Run: npx node packages/engine/bench/plan.ts [regionDir]
import { existsSync, readFileSync } from 'node:fs';
import { BrandSettings, SearchRequest } from '@cairn/contracts';
import { loadPlanner } from '../src/planner/loadPlanner.ts';

const regionDir = process.argv[2] ?? 'regions/cairngorms/build';
if (!existsSync(`${regionDir}/region.json`)) {
  console.log(`no region at ${regionDir} (build the demo region first)`);
  process.exit(0);
}
const brand = BrandSettings.parse(JSON.parse(readFileSync('brands/default/brand.json', 'utf8')));

const t0 = performance.now();
const planner = await loadPlanner(regionDir);
const loadMs = performance.now() - t0;

// Search ends are resolved once through autocomplete, as the web app does.
const placeOf = (q: string) => {
  const s = planner.autocomplete(q, 1)[0];
  if (!s) throw new Error(`no place for ${q}`);
  return { name: s.label, loc: s.location };
};
const PAIRS: Array<[string, string]> = [
  ['Edinburgh', 'Cairngorm'],
  ['Aviemore', 'Braemar'],
  ['Aviemore', 'Carrbridge'],
  ['Inverness', 'Kingussie'],
  ['Ballater', 'Aberdeen'],
  ['Pitlochry', 'Blair Atholl'],
  ['Grantown', 'Tomintoul'],
  ['Newtonmore', 'Aviemore'],
];
const DAYS = ['2026/11/24', '2026/11/28', '2026/11/29'];
const TIMES = ['07:30:00', '09:10:00', '13:45:00'];

const requests: SearchRequest[] = [];
for (const [a, b] of PAIRS) {
  const from = placeOf(a);
  const to = placeOf(b);
  for (const day of DAYS) {
    for (const time of TIMES) {
      requests.push(
        SearchRequest.parse({
          origin: from.name,
          destination: to.name,
          origin_location: from.loc,
          destination_location: to.loc,
          out_time: `${day} ${time}`,
          return_time: `${day} 17:00:00`,
          has_access_to_car: true,
          has_railcard: true,
          railcard_type: '16-25 Railcard',
        }),
      );
    }
  }
}

// Warm-up: first searches build transit views and JIT the hot paths.
for (const r of requests.slice(0, 3)) await planner.plan(r, null, brand);

const ms: number[] = [];
let journeys = 0;
for (const r of requests) {
  const start = performance.now();
  const js = await planner.plan(r, null, brand);
  ms.push(performance.now() - start);
  journeys += js.length;
}
ms.sort((a, b) => a - b);
const pct = (p: number) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))] ?? 0;
const mem = process.memoryUsage();
console.log('| measure | value |');
console.log('|---|---|');
console.log(`| region | ${regionDir} |`);
console.log(`| load (region.json, GTFS, OSM, indexes) | ${loadMs.toFixed(0)} ms |`);
console.log(`| searches (return trips, all modes) | ${ms.length} |`);
console.log(`| journeys per search (mean) | ${(journeys / ms.length).toFixed(1)} |`);
console.log(`| latency p50 | ${pct(50).toFixed(0)} ms |`);
console.log(`| latency p95 | ${pct(95).toFixed(0)} ms |`);
console.log(`| latency max | ${(ms[ms.length - 1] ?? 0).toFixed(0)} ms |`);
console.log(`| heap used | ${(mem.heapUsed / 1e6).toFixed(0)} MB |`);
