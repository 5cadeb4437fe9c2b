import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { unzipSync } from 'fflate';

// The real Rhein-Neckar feed (2016) made into a region of its own as an operator would (README
// "Your own region, step by step"), its calendar moved forward by whole weeks so that its Tuesday
// 8 November 2016 falls on a Tuesday ahead: the data checks refuse an ended timetable.

const ROOT = resolve(import.meta.dirname, '..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const CAIRN = join(ROOT, 'packages/api/bin/cairn.ts');
const DATA = process.env.CAIRN_SHARED_DATA ?? resolve(ROOT, '../shared/data');
export const RNV_FEED = join(DATA, 'rnv/rnv-gtfs.zip');
export const RNV_OSM = join(DATA, 'rnv/rnv.osm.pbf');
export const hasRnv = (): boolean => existsSync(RNV_FEED) && existsSync(RNV_OSM);

const DAY_MS = 86_400_000;
const FEED_TUESDAY = Date.UTC(2016, 10, 8);

/** The Tuesday ahead (at least two days away) the feed's 8 November 2016 becomes, and the shift in days. */
export function shiftedTuesday(): { date: Date; shiftDays: number } {
  const date = new Date(Date.now() + 2 * DAY_MS);
  while (date.getUTCDay() !== 2) date.setUTCDate(date.getUTCDate() + 1);
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return { date: new Date(day), shiftDays: Math.round((day - FEED_TUESDAY) / DAY_MS) };
}

const yyyymmdd = (ms: number): string => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

/** A GTFS date "20161108" moved by `days`. */
function shiftDate(text: string, days: number): string {
  const t = text.replaceAll('"', '');
  const ms = Date.UTC(Number(t.slice(0, 4)), Number(t.slice(4, 6)) - 1, Number(t.slice(6, 8)));
  return yyyymmdd(ms + days * DAY_MS);
}

/** Rewrites the date columns of a calendar file's rows. */
function shiftColumns(csv: string, columns: string[], days: number): string {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0]!.split(',').map((h) => h.replaceAll('"', '').trim());
  const idx = columns.map((c) => header.indexOf(c)).filter((i) => i >= 0);
  return lines
    .map((line, n) => {
      if (n === 0 || line === '') return line;
      const cells = line.split(',');
      for (const i of idx) cells[i] = shiftDate(cells[i]!, days);
      return cells.join(',');
    })
    .join('\n');
}

/**
 * What an operator adds to the written region.json (issue 28): RNV's short town words for place
 * search, a flat single for buses and trams and a Deutschlandticket-like scheme. The feed has no
 * fare files, so the fare is illustrative test data, not RNV's tariff.
 */
const OPERATOR_ADDITIONS = {
  placeSearch: { abbreviations: { MA: 'Mannheim', HD: 'Heidelberg', LU: 'Ludwigshafen' } },
  fares: {
    rules: [
      {
        id: 'flat',
        description: 'Illustrative flat single (test data, not the RNV tariff)',
        appliesTo: { modes: ['bus', 'tram'] },
        kind: 'flat',
        singlePence: 250,
        returnPence: 500,
      },
    ],
    concessions: {
      schemes: [
        {
          id: 'deutschlandticket',
          label: 'Deutschlandticket',
          eligibility: 'Anyone with the monthly subscription',
          covers: { modes: ['bus', 'tram', 'train'] },
          discount: { kind: 'free' },
        },
      ],
    },
  },
};

/** Writes the shifted region (init-region in euros, the operator's additions, build-region) and answers its folder. */
export function writeRnvRegion(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-e2e-rnv-'));
  const feedDir = join(dir, 'gtfs', 'rnv');
  mkdirSync(feedDir, { recursive: true });
  const { shiftDays } = shiftedTuesday();
  const files = unzipSync(readFileSync(RNV_FEED));
  const decoder = new TextDecoder();
  for (const [name, bytes] of Object.entries(files)) {
    let text = decoder.decode(bytes);
    if (name === 'calendar.txt') text = shiftColumns(text, ['start_date', 'end_date'], shiftDays);
    if (name === 'calendar_dates.txt') text = shiftColumns(text, ['date'], shiftDays);
    writeFileSync(join(feedDir, name), text);
  }
  const cairn = (...args: string[]) => {
    const run = spawnSync(NODE, [CAIRN, ...args], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`cairn ${args[0]} failed: ${run.stdout}${run.stderr}`);
  };
  cairn(
    'init-region',
    '--region',
    dir,
    '--gtfs',
    feedDir,
    '--osm',
    RNV_OSM,
    '--name',
    'Rhein-Neckar',
    '--currency',
    'EUR',
  );
  const file = join(dir, 'region.json');
  const written = JSON.parse(readFileSync(file, 'utf8')) as object;
  writeFileSync(file, JSON.stringify({ ...written, ...OPERATOR_ADDITIONS }, null, 2));
  cairn('build-region', '--region', dir);
  return dir;
}
