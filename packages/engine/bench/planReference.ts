// The planner on a generated large region checked against the engine tests' connection-scan
// reference (test/planner/reference: the same code EP09 runs on 5 % of the Scotland network), for
// sizes a test cannot afford: plan() must reach the destination by walking and public transport no
// later than the reference's earliest arrival, and find a journey whenever the reference does.
// Prints the verdicts and the planner's and reference's memory; exits 1 when a search is late or missing.
// Run: node --max-old-space-size=9000 packages/engine/bench/planReference.ts --network=gb
//        [--large-scale=1] [--region-dir=DIR (reused when it holds a region)] [--searches=20]
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listLargeSearches } from '../test/planner/reference/searches.ts';
import {
  compareSearch,
  formatTable,
  loadReferenceRegion,
} from '../test/planner/reference/plannerReference.ts';
import type { ComparedSearch } from '../test/planner/reference/plannerReference.ts';
import { largeRegionHubs, readLargeRegion, writeLargeRegion } from './planLarge.ts';
import type { LargeNetwork, LargeRegion } from './planLarge.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const network: LargeNetwork = arg('network') === 'scotland' ? 'scotland' : 'gb';
const scale = Number(arg('large-scale') ?? 1);
const searches = Number(arg('searches') ?? 20);
const keptDir = arg('region-dir');
const dir = keptDir ?? mkdtempSync(join(tmpdir(), 'cairn-plan-reference-'));
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
const log = (line: string) => console.error(`[reference] ${line}`);

try {
  let region: LargeRegion;
  if (keptDir && existsSync(join(keptDir, 'region.json')))
    region = readLargeRegion(keptDir, largeRegionHubs(scale, network));
  else {
    log(`writing the ${network} region at scale ${scale} into ${dir}`);
    region = writeLargeRegion(dir, scale, network);
  }
  const t0 = performance.now();
  // The clock of EP09's large case: the week before the searches' Wednesday, so every day is in the calendar.
  const r = await loadReferenceRegion(dir, Date.UTC(2026, 4, 27));
  const loadedSec = (performance.now() - t0) / 1000;
  const mem = process.memoryUsage();
  log(`planner, region data and reference loaded in ${loadedSec.toFixed(0)} s; RSS ${mb(mem.rss)}`);
  const rows: ComparedSearch[] = [];
  let refMs = 0;
  for (const [from, to, out] of listLargeSearches(region, searches)) {
    const s = performance.now();
    rows.push(await compareSearch(r, from, to, out));
    refMs += performance.now() - s;
  }
  const count = (v: ComparedSearch['verdict']) => rows.filter((c) => c.verdict === v).length;
  const failed = rows.filter((c) => c.verdict === 'late' || c.verdict === 'missing');
  console.log(
    '| network | stops | searches | reference answers | plan as early or earlier | late | missing | load s (planner + data + reference) | RSS after | wall per search (plan + reference) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| ${network} × ${scale} | ${region.stops.length} | ${rows.length} | ${rows.length - count('no reference journey')} | ${count('ok')} | ${count('late')} | ${count('missing')} | ${loadedSec.toFixed(0)} | ${mb(process.memoryUsage().rss)} (peak ${mb(process.resourceUsage().maxRSS * 1000)}) | ${(refMs / rows.length / 1000).toFixed(1)} s |`,
  );
  if (failed.length > 0) {
    console.log(`\n${formatTable(r, failed)}`);
    process.exitCode = 1;
  }
} finally {
  if (!keptDir) rmSync(dir, { recursive: true, force: true });
}
