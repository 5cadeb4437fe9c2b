import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadGtfsFeeds, parseFeedSpec } from '../gtfs/load-feeds.ts';
import { loadRegionTimetable } from '../planner/regionTimetable.ts';
import { loadRegionConfig } from '../region/loadRegionConfig.ts';
import { writeTimetableSnapshot } from '../timetable/snapshot.ts';
import { EXIT, parseCommandArgs, reportWarnings, say } from './common.ts';

export const TIMETABLE_SNAPSHOT_FILE = 'timetable.bin';
export const FEED_REPORT_FILE = 'gtfs-report.json';

const USAGE =
  'usage: cairn build-region --gtfs FILE_OR_DIR [--gtfs [ID=]FILE_OR_DIR …] [--osm FILE] --out DIR\n' +
  '       cairn build-region --region DIR   (the feeds of DIR/region.json → DIR/timetable.bin, which the server loads)';

/** `cairn build-region`: reads GTFS feeds and writes the timetable snapshot (and a warnings report) to DIR. */
export async function buildRegionCommand(argv: string[]): Promise<number> {
  const args = parseCommandArgs(argv, {
    gtfs: { type: 'string', multiple: true },
    osm: { type: 'string' },
    out: { type: 'string' },
    region: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (!args.ok) {
    say(`${args.message}\n${USAGE}`);
    return EXIT.usage;
  }
  const v = args.values;
  if (v.help) {
    say(USAGE);
    return EXIT.ok;
  }
  if (v.region && !v.gtfs?.length && !v.out) return buildRegionFolder(v.region);
  if (!v.gtfs?.length || !v.out) {
    say(USAGE);
    return EXIT.usage;
  }
  if (v.osm)
    say(
      `note: --osm is not used yet: footpaths are straight lines until the street graph is wired in (${v.osm} ignored)`,
    );
  const started = performance.now();
  const loaded = loadGtfsFeeds(v.gtfs.map(parseFeedSpec), { onProgress: (m) => say(m) });
  if (!loaded.ok) {
    reportWarnings(loaded.warnings);
    say('build-region failed: the feed above cannot be used');
    return EXIT.failed;
  }
  reportWarnings(loaded.warnings, loaded.warningCounts);
  try {
    mkdirSync(v.out, { recursive: true });
    const tt = loaded.timetable;
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
        `${tt.stopTimeCount} stop times, ${tt.a.transferTo.length} transfers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (e) {
    say(`build-region failed: cannot write to ${v.out} (${(e as Error).message})`);
    return EXIT.failed;
  }
  return EXIT.ok;
}

/** Writes `<dir>/timetable.bin` from the feeds region.json names, stamped so the server knows it is current. */
async function buildRegionFolder(dir: string): Promise<number> {
  const { config, warnings } = await loadRegionConfig(dir);
  if (!config) {
    for (const w of warnings) say(`error: ${w.path || w.file}: ${w.message}`);
    say(`build-region failed: ${dir}/region.json is not usable`);
    return EXIT.failed;
  }
  const loaded = loadRegionTimetable(dir, config, { rebuild: true });
  for (const w of loaded.warnings) say(`warning: ${w}`);
  say(loaded.note);
  return loaded.note.includes(', wrote ') ? EXIT.ok : EXIT.failed;
}
