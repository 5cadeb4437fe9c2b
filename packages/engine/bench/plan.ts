// Whole-search latency of the planner: outbound + return, all modes, fares, CO2 and extras,
// through the same loadPlanner facade the API uses, on the demo region and on the generated large
// network. Prints a table; never fails on timings.
// Run: npx node packages/engine/bench/plan.ts [--scale=0.25] [--only=demo|large]
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrandSettings, SearchRequest } from '@cairn/contracts';
import { loadPlanner } from '../src/planner/loadPlanner.ts';
import type { Planner } from '../src/planner/loadPlanner.ts';
import { LARGE_DATE, pickLargePairs, writeLargeRegion } from './planLarge.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const scale = Number(arg('scale') ?? 1);
const only = arg('only');
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
  loadMs: number,
  requests: SearchRequest[],
): Promise<void> {
  // Warm-up: the first searches build transit views and JIT the hot paths.
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
  const add = (m: string, v: string) => rows.push({ network, measure: m, value: v });
  add('load (region.json, GTFS, OSM, indexes)', `${loadMs.toFixed(0)} ms`);
  add('searches (return trips, all modes)', String(ms.length));
  add('journeys per search (mean)', (journeys / ms.length).toFixed(1));
  add('latency p50', `${pct(50).toFixed(0)} ms`);
  add('latency p95 (target ≤ 500 ms)', `${pct(95).toFixed(0)} ms`);
  add('latency max', `${(ms[ms.length - 1] ?? 0).toFixed(0)} ms`);
  add('heap used', `${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
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
    const t0 = performance.now();
    const planner = await loadPlanner(demoDir, { now: () => Date.UTC(2026, 10, 22, 9, 0) });
    const loadMs = performance.now() - t0;
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
    // Days relative to the generated calendar's start: a weekday, a Saturday and a Sunday.
    const days = ['2026/11/24', '2026/11/28', '2026/11/29'];
    const requests = pairs.flatMap(([a, b]) =>
      days.flatMap((d) =>
        ['07:30:00', '09:10:00', '13:45:00'].map((t) => request(placeOf(a), placeOf(b), d, t)),
      ),
    );
    await measure('demo region (cairngorms)', planner, loadMs, requests);
  }
}

if (only !== 'demo') {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-plan-large-'));
  try {
    const { stops } = writeLargeRegion(dir, scale);
    const t0 = performance.now();
    const planner = await loadPlanner(dir);
    const loadMs = performance.now() - t0;
    const d = String(LARGE_DATE);
    const day = `${d.slice(0, 4)}/${d.slice(4, 6)}/${d.slice(6)}`;
    const requests = pickLargePairs(stops, 40).map(([a, b], i) =>
      request(
        { name: `A${i}`, loc: a },
        { name: `B${i}`, loc: b },
        day,
        ['07:30:00', '09:10:00', '13:45:00'][i % 3] ?? '09:10:00',
      ),
    );
    await measure(
      `generated large network (${scale === 1 ? 'Scotland scale' : `${scale * 100}% of Scotland scale`})`,
      planner,
      loadMs,
      requests,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log('| network | measure | value |');
console.log('|---|---|---|');
for (const r of rows) console.log(`| ${r.network} | ${r.measure} | ${r.value} |`);
