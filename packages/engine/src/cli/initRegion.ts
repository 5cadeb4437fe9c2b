import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFeedSpec } from '../gtfs/loadFeeds.ts';
import { initRegionConfig } from '../region/initRegion.ts';
import { REGION_CONFIG_FILE } from '../region/loadRegionConfig.ts';
import type { RegionConfigInput } from '../region/regionConfig.ts';
import { EXIT, parseCommandArgs, reportWarnings, say } from './common.ts';

const NATIONS = ['england-wales', 'scotland', 'northern-ireland'] as const;

const USAGE =
  'usage: cairn init-region --region DIR --feed [ID=]FILE_OR_DIR [--feed …] [--stops NAPTAN] [--nation NATION]\n' +
  '                         [--osm FILE] [--name NAME] [--currency CODE] [--force]\n' +
  "  writes DIR/region.json from the feeds: the box around their stops, their agencies' time zone and\n" +
  '  name, the currency their fare files name (--currency EUR to choose; GBP when neither says), and\n' +
  '  every other block at its default (no taxis, car clubs, bike hire, fare rules or concessions: see\n' +
  '  regions/README.md). Without --osm, walks are straight lines. --force overwrites.\n' +
  '  A feed is GTFS (zip or folder), TransXChange (.xml, folder or zip), ATCO-CIF or rail CIF, told by\n' +
  '  its content (--gtfs is the same as --feed). UK formats are in Europe/London time and GBP; --stops\n' +
  '  names NaPTAN (Stops.csv, a folder, or XML) placing their stops by ATCO code; --nation (england-wales,\n' +
  '  scotland, northern-ireland) whose bank holidays they mean, told from their stops when not given.';

/** `cairn init-region`: a starting region.json written from the operator's own feeds. */
export async function initRegionCommand(argv: string[]): Promise<number> {
  const args = parseCommandArgs(
    argv,
    {
      region: { type: 'string' },
      feed: { type: 'string', multiple: true },
      gtfs: { type: 'string', multiple: true },
      stops: { type: 'string' },
      nation: { type: 'string' },
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
  const feeds = [...(v.feed ?? []), ...(v.gtfs ?? [])];
  if (!v.region || feeds.length === 0) {
    say(USAGE);
    return EXIT.usage;
  }
  const nation = NATIONS.find((n) => n === v.nation);
  if (v.nation && !nation) {
    say(`init-region: --nation ${v.nation} is none of ${NATIONS.join(', ')}`);
    return EXIT.usage;
  }
  const file = join(v.region, REGION_CONFIG_FILE);
  if (existsSync(file) && !v.force) {
    say(`init-region: ${file} exists already; edit it, or give --force to write a new one`);
    return EXIT.failed;
  }
  for (const [what, path] of [
    ['OSM file', v.osm],
    ['NaPTAN stops', v.stops],
  ] as const)
    if (path && !existsSync(path)) {
      say(`init-region: ${what} ${path} not found`);
      return EXIT.failed;
    }
  const made = initRegionConfig({
    dir: v.region,
    feeds: feeds.map(parseFeedSpec),
    ...(v.osm ? { osmPath: v.osm } : {}),
    ...(v.stops ? { stopsPath: v.stops } : {}),
    ...(nation ? { nation } : {}),
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
      `${c.feeds?.length ?? 0} feed(s) (${(c.feeds ?? []).map(feedSummary).join('; ')}), ` +
      `${c.osm ? `streets from ${c.osm.path}` : 'no OSM file (straight-line walks)'}\n` +
      `next: cairn check-region --region ${v.region}, then cairn build-region --region ${v.region}`,
  );
  return EXIT.ok;
}

/** One feed as the summary line names it: its id and format, and for UK formats whose holidays it reads. */
function feedSummary(feed: NonNullable<RegionConfigInput['feeds']>[number]): string {
  const type = feed.type ?? 'gtfs';
  return `${feed.id}: ${type}${feed.nation ? `, ${feed.nation} bank holidays (--nation to change)` : ''}`;
}
