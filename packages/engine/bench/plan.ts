// Whole-search latency of the planner: outbound + return, all modes, fares, CO2 and extras,
// through the same loadPlanner facade the API uses, on the demo region and on the generated large
// network. Prints a table; never fails on timings.
// The large network is built at full Scotland scale by default; --large-scale=0.25 builds a quarter
// of it for a quick look; --network=gb builds the Great-Britain-scale network instead (400,000 stops
// at scale 1, transitNetwork.ts generateGreatBritainNetwork; give node --max-old-space-size). Wall
// and process CPU time are both shown (the machine is shared).
// --region-dir=DIR keeps the generated region in DIR and reuses it next time (the timetable snapshot
// too), so a second run shows a planner started from the snapshot in a fresh process.
// Run: npx node packages/engine/bench/plan.ts [--large-scale=0.25] [--network=gb] [--region-dir=DIR] [--only=demo|large] [--searches=60]
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import type { LargeNetwork, LargeRegion } from './planLarge.ts';
import { arg } from './cliArgs.ts';
import { demoDays } from './demoDays.ts';

const scale = Number(arg('large-scale') ?? arg('scale') ?? 1);
const largeSearches = Number(arg('searches') ?? 60);
const only = arg('only');
const largeNetwork: LargeNetwork = arg('network') === 'gb' ? 'gb' : 'scotland';
const brand = BrandSettings.parse(JSON.parse(readFileSync('brands/default/brand.json', 'utf8')));

interface Row {
  network: string;
  measure: string;
  value: string;
}
const rows: Row[] = [];

async function measure(
  network: string,
  planner: Planner,
  load: { wallMs: number; cpuMs: number },
  requests: SearchRequest[],
): Promise<void> {
  // Warm-up: the first searches build transit views and JIT the hot paths.
  for (const r of requests.slice(0, 3)) await planner.plan(r, null, brand);
  const ms: number[] = [];
  const cpu: number[] = [];
  let journeys = 0;
  let empty = 0;
  // Digest of every answer, so a speed change can be checked to leave the journeys identical.
  const hash = createHash('sha256');
  for (const r of requests) {
    const start = performance.now();
    const c = process.cpuUsage();
    const { journeys: js } = await planner.plan(r, null, brand);
    const dc = process.cpuUsage(c);
    ms.push(performance.now() - start);
    cpu.push((dc.user + dc.system) / 1000);
    journeys += js.length;
    if (js.length === 0) empty++;
    hash.update(JSON.stringify(js));
  }
  ms.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const pct = (xs: number[], p: number) =>
    xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
  const add = (m: string, v: string) => rows.push({ network, measure: m, value: v });
  (globalThis as { gc?: () => void }).gc?.();
  const mem = process.memoryUsage();
  add(
    'planner load (region.json, timetable, OSM, street network, indexes)',
    `${load.wallMs.toFixed(0)} ms (cpu ${load.cpuMs.toFixed(0)} ms)`,
  );
  add('searches (return trips, all modes)', `${ms.length} (${empty} with no journey)`);
  add('journeys per search (mean)', (journeys / ms.length).toFixed(1));
  add('latency p50', `${pct(ms, 50).toFixed(0)} ms (cpu ${pct(cpu, 50).toFixed(0)} ms)`);
  add(
    'latency p95 (target: cpu ≤ 250 ms at Scotland scale)',
    `${pct(ms, 95).toFixed(0)} ms (cpu ${pct(cpu, 95).toFixed(0)} ms)`,
  );
  add(
    'latency max',
    `${(ms[ms.length - 1] ?? 0).toFixed(0)} ms (cpu ${(cpu[cpu.length - 1] ?? 0).toFixed(0)} ms)`,
  );
  // Live memory is heap + array buffers (the timetable and street graph are typed arrays); RSS also
  // holds what the process freed but kept (the first, GTFS-parsing load of the large region).
  add('journeys digest (sha256)', hash.digest('hex').slice(0, 16));
  add(
    'memory after searches (whole process)',
    `${(mem.rss / 1e6).toFixed(0)} MB RSS; live ${((mem.heapUsed + mem.arrayBuffers) / 1e6).toFixed(0)} MB (heap ${(mem.heapUsed / 1e6).toFixed(0)} MB + array buffers ${(mem.arrayBuffers / 1e6).toFixed(0)} MB)`,
  );
}

/** Times an async step in wall and process CPU milliseconds. */
async function timed<T>(run: () => Promise<T> | T): Promise<{ value: T; wallMs: number; cpuMs: number }> {
  const t0 = performance.now();
  const c = process.cpuUsage();
  const value = await run();
  const dc = process.cpuUsage(c);
  return { value, wallMs: performance.now() - t0, cpuMs: (dc.user + dc.system) / 1000 };
}

const request = (
  from: { name: string; loc: { lat: number; lng: number } },
  to: { name: string; loc: { lat: number; lng: number } },
  day: string,
  time: string,
) =>
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
  });

const demoDir = 'regions/cairngorms/build';
if (only !== 'large') {
  if (!existsSync(`${demoDir}/region.json`))
    rows.push({ network: 'demo region', measure: 'skipped', value: `${demoDir} not generated` });
  else {
    const days = demoDays(demoDir);
    const load = await timed(() => loadPlanner(demoDir, { now: () => days.nowMs }));
    const planner = load.value;
    // Search ends are resolved once through autocomplete, as the web app does.
    const placeOf = (q: string) => {
      const s = planner.autocomplete(q, 1)[0];
      if (!s) throw new Error(`no place for ${q}`);
      return { name: s.label, loc: s.location };
    };
    const pairs: Array<[string, string]> = [
      ['Edinburgh', 'Cairngorm'],
      ['Aviemore', 'Braemar'],
      ['Aviemore', 'Carrbridge'],
      ['Inverness', 'Kingussie'],
      ['Ballater', 'Aberdeen'],
      ['Pitlochry', 'Blair Atholl'],
      ['Grantown', 'Tomintoul'],
      ['Newtonmore', 'Aviemore'],
    ];
    // Days of the build's own calendar: a weekday, a Saturday and a Sunday.
    const requests = pairs.flatMap(([a, b]) =>
      [days.weekday, days.saturday, days.sunday].flatMap((d) =>
        ['07:30:00', '09:10:00', '13:45:00'].map((t) => request(placeOf(a), placeOf(b), d, t)),
      ),
    );
    await measure('demo region (cairngorms)', planner, load, requests);
  }
}

if (only !== 'demo') {
  // --region-dir=DIR keeps the generated region (and its timetable snapshot) there and reuses it on
  // the next run, so a run in a fresh process measures a planner started from the snapshot alone.
  const keptDir = arg('region-dir');
  const dir = keptDir ?? mkdtempSync(join(tmpdir(), 'cairn-plan-large-'));
  try {
    const size = largeNetwork === 'gb' ? 'Great-Britain scale' : 'Scotland scale';
    const network = `generated large network (${scale === 1 ? size : `${scale * 100}% of ${size}`})`;
    let region: LargeRegion;
    if (keptDir && existsSync(join(keptDir, 'region.json'))) {
      region = readLargeRegion(keptDir, largeRegionHubs(scale, largeNetwork));
      rows.push({ network, measure: 'region', value: `reused from ${keptDir}` });
    } else {
      const built = await timed(() => writeLargeRegion(dir, scale, largeNetwork));
      region = built.value;
      const r = region.roads;
      rows.push({
        network,
        measure: 'region build (timetable, GTFS, roads.osm, region.json)',
        value: `${built.wallMs.toFixed(0)} ms (cpu ${built.cpuMs.toFixed(0)} ms): ${region.stops.length} stops (${region.hubs} towns), ${region.tripCount} trips; roads ${r.nodes} OSM nodes, ${r.ways} ways, ${r.roadKm.toFixed(0)} km`,
      });
      // A first start parses the GTFS feed and writes timetable.bin; later starts (the figure that
      // matters for a server restart) read that snapshot. Searches run on the second planner.
      const first = await timed(() => loadPlanner(dir, { log: () => {} }));
      rows.push({
        network,
        measure: 'first planner load (GTFS parse, snapshot write, OSM, street network, indexes)',
        value: `${first.wallMs.toFixed(0)} ms (cpu ${first.cpuMs.toFixed(0)} ms); peak RSS so far ${(process.resourceUsage().maxRSS / 1000).toFixed(0)} MB`,
      });
      first.value = undefined as unknown as Planner;
      (globalThis as { gc?: () => void }).gc?.();
    }
    const load = await timed(() => loadPlanner(dir, { log: () => {} }));
    const planner = load.value;
    const d = String(LARGE_DATE);
    const day = `${d.slice(0, 4)}/${d.slice(4, 6)}/${d.slice(6)}`;
    const requests = pickLargePairs(region, largeSearches).map(([a, b], i) =>
      request(
        { name: a.name, loc: { lat: a.lat, lng: a.lon } },
        { name: b.name, loc: { lat: b.lat, lng: b.lon } },
        day,
        ['07:30:00', '09:10:00', '13:45:00'][i % 3] ?? '09:10:00',
      ),
    );
    await measure(network, planner, load, requests);
  } finally {
    if (!keptDir) rmSync(dir, { recursive: true, force: true });
  }
}

console.log('| network | measure | value |');
console.log('|---|---|---|');
for (const r of rows) console.log(`| ${r.network} | ${r.measure} | ${r.value} |`);
