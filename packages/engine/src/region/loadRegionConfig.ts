import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { isValidTimeZone } from '../time/serviceDay.ts';
import { RegionConfig } from './regionConfig.ts';

/** One problem found in region.json; `path` is the JSON path of the field ("taxi.operators.0.phone"). */
export interface RegionConfigIssue {
  severity: 'error' | 'warning';
  file: string;
  path: string;
  message: string;
}

export interface RegionConfigResult {
  /** Undefined when any issue has severity 'error'. */
  config: RegionConfig | undefined;
  warnings: RegionConfigIssue[];
}

export const REGION_CONFIG_FILE = 'region.json';

/** Read, validate and cross-check `<dir>/region.json`. */
export async function loadRegionConfig(dir: string): Promise<RegionConfigResult> {
  const file = join(dir, REGION_CONFIG_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return {
      config: undefined,
      warnings: [issue('error', file, '', `cannot read: ${(err as Error).message}`)],
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, '')); // editors on Windows may save a byte-order mark
  } catch (err) {
    return {
      config: undefined,
      warnings: [issue('error', file, '', `not valid JSON: ${(err as Error).message}`)],
    };
  }
  return parseRegionConfig(json, file, dir);
}

/** Validate an already-parsed region.json; with `dir`, also check the files it names exist. */
export function parseRegionConfig(
  json: unknown,
  file = REGION_CONFIG_FILE,
  dir?: string,
): RegionConfigResult {
  const parsed = RegionConfig.safeParse(json);
  if (!parsed.success) {
    const warnings = parsed.error.issues.map((i) =>
      issue('error', file, i.path.map(String).join('.'), i.message),
    );
    return { config: undefined, warnings };
  }
  const config = parsed.data;
  const warnings = crossCheck(config, file, dir);
  const failed = warnings.some((w) => w.severity === 'error');
  return { config: failed ? undefined : config, warnings };
}

/** Resolve a path from region.json (relative to its folder). */
export function resolveRegionPath(dir: string, path: string): string {
  return resolve(dir, path);
}

function issue(
  severity: RegionConfigIssue['severity'],
  file: string,
  path: string,
  message: string,
): RegionConfigIssue {
  return { severity, file, path, message };
}

// Checks zod cannot express field by field: references between lists, unique ids, files on disk.
function crossCheck(c: RegionConfig, file: string, dir: string | undefined): RegionConfigIssue[] {
  const out: RegionConfigIssue[] = [];
  const err = (path: string, message: string) => out.push(issue('error', file, path, message));
  const warn = (path: string, message: string) => out.push(issue('warning', file, path, message));

  const uniqueIds = (list: readonly { id: string }[], path: string) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.id)) err(`${path}.${i}.id`, `duplicate id "${item.id}"`);
      seen.add(item.id);
    });
    return seen;
  };

  if (!isValidTimeZone(c.timeZone)) err('timeZone', `unknown time zone "${c.timeZone}"`);

  const centre = c.map?.centre;
  if (
    centre &&
    (centre.lat < c.bbox.minLat ||
      centre.lat > c.bbox.maxLat ||
      centre.lon < c.bbox.minLon ||
      centre.lon > c.bbox.maxLon)
  ) {
    warn('map.centre', 'map centre lies outside the bounding box');
  }

  const feedIds = uniqueIds(c.feeds, 'feeds');
  const operatorIds = uniqueIds(c.operators, 'operators');
  uniqueIds(c.taxi.operators, 'taxi.operators');
  const providerIds = uniqueIds(c.carClub.providers, 'carClub.providers');
  uniqueIds(c.carClub.bays, 'carClub.bays');
  const flexIds = uniqueIds(c.flexibleServices, 'flexibleServices');
  uniqueIds(c.fares.rules, 'fares.rules');

  c.operators.forEach((op, i) =>
    op.gtfsAgencies.forEach((g, j) => {
      if (!feedIds.has(g.feedId)) err(`operators.${i}.gtfsAgencies.${j}.feedId`, `no feed "${g.feedId}"`);
    }),
  );
  c.feeds.forEach((f, i) => {
    f.agencies.forEach((a, j) => {
      if (a.operatorId && !operatorIds.has(a.operatorId))
        err(`feeds.${i}.agencies.${j}.operatorId`, `no operator "${a.operatorId}"`);
    });
    f.routes.forEach((r, j) => {
      if (r.flexibleServiceId && !flexIds.has(r.flexibleServiceId)) {
        err(`feeds.${i}.routes.${j}.flexibleServiceId`, `no flexible service "${r.flexibleServiceId}"`);
      }
    });
    if (dir && !existsSync(resolveRegionPath(dir, f.path)))
      err(`feeds.${i}.path`, `feed not found: ${f.path}`);
  });
  if (dir && c.osm && !existsSync(resolveRegionPath(dir, c.osm.path)))
    err('osm.path', `OSM file not found: ${c.osm.path}`);
  if (dir && c.osm?.elevation !== undefined && !existsSync(resolveRegionPath(dir, c.osm.elevation)))
    err('osm.elevation', `elevation raster not found: ${c.osm.elevation}`);
  if (!c.osm)
    warn('osm', 'no OSM file: walks are straight lines (labelled), and no cycling or driving is offered');
  if (c.taxi.operators.length > 0 && !c.taxi.tariff)
    warn('taxi.tariff', 'taxi operators without a tariff: taxi prices are shown as unknown');

  c.carClub.bays.forEach((b, i) => {
    if (!providerIds.has(b.providerId))
      err(`carClub.bays.${i}.providerId`, `no car-club provider "${b.providerId}"`);
  });
  if (c.carClub.providers.length > 0 && c.carClub.providers.length !== 2)
    warn(
      'carClub.providers',
      `the product shows two car-club providers; found ${c.carClub.providers.length}`,
    );

  if (c.bikeHire) {
    const seen = new Set<string>();
    c.bikeHire.stations.forEach((s, i) => {
      if (seen.has(s.station_id))
        err(`bikeHire.stations.${i}.station_id`, `duplicate station_id "${s.station_id}"`);
      seen.add(s.station_id);
    });
  }

  c.flexibleServices.forEach((s, i) => {
    if (!operatorIds.has(s.operatorId))
      err(`flexibleServices.${i}.operatorId`, `no operator "${s.operatorId}"`);
    if (s.gtfs && !feedIds.has(s.gtfs.feedId))
      err(`flexibleServices.${i}.gtfs.feedId`, `no feed "${s.gtfs.feedId}"`);
    if (s.hours.start >= s.hours.end) err(`flexibleServices.${i}.hours`, 'start must be before end');
  });

  c.fares.rules.forEach((r, i) => {
    r.appliesTo.operatorIds.forEach((id, j) => {
      if (!operatorIds.has(id)) err(`fares.rules.${i}.appliesTo.operatorIds.${j}`, `no operator "${id}"`);
    });
    if (r.kind === 'gtfs' && !feedIds.has(r.feedId)) err(`fares.rules.${i}.feedId`, `no feed "${r.feedId}"`);
    if (r.kind === 'distance') {
      r.bands.forEach((b, j) => {
        const prev = r.bands[j - 1];
        if (prev && b.upToKm <= prev.upToKm)
          err(`fares.rules.${i}.bands.${j}.upToKm`, 'bands must increase in upToKm');
      });
    }
    if (r.kind === 'zone') {
      const zones = new Set(r.zones.map((z) => z.id));
      r.prices.forEach((p, j) => {
        if (!zones.has(p.fromZone)) err(`fares.rules.${i}.prices.${j}.fromZone`, `no zone "${p.fromZone}"`);
        if (!zones.has(p.toZone)) err(`fares.rules.${i}.prices.${j}.toZone`, `no zone "${p.toZone}"`);
      });
    }
  });
  return out;
}
