/*
 * Generates the Cairngorms demo region: region.json, five GTFS feeds, one TransXChange feed with
 * its NaPTAN stops (generator/transxchange.ts) and an OSM XML street
 * network, all derived from a seed and a start date so the same inputs give byte-identical files.
 *
 *   npx node regions/cairngorms/generator/main.ts --out regions/cairngorms/build [--seed N] [--date YYYY-MM-DD]
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseRegionConfig } from '@cairn/engine/region';
import { parseDay, validityFrom } from './calendar.ts';
import { makeElevationModel } from './elevation.ts';
import { buildExtras } from './extras.ts';
import { writeGtfs } from './gtfs.ts';
import { applyAccess, splitSteppedPlatforms } from './accessibility.ts';
import { FEED_IDS } from './model.ts';
import { buildNetwork } from './network.ts';
import { buildOsm, writeOsmXml } from './osm.ts';
import { listPlaces, listStations } from './places.ts';
import { FEED_PATHS, OSM_PATH, buildRegionJson } from './regionJson.ts';
import { Rng } from './rng.ts';
import { routeShapesAlongRoads } from './roadShapes.ts';
import { buildServices } from './services.ts';
import { logoSvg } from './logos.ts';
import { writeGbfs } from './gbfs.ts';
import { onlyTransxchangeRoutes, transxchangeFiles, withoutTransxchangeRoutes } from './transxchange.ts';

export interface GenerateOptions {
  outDir: string;
  seed?: number;
  /** First day of the timetables, YYYY-MM-DD; defaults to today (UTC). */
  date?: string;
}

export interface GenerateSummary {
  outDir: string;
  seed: number;
  date: string;
  files: number;
  feeds: Record<string, { stops: number; routes: number; trips: number; stopTimes: number }>;
  osm: { nodes: number; ways: number; relations: number };
  places: number;
}

/**
 * A short hash of the generator's own source: a build stamped with another fingerprint was made by
 * a different generator and should be regenerated even for the same seed and date.
 */
export function demoGeneratorFingerprint(): string {
  const dir = dirname(fileURLToPath(import.meta.url));
  const hash = createHash('sha256');
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.ts'))
    .sort()) {
    hash.update(name).update(readFileSync(join(dir, name)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** Generate the demo region into outDir (only the files it owns there are replaced). */
export async function generateDemoRegion(options: GenerateOptions): Promise<GenerateSummary> {
  const seed = options.seed ?? 1;
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  const outDir = resolve(options.outDir);
  const validity = validityFrom(parseDay(date));
  const rng = new Rng(seed);

  const places = listPlaces();
  const stations = listStations();
  const network = buildNetwork(places, stations, validity);
  const services = buildServices(validity);
  const extras = buildExtras(places, stations);
  const region = buildRegionJson(places, stations, network, extras);
  const checked = parseRegionConfig(region);
  if (!checked.config)
    throw new Error(
      `generated region.json is invalid:\n${checked.warnings.map((w) => `${w.path}: ${w.message}`).join('\n')}`,
    );

  applyAccess(network);
  const osm = buildOsm({ places, stations, network, extras, rng: rng.fork('osm') });
  routeShapesAlongRoads(network, osm);
  splitSteppedPlatforms(network);
  const zones = { drt: extras.drtZone, community: extras.communityZone };
  const gtfs = writeGtfs(withoutTransxchangeRoutes(network), services, validity, zones, { seed, date });
  const txc = transxchangeFiles(
    writeGtfs(onlyTransxchangeRoutes(network), services, validity, zones, { seed, date }).feeds.bus,
  );
  const osmXml = writeOsmXml(osm, makeElevationModel(places), { seed, date });

  rmSync(join(outDir, 'gtfs'), { recursive: true, force: true });
  rmSync(join(outDir, 'logos'), { recursive: true, force: true });
  rmSync(join(outDir, 'gbfs'), { recursive: true, force: true });
  rmSync(join(outDir, 'transxchange'), { recursive: true, force: true });
  rmSync(join(outDir, 'naptan'), { recursive: true, force: true });
  let files = 0;
  const write = (path: string, text: string) => {
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    files++;
  };
  for (const feed of FEED_IDS) {
    for (const [name, text] of Object.entries(gtfs.feeds[feed]))
      write(join(outDir, FEED_PATHS[feed], name), text);
  }
  for (const [path, text] of Object.entries(txc)) write(join(outDir, path), text);
  write(join(outDir, OSM_PATH), osmXml);
  write(join(outDir, 'region.json'), JSON.stringify(region, null, 2) + '\n');
  for (const p of checked.config.carClub.providers) write(join(outDir, p.logo), logoSvg(p.name));
  if (region.bikeHire) {
    const stamp = parseDay(date) / 1000;
    for (const [name, text] of Object.entries(writeGbfs(region.bikeHire, stamp, 'gbfs/')))
      write(join(outDir, 'gbfs', name), text);
  }

  const feeds: GenerateSummary['feeds'] = {};
  for (const feed of FEED_IDS) {
    const routeIds = new Set(network.routes.filter((r) => r.feed === feed).map((r) => r.id));
    const trips = network.trips.filter((t) => routeIds.has(t.routeId));
    feeds[feed] = {
      stops: gtfs.feeds[feed]['stops.txt']!.split('\r\n').length - 2,
      routes: routeIds.size,
      trips: trips.length,
      stopTimes: trips.reduce((n, t) => n + t.stopTimes.length, 0),
    };
  }
  return {
    outDir,
    seed,
    date,
    files,
    feeds,
    osm: { nodes: osm.nodes.length, ways: osm.ways.length, relations: osm.relations.length },
    places: places.length,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, seed: { type: 'string' }, date: { type: 'string' } },
  });
  if (!values.out) {
    console.error('usage: main.ts --out DIR [--seed N] [--date YYYY-MM-DD]');
    process.exit(2);
  }
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed)) {
    console.error(`--seed must be an integer, got "${values.seed}"`);
    process.exit(2);
  }
  const started = performance.now();
  const summary = await generateDemoRegion({
    outDir: values.out,
    seed,
    ...(values.date ? { date: values.date } : {}),
  });
  console.log(JSON.stringify(summary, null, 2));
  console.log(`demo region generated in ${Math.round(performance.now() - started)} ms`);
}
