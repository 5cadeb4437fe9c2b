import { resolveRegionPath, loadRegionConfig } from '../region/loadRegionConfig.ts';
import type { RegionConfig } from '../region/regionConfig.ts';
import { streetDataLabel } from '../loader/regionStreets.ts';
import { runRegionChecks } from '../region/checks/runRegionChecks.ts';
import type { RegionCheckOutcome } from '../region/checks/runRegionChecks.ts';
import { loadRegionTimetable } from '../loader/regionTimetable.ts';
import type { FootpathStreets } from '../loader/regionTimetable.ts';
type LoadedTimetable = ReturnType<typeof loadRegionTimetable>;
import { parseLocalDateTime, localToEpochSec } from '../time/serviceDay.ts';
import { EXIT, parseCommandArgs, say } from './common.ts';
import { loadStreets } from './streets.ts';
import type { StreetGraph } from '../streets/graph.ts';

const USAGE =
  'usage: cairn check-region --region DIR [--today YYYY-MM-DD]\n' +
  "  checks DIR's region.json, feeds and OSM file and prints a short report: errors (which stop\n" +
  '  build-region and serve) and warnings, each with its count and first examples (file, line, field).\n' +
  "  --today  the date to check the calendars against (default: today in the region's time zone)";

/** `cairn check-region`: the data checks of a region folder, as a report; exit 1 when any is an error. */
export async function checkRegionCommand(argv: string[]): Promise<number> {
  const args = parseCommandArgs(
    argv,
    {
      region: { type: 'string' },
      today: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    USAGE,
  );
  if ('exit' in args) return args.exit;
  const v = args.values;
  if (!v.region) {
    say(USAGE);
    return EXIT.usage;
  }
  const today = parseTodayOption(v.today);
  if (today === null) {
    say(`--today: expected YYYY-MM-DD, got "${v.today}"\n${USAGE}`);
    return EXIT.usage;
  }
  const { config, warnings } = await loadRegionConfig(v.region);
  if (!config) {
    for (const w of warnings) say(`${w.severity}: region.json ${w.path}: ${w.message}`);
    say(`check-region: ${v.region}/region.json is not usable`);
    return EXIT.failed;
  }
  const outcome = await checkRegionFolder(
    v.region,
    config,
    warnings,
    checkNowMs(today, config.timeZone),
    false,
  );
  if (!outcome) return EXIT.failed;
  for (const line of outcome.lines) process.stdout.write(`${line}\n`);
  const counts = countBySeverity(outcome);
  say(`check-region: ${counts.error} error(s), ${counts.warning} warning(s)`);
  return outcome.failed ? EXIT.failed : EXIT.ok;
}

type Today = ReturnType<typeof parseLocalDateTime>;

/** The `--today YYYY-MM-DD` of the region commands as noon that day; undefined when not given, null when malformed. */
export function parseTodayOption(value: string | undefined): Today | null {
  if (value === undefined) return undefined;
  return parseLocalDateTime(`${value}T12:00`) ?? null;
}

/** The "now" the data checks count calendars from: noon of --today in the region's zone, else the clock. */
export function checkNowMs(today: Today, timeZone: string): number {
  return today ? localToEpochSec(timeZone, today.date, today.secondsOfDay) * 1000 : Date.now();
}

/**
 * Loads a region folder's streets and timetable (`rebuild` parses the feeds even when the snapshot
 * is current, and writes it) and runs the data checks; undefined after saying why when the OSM
 * file cannot be read.
 */
export async function checkRegionFolder(
  dir: string,
  config: RegionConfig,
  configIssues: Parameters<typeof runRegionChecks>[1],
  nowMs: number,
  rebuild: boolean,
): Promise<
  | (RegionCheckOutcome & {
      note: string;
      warnings: string[];
      timetable: LoadedTimetable['timetable'];
      /** The region's street graph, when region.json names an OSM file. */
      streetGraph?: StreetGraph;
    })
  | undefined
> {
  let streets: FootpathStreets | undefined;
  if (config.osm) {
    const osmPath = resolveRegionPath(dir, config.osm.path);
    const elevationPath = config.osm.elevation ? resolveRegionPath(dir, config.osm.elevation) : undefined;
    const network = await loadStreets(osmPath, elevationPath, config.bbox);
    if (!network) return undefined;
    streets = { network, label: streetDataLabel(osmPath, elevationPath) };
  }
  // Without an OSM file region.json's own warning (osm) says so, once, among the findings.
  const loaded = loadRegionTimetable(dir, config, { rebuild, ...(streets ? { streets } : {}) });
  const outcome = runRegionChecks(
    config,
    configIssues,
    loaded.timetable,
    streets?.network,
    nowMs,
    loaded.fareFeeds,
  );
  return {
    ...outcome,
    note: loaded.note,
    warnings: loaded.warnings,
    timetable: loaded.timetable,
    ...(streets ? { streetGraph: streets.network.graph } : {}),
  };
}

function countBySeverity(outcome: RegionCheckOutcome): { error: number; warning: number } {
  const f = outcome.report.findings;
  return {
    error: f.filter((x) => x.severity === 'error').length,
    warning: f.filter((x) => x.severity === 'warning').length,
  };
}
