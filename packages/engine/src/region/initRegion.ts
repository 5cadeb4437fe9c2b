import { basename, relative, resolve } from 'node:path';
import { uniqueFeedId } from '../gtfs/loadFeeds.ts';
import type { FeedSpec } from '../gtfs/loadFeeds.ts';
import { readFeedOutline } from '../gtfs/readFeedOutline.ts';
import type { FeedOutline } from '../gtfs/readFeedOutline.ts';
import type { FeedWarning } from '../gtfs/warnings.ts';
import { detectFeedFormat } from '../feeds/detectFeedFormat.ts';
import type { Nation } from '../transxchange/bankHolidays.ts';
import { readUkFeedOutline } from './ukFeedOutline.ts';
import { projectionFor } from '../geo/geometry.ts';
import { isKnownCurrency } from '../format/money.ts';
import type { BoundingBox, RegionConfigInput } from './regionConfig.ts';

/** Margin around the outermost stops (m): an origin a short walk beyond them is still inside the box. */
const BOX_MARGIN_M = 2_000;

/** What `cairn init-region` is told. */
export interface InitRegionInput {
  /** The region folder region.json goes into; feed and OSM paths are written relative to it. */
  dir: string;
  feeds: FeedSpec[];
  osmPath?: string;
  name?: string;
  /** ISO 4217 code of the region's prices; default: the one the feeds' fare files name. */
  currency?: string;
  /** TransXChange and ATCO-CIF feeds: NaPTAN stops (CSV, folder or XML) placing them by ATCO code. */
  stopsPath?: string;
  /** TransXChange and ATCO-CIF feeds: whose bank holidays they mean; default: told from their stops' ATCO codes. */
  nation?: Nation;
}

/** A region.json made from the feeds, or why not (the feeds' errors with file, line and field). */
export type InitRegionResult =
  { ok: true; config: RegionConfigInput; warnings: FeedWarning[] } | { ok: false; warnings: FeedWarning[] };

/**
 * Writes a starting region.json from timetable feeds (GTFS, TransXChange, ATCO-CIF or rail CIF, told
 * by content): the box around their stops (plus a walk), the time zone of their agencies (UK
 * formats: Europe/London), a name from the agencies, the currency of their fare files (or the one
 * given; UK formats carry no fares and mean GBP), and every optional block left to its default
 * (no taxis, car clubs, bike hire, fare rules or concessions; see regions/README.md).
 */
export function initRegionConfig(input: InitRegionInput): InitRegionResult {
  const warnings: FeedWarning[] = [];
  const box = { minLat: Infinity, minLon: Infinity, maxLat: -Infinity, maxLon: -Infinity };
  const zones = new Set<string>();
  const agencyNames: string[] = [];
  const currencies = new Set<string>();
  const feeds: NonNullable<RegionConfigInput['feeds']> = [];
  const used = new Set<string>();
  let allUk = input.feeds.length > 0;
  for (const spec of input.feeds) {
    const id = uniqueFeedId(spec, used);
    const detected = detectFeedFormat(spec.path);
    const format = detected.ok ? detected.format : 'gtfs';
    if (format === 'gtfs') allUk = false;
    const ukFeed =
      format === 'gtfs'
        ? undefined
        : readUkFeedOutline(spec.path, id, format, {
            ...(input.stopsPath ? { stopsPath: input.stopsPath } : {}),
            ...(input.nation ? { nation: input.nation } : {}),
            ...(input.osmPath ? { osmPath: input.osmPath } : {}),
          });
    const opened: FeedOutline = !detected.ok
      ? { ok: false, message: detected.message }
      : (ukFeed?.outline ?? readFeedOutline(spec.path, id));
    if (!opened.ok) {
      warnings.push({
        feed: id,
        file: spec.path,
        line: 0,
        field: '',
        message: opened.message,
        severity: 'error',
      });
      continue;
    }
    const { agencies, timezone, stops } = opened;
    warnings.push(...opened.warnings);
    for (const c of opened.currencies) currencies.add(c);
    if (timezone) zones.add(timezone);
    for (const a of agencies) if (a.name && !agencyNames.includes(a.name)) agencyNames.push(a.name);
    for (const s of stops) {
      // A stop at 0,0 is a missing position, not a stop in the Gulf of Guinea: check-region reports it.
      if (!Number.isFinite(s.lat) || !Number.isFinite(s.lon) || (s.lat === 0 && s.lon === 0)) continue;
      box.minLat = Math.min(box.minLat, s.lat);
      box.maxLat = Math.max(box.maxLat, s.lat);
      box.minLon = Math.min(box.minLon, s.lon);
      box.maxLon = Math.max(box.maxLon, s.lon);
    }
    feeds.push({
      id,
      name: agencies.map((a) => a.name).join(', ') || id,
      path: relativeTo(input.dir, spec.path),
      ...(format === 'gtfs' ? {} : { type: format }),
      ...(ukFeed?.usesStops && input.stopsPath ? { stops: relativeTo(input.dir, input.stopsPath) } : {}),
      ...(ukFeed?.nation ? { nation: ukFeed.nation } : {}),
    });
  }
  const fail = (message: string): InitRegionResult => ({
    ok: false,
    warnings: [
      ...warnings,
      { feed: '', file: 'region.json', line: 0, field: '', message, severity: 'error' },
    ],
  });
  if (warnings.some((w) => w.severity === 'error')) return { ok: false, warnings };
  if (!(box.minLat <= box.maxLat)) return fail('no stop with a position in any feed: no box to draw');
  if (zones.size > 1) return fail(`the feeds' agencies name different time zones: ${[...zones].join(', ')}`);
  const currency = input.currency ?? [...currencies][0];
  if (currency !== undefined && !isKnownCurrency(currency))
    return fail(`"${currency}" is not an ISO 4217 currency code (e.g. GBP, EUR, USD)`);
  if (input.currency === undefined && currencies.size > 1)
    return fail(
      `the feeds' fare files name different currencies: ${[...currencies].join(', ')}; give --currency`,
    );
  if (currency === undefined && !allUk)
    warnings.push({
      feed: '',
      file: 'region.json',
      line: 0,
      field: 'currency',
      message:
        "no fare file names a currency: region.json says GBP; give --currency (e.g. EUR, USD) if the region's prices are in another",
      severity: 'warning',
    });
  const id = regionIdOf(input.dir);
  const config: RegionConfigInput = {
    schemaVersion: 1,
    id,
    name: input.name ?? (agencyNames.slice(0, 3).join(', ') || id),
    demo: false,
    timeZone: [...zones][0] ?? 'UTC',
    currency: currency ?? 'GBP',
    bbox: withMargin(box, BOX_MARGIN_M),
    feeds,
    ...(input.osmPath ? { osm: { path: relativeTo(input.dir, input.osmPath) } } : {}),
  };
  return { ok: true, config, warnings };
}

/** The box grown by `marginM` on every side, rounded outwards to 4 decimals (about 10 m). */
function withMargin(box: BoundingBox, marginM: number): BoundingBox {
  const midLat = (box.minLat + box.maxLat) / 2;
  const dLat = marginM / projectionFor(midLat, midLat).ky;
  const dLon = dLat / Math.max(0.01, Math.cos((midLat * Math.PI) / 180));
  const down = (x: number, limit: number) => Math.max(-limit, Math.floor(x * 1e4) / 1e4);
  const up = (x: number, limit: number) => Math.min(limit, Math.ceil(x * 1e4) / 1e4);
  return {
    minLat: down(box.minLat - dLat, 90),
    minLon: down(box.minLon - dLon, 180),
    maxLat: up(box.maxLat + dLat, 90),
    maxLon: up(box.maxLon + dLon, 180),
  };
}

/** The region's id from its folder name ("my-region"), as region.json's ids are spelt. */
function regionIdOf(dir: string): string {
  return (
    basename(resolve(dir))
      .replace(/[^A-Za-z0-9_.:-]+/g, '-')
      .replace(/^[^A-Za-z0-9]+/, '') || 'region'
  );
}

/** A path as region.json names it: relative to the region folder, with forward slashes. */
function relativeTo(dir: string, path: string): string {
  return relative(resolve(dir), resolve(path)).split('\\').join('/') || '.';
}
