import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFeedSpec } from '../gtfs/loadFeeds.ts';
import { initRegionConfig } from '../region/initRegion.ts';
import { REGION_CONFIG_FILE } from '../region/loadRegionConfig.ts';
import { EXIT, parseCommandArgs, reportWarnings, say } from './common.ts';

const USAGE =
  'usage: cairn init-region --region DIR --gtfs [ID=]FILE_OR_DIR [--gtfs …] [--osm FILE] [--name NAME] [--currency CODE] [--force]\n' +
  "  writes DIR/region.json from the feeds: the box around their stops, their agencies' time zone and\n" +
  '  name, the currency their fare files name (--currency EUR to choose; GBP when neither says), and\n' +
  '  every other block at its default (no taxis, car clubs, bike hire, fare rules or concessions: see\n' +
  '  regions/README.md). Without --osm, walks are straight lines. --force overwrites.';

/** `cairn init-region`: a starting region.json written from the operator's own feeds. */
export async function initRegionCommand(argv: string[]): Promise<number> {
  const args = parseCommandArgs(
    argv,
    {
      region: { type: 'string' },
      gtfs: { type: 'string', multiple: true },
      osm: { type: 'string' },
      name: { type: 'string' },
      currency: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    USAGE,
  );
  if ('exit' in args) return args.exit;
  const v = args.values;
  if (!v.region || !v.gtfs?.length) {
    say(USAGE);
    return EXIT.usage;
  }
  const file = join(v.region, REGION_CONFIG_FILE);
  if (existsSync(file) && !v.force) {
    say(`init-region: ${file} exists already; edit it, or give --force to write a new one`);
    return EXIT.failed;
  }
  if (v.osm && !existsSync(v.osm)) {
    say(`init-region: OSM file ${v.osm} not found`);
    return EXIT.failed;
  }
  const made = initRegionConfig({
    dir: v.region,
    feeds: v.gtfs.map(parseFeedSpec),
    ...(v.osm ? { osmPath: v.osm } : {}),
    ...(v.name ? { name: v.name } : {}),
    ...(v.currency ? { currency: v.currency } : {}),
  });
  reportWarnings(made.warnings);
  if (!made.ok) {
    say('init-region failed: see the errors above');
    return EXIT.failed;
  }
  mkdirSync(v.region, { recursive: true });
  writeFileSync(file, `${JSON.stringify(made.config, null, 2)}\n`);
  const c = made.config;
  say(
    `wrote ${file}: "${c.name}", time zone ${c.timeZone}, prices in ${c.currency}, box ${c.bbox.minLat},${c.bbox.minLon} – ${c.bbox.maxLat},${c.bbox.maxLon}, ` +
      `${c.feeds?.length ?? 0} feed(s), ${c.osm ? `streets from ${c.osm.path}` : 'no OSM file (straight-line walks)'}\n` +
      `next: cairn check-region --region ${v.region}, then cairn build-region --region ${v.region}`,
  );
  return EXIT.ok;
}
