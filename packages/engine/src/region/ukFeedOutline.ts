import type { FeedOutline } from '../gtfs/readFeedOutline.ts';
import type { FeedWarning } from '../gtfs/warnings.ts';
import { formatWarning } from '../gtfs/warnings.ts';
import { readTimetableFeed } from '../feeds/readTimetableFeed.ts';
import type { FeedFormat } from '../feeds/readTimetableFeed.ts';
import type { Nation } from '../transxchange/bankHolidays.ts';

/*
 * What `init-region` needs of a UK timetable feed (TransXChange, ATCO-CIF, rail CIF): its
 * operators, its stops with their positions, and whose bank holidays it means. These formats carry
 * no time zone or fares: every UK timetable is in Europe/London time and pounds.
 */

/** The time zone of every UK timetable format. */
const UK_TIME_ZONE = 'Europe/London';

/**
 * NaPTAN's national NaPTAN CSV for all of Great Britain (DfT NaPTAN API, Open Government Licence v3:
 * https://naptan.api.dft.gov.uk/v1/access-nodes?dataFormat=csv).
 */
const NAPTAN_CSV_URL = 'https://naptan.api.dft.gov.uk/v1/access-nodes?dataFormat=csv';

/** A UK feed's outline, whether NaPTAN placed its stops, and the nation its holidays are read for. */
export interface UkFeedOutline {
  outline: FeedOutline;
  /** The feed names stops by ATCO code, so the NaPTAN file given belongs in its region.json entry. */
  usesStops: boolean;
  nation?: Nation;
}

/** What reading a UK feed for its outline is given. */
export interface UkOutlineOptions {
  stopsPath?: string;
  nation?: Nation;
  osmPath?: string;
}

/** Reads a TransXChange, ATCO-CIF or rail CIF feed for init-region; stops with no position become one error saying what to add. */
export function readUkFeedOutline(
  path: string,
  feedId: string,
  format: Exclude<FeedFormat, 'gtfs'>,
  options: UkOutlineOptions,
): UkFeedOutline {
  const usesStops = format !== 'rail-cif';
  const read = readTimetableFeed(path, {
    feedId,
    type: format,
    ...(options.stopsPath && usesStops ? { stopsPath: options.stopsPath } : {}),
    ...(options.osmPath ? { osmPath: options.osmPath } : {}),
    ...(options.nation ? { nation: options.nation } : {}),
  });
  if (!read.ok) return { outline: { ok: false, message: whyNot(read.warnings, options) }, usesStops };
  const { feed } = read;
  const stops = feed.stops.filter((s) => !s.id.startsWith('area:'));
  // Rail CIF names stations by TIPLOC, no ATCO code: its nation is only the one given.
  const nation = options.nation ?? (usesStops ? nationOfAtcoCodes(stops.map((s) => s.id)) : undefined);
  return {
    outline: {
      ok: true,
      agencies: feed.agencies,
      timezone: UK_TIME_ZONE,
      stops,
      currencies: [],
      warnings: read.warnings,
    },
    usesStops,
    ...(nation ? { nation } : {}),
  };
}

/** Why a UK feed could not be read: stops with no position as one finding naming what to add, else its errors. */
function whyNot(warnings: FeedWarning[], options: UkOutlineOptions): string {
  const errors = warnings.filter((w) => w.severity === 'error');
  const unplaced = errors.filter((w) => w.field === 'StopPointRef' && w.message.includes('has no position'));
  if (unplaced.length > 0) {
    const examples = unplaced
      .slice(0, 3)
      .map((w) => w.message.replace(/^stop (.*?) has no position.*$/, '$1'));
    const areas = [...new Set(unplaced.map((w) => /^stop (\d{3})/.exec(w.message)?.[1]).filter(Boolean))];
    const given = options.stopsPath ? ` (not in ${options.stopsPath} either)` : '';
    return (
      `${unplaced.length} stop(s) have no position in the feed${given}, e.g. ${examples.join(', ')}: ` +
      `give --stops with NaPTAN stops (Stops.csv, a folder, or NaPTAN XML; all of Great Britain as CSV from ${NAPTAN_CSV_URL}` +
      `${areas.length ? `, its ATCO area code(s) ${areas.slice(0, 6).join(', ')} for these` : ''}), ` +
      'or --osm with an OpenStreetMap extract whose stops carry naptan:AtcoCode'
    );
  }
  const shown = errors.slice(0, 3).map(formatWarning).join('; ');
  return errors.length > 3 ? `${shown}; and ${errors.length - 3} more errors` : shown || 'not readable';
}

/**
 * The nation whose bank holidays a feed means, by the ATCO area codes of most of its stops (NaPTAN
 * schema guide, administrative area codes: 6xx Scotland, 7xx Northern Ireland, 0xx–5xx England and
 * Wales; 9xx are national networks, rail, air, ferry, tram, and say nothing).
 */
export function nationOfAtcoCodes(atcoCodes: readonly string[]): Nation {
  const votes = new Map<Nation, number>();
  for (const code of atcoCodes) {
    const first = code[0];
    if (!first || !/\d/.test(first) || first === '9') continue;
    const nation: Nation = first === '6' ? 'scotland' : first === '7' ? 'northern-ireland' : 'england-wales';
    votes.set(nation, (votes.get(nation) ?? 0) + 1);
  }
  let best: Nation = 'england-wales';
  for (const [nation, n] of votes) if (n > (votes.get(best) ?? 0)) best = nation;
  return best;
}
