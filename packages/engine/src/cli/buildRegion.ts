import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGtfsFeeds, parseFeedSpec } from '../gtfs/loadFeeds.ts';
import { streetFootpathSource } from '../modes/footpaths.ts';
import { loadRegionConfig } from '../region/loadRegionConfig.ts';
import { stopLocations } from '../loader/regionData.ts';
import { loadRegionStopSnaps, loadRegionStreetNetwork, streetDataLabel } from '../loader/regionStreets.ts';
import { writeTimetableSnapshot } from '../timetable/snapshot.ts';
import type { Timetable } from '../timetable/timetable.ts';
import { runRegionChecks } from '../region/checks/runRegionChecks.ts';
import type { RegionConfig } from '../region/regionConfig.ts';
import { checkNowMs, checkRegionFolder, parseTodayOption } from './checkRegion.ts';
import { EXIT, parseCommandArgs, reportWarnings, say } from './common.ts';
import { loadStreets, secondsSince } from './streets.ts';

export const TIMETABLE_SNAPSHOT_FILE = 'timetable.bin';
const FEED_REPORT_FILE = 'gtfs-report.json';

const USAGE =
  'usage: cairn build-region --gtfs FILE_OR_DIR [--gtfs [ID=]FILE_OR_DIR …] [--osm FILE [--elevation FILE]] --out DIR\n' +
  '       cairn build-region --region DIR [--today YYYY-MM-DD]   (the feeds of DIR/region.json → DIR/timetable.bin,\n' +
  '                    which the server loads; --today: the date its calendars are checked against, default today)\n' +
  '  --osm FILE        walk the footpaths between nearby stops along its streets (else straight lines)\n' +
  '  --elevation FILE  GeoTIFF terrain model (EPSG:27700 or 4326) giving the streets their heights; checked and\n' +
  "                    stamped into the snapshot (a region folder names it in region.json's osm.elevation)";

/** `cairn build-region`: reads GTFS feeds and writes the timetable snapshot (and a warnings report) to DIR. */
export async function buildRegionCommand(argv: string[]): Promise<number> {
  const args = parseCommandArgs(
    argv,
    {
      gtfs: { type: 'string', multiple: true },
      osm: { type: 'string' },
      elevation: { type: 'string' },
      out: { type: 'string' },
      region: { type: 'string' },
      today: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    USAGE,
  );
  if ('exit' in args) return args.exit;
  const v = args.values;
  if (v.region && !v.gtfs?.length && !v.out) {
    const today = parseTodayOption(v.today);
    if (today === null) {
      say(`--today: expected YYYY-MM-DD, got "${v.today}"
${USAGE}`);
      return EXIT.usage;
    }
    return buildRegionFolder(v.region, today, v.today);
  }
  if (!v.gtfs?.length || !v.out) {
    say(USAGE);
    return EXIT.usage;
  }
  if (v.elevation && !v.osm) {
    say(`--elevation gives heights to the streets of --osm: give both\n${USAGE}`);
    return EXIT.usage;
  }
  const started = performance.now();
  const streets = v.osm ? await loadStreets(v.osm, v.elevation) : undefined;
  if (v.osm && !streets) return EXIT.failed;
  const loaded = loadGtfsFeeds(v.gtfs.map(parseFeedSpec), { onProgress: (m) => say(m) });
  if (!loaded.ok) {
    reportWarnings(loaded.warnings);
    say('build-region failed: the feed above cannot be used');
    return EXIT.failed;
  }
  reportWarnings(loaded.warnings, loaded.warningCounts);
  const tt = loaded.timetable;
  if (streets && v.osm) {
    const walked = performance.now();
    tt.replaceFootpaths(streetFootpathSource(streets), streetDataLabel(v.osm, v.elevation));
    say(`footpaths between stops along the streets of ${v.osm} in ${secondsSince(walked)}`);
  }
  try {
    mkdirSync(v.out, { recursive: true });
    const file = join(v.out, TIMETABLE_SNAPSHOT_FILE);
    const { bytes } = writeTimetableSnapshot(tt, file);
    writeFileSync(
      join(v.out, FEED_REPORT_FILE),
      JSON.stringify(
        {
          feeds: tt.meta.feeds,
          warnings: loaded.warnings,
          warningCounts: Object.fromEntries(loaded.warningCounts),
        },
        null,
        2,
      ),
    );
    say(
      `wrote ${file} (${(bytes / 1e6).toFixed(1)} MB): ${tt.stopCount} stops, ${tt.patternCount} patterns, ${tt.tripCount} trips, ` +
        `${tt.stopTimeCount} stop times, ${tt.a.transferTo.length} transfers (${tt.meta.footpathSource}) in ${secondsSince(started)}`,
    );
  } catch (e) {
    say(`build-region failed: cannot write to ${v.out} (${(e as Error).message})`);
    return EXIT.failed;
  }
  return EXIT.ok;
}

/**
 * Writes `<dir>/timetable.bin` from the feeds and OSM extract region.json names, stamped so the
 * server knows it is current, `<dir>/streets.bin` (the car hierarchy and landmarks) and
 * `<dir>/stop-snaps.bin` (the stops snapped to the streets), after the data checks of
 * check-region: their errors stop the build (the snapshot is then written but the command fails),
 * their warnings are listed.
 */
async function buildRegionFolder(
  dir: string,
  today: ReturnType<typeof parseTodayOption>,
  todayText: string | undefined,
): Promise<number> {
  const { config, warnings } = await loadRegionConfig(dir);
  if (!config) {
    for (const w of warnings) say(`${w.severity}: region.json ${w.path || w.file}: ${w.message}`);
    say(`build-region failed: ${dir}/region.json is not usable`);
    return EXIT.failed;
  }
  const built = await checkRegionFolder(
    dir,
    config,
    warnings,
    checkNowMs(today ?? undefined, config.timeZone),
    true,
  );
  if (!built) return EXIT.failed;
  for (const w of built.warnings) say(`warning: ${w}`);
  for (const line of built.lines) say(line);
  say(built.note);
  if (built.failed) {
    say(`build-region failed: the data errors above stop the region (cairn check-region --region ${dir})`);
    return EXIT.failed;
  }
  // The streets' car hierarchy and landmarks and the stops' snap points too, so that no process
  // has to work them out on start.
  if (built.streetGraph) {
    const streets = loadRegionStreetNetwork(dir, built.streetGraph);
    say(streets.note);
    const { stopLat: lat, stopLon: lon } = built.timetable.a;
    say(loadRegionStopSnaps(dir, streets.network, stopLocations(built.timetable), { lat, lon }).note);
  }
  if (todayText) sayWhatServesIt(dir, config, built.timetable, todayText);
  return built.note.includes(', wrote ') ? EXIT.ok : EXIT.failed;
}

/**
 * After a build checked as of another day (--today), what the calendars say as of the clock's
 * today: a feed built for a past or future day passes the build, but `serve` plans from the real
 * today and refuses it, and `plan` needs a departure on a day it runs. Says which commands work.
 */
function sayWhatServesIt(dir: string, config: RegionConfig, timetable: Timetable, builtFor: string): void {
  const now = runRegionChecks(config, [], timetable, undefined, Date.now());
  const stops = now.report.findings.filter((f) => f.severity === 'error' && f.check.startsWith('calendar-'));
  if (stops.length === 0) return;
  say(
    `warning: built as of --today ${builtFor}, but ${stops[0]!.message}\n` +
      `    cairn serve plans from today and refuses this region until its feeds are current;\n` +
      `    cairn plan --region ${dir} --depart ${builtFor}T08:00 plans on it (the checks then count from the departure day)`,
  );
}
