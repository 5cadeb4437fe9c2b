// The planner tests on the generated Cairngorms demo region: brand settings, the region generated
// into a temporary folder, the planner loaded on it, and searches between place names.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrandSettings, Journey, SearchRequest } from '@cairn/contracts';
import type { Profile, SearchRequestInput } from '@cairn/contracts';
import { afterAll, beforeAll } from 'vitest';
import { generateDemoRegion } from '../../../../regions/cairngorms/generator/main.ts';
import { loadPlanner } from '../../src/planner/loadPlanner.ts';
import type { Planner } from '../../src/planner/loadPlanner.ts';
import type { LiveVersion } from '../../src/realtime/liveVersion.ts';

const brandsDir = new URL('../../../../brands/', import.meta.url);
const readBrand = (id: string) =>
  JSON.parse(readFileSync(new URL(`${id}/brand.json`, brandsDir), 'utf8')) as Record<string, unknown>;
/** A brand's settings merged over the default brand, as the API serves them. */
export const brand = (id: string): BrandSettings =>
  BrandSettings.parse({ ...readBrand('default'), ...readBrand(id) });
export const DEFAULT_BRAND = brand('default');

/**
 * A new temporary folder, removed after the file's tests; before them the demo region is generated
 * into it (seed 1, calendar from 22 November 2026) and then `prepare` runs on it.
 */
export function demoRegionDir(prefix: string, prepare?: (dir: string) => void | Promise<void>): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  beforeAll(async () => {
    await generateDemoRegion({ outDir: dir, seed: 1, date: '2026-11-22' });
    await prepare?.(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The planner on a region folder, its clock at 09:00 on the day the demo calendar starts. */
export function loadDemoPlanner(dir: string, log?: (message: string) => void): Promise<Planner> {
  return loadPlanner(dir, { now: () => Date.UTC(2026, 10, 22, 9, 0), ...(log ? { log } : {}) });
}

/** The demo region folder and the planner loaded on it (set before the file's tests). */
export interface DemoPlanner {
  readonly dir: string;
  planner: Planner;
}

/** demoRegionDir with the planner loaded on it. */
export function demoPlanner(prefix: string): DemoPlanner {
  const demo = {} as { dir: string; planner: Planner };
  demo.dir = demoRegionDir(prefix, async (dir) => {
    demo.planner = await loadDemoPlanner(dir);
  });
  return demo;
}

/**
 * Searches between the planner's best matches for two place names (`fields` give the rest of the
 * request, out_time among them) and checks each journey against the contract.
 */
export async function planBetween(
  planner: Planner,
  from: string,
  to: string,
  fields: Partial<SearchRequestInput>,
  b: BrandSettings = DEFAULT_BRAND,
  profile: Profile | null = null,
  live?: LiveVersion,
): Promise<Journey[]> {
  const js = (await planner.plan(requestBetween(planner, from, to, fields), profile, b, live)).journeys;
  for (const j of js) Journey.parse(j);
  return js;
}

/** The search request between the planner's best matches for two place names (`fields` give the rest). */
export function requestBetween(
  planner: Planner,
  from: string,
  to: string,
  fields: Partial<SearchRequestInput>,
): SearchRequest {
  const a = planner.autocomplete(from, 1)[0];
  const z = planner.autocomplete(to, 1)[0];
  if (!a || !z) throw new Error(`cannot place ${from} or ${to}`);
  return SearchRequest.parse({
    origin: a.label,
    destination: z.label,
    origin_location: a.location,
    destination_location: z.location,
    ...fields,
  });
}
