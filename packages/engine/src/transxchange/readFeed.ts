import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { unzipSync } from 'fflate';
import { findModeForRouteType } from '../gtfs/routeTypes.ts';
import type {
  GtfsFeed,
  GtfsFrequency,
  GtfsService,
  GtfsStop,
  GtfsTrip,
  ReadFeedResult,
} from '../gtfs/types.ts';
import { WarningLog } from '../gtfs/warnings.ts';
import { emptyNaptan } from '../naptan/readNaptan.ts';
import type { NaptanData } from '../naptan/readNaptan.ts';
import type { Nation } from './bankHolidays.ts';
import { profileToService } from './operatingProfile.ts';
import { newTxcCollection, readTxcDocument } from './readDocument.ts';
import type { TxcCollection } from './readDocument.ts';

/*
 * A TransXChange feed: every .xml document of a folder, a zip (as TNDS and BODS publish them) or
 * a single file, read into one collection and then into the parsed-feed shape the GTFS reader
 * produces, so the timetable builder and the router never see the format. Stop positions come
 * from NaPTAN, else from the documents themselves; a stop with neither is an error naming it.
 */

export interface TxcFeedOptions {
  feedId: string;
  /** Stop positions and names by ATCO code. */
  naptan?: NaptanData;
  /** Whose bank holidays AllBankHolidays and the other groups mean (default England and Wales). */
  nation?: Nation;
  /**
   * Positions by ATCO code from elsewhere (OSM nodes tagged naptan:AtcoCode), used after NaPTAN and
   * the files themselves; asked for only when a stop has no position otherwise.
   */
  fallbackPositions?: () => ReadonlyMap<string, { lat: number; lon: number; name: string }>;
  onProgress?: (message: string) => void;
}

/** Route types (GTFS) for TransXChange modes; coaches are GTFS's intercity buses. */
const ROUTE_TYPE: Record<string, number> = {
  bus: 3,
  coach: 200,
  ferry: 4,
  tram: 0,
  underground: 1,
  metro: 1,
  rail: 2,
  trolleyBus: 11,
  telecabine: 6,
};

/** Reads a TransXChange folder, zip or file into a feed; unreadable documents and missing stop positions are errors. */
export function readTransxchangeFeed(path: string, options: TxcFeedOptions): ReadFeedResult {
  const log = new WarningLog(options.feedId);
  const documents = listDocuments(path, log);
  const collection = newTxcCollection();
  let n = 0;
  for (const doc of documents) {
    readTxcDocument(doc.text(), doc.name, collection, log);
    if (++n % 500 === 0) options.onProgress?.(`read ${n} of ${documents.length} TransXChange files`);
  }
  if (documents.length === 0 && !log.hasErrors)
    log.add(path, 0, '', 'no TransXChange (.xml) documents found', 'error');
  return finishCollection(collection, options, log);
}

/** The read result of a collection: a feed unless reading or placing stops found errors. */
export function finishCollection(c: TxcCollection, options: TxcFeedOptions, log: WarningLog): ReadFeedResult {
  if (log.hasErrors) return { ok: false, warnings: log.list };
  const feed = collectionToFeed(c, options, log);
  if (log.hasErrors) return { ok: false, warnings: log.list };
  return { ok: true, feed, warnings: log.list, warningCounts: log.counts };
}

interface Document {
  name: string;
  text: () => string;
}

/** The .xml documents of a folder (not descending), a zip (any depth) or one file (any name), in name order. */
function listDocuments(path: string, log: WarningLog): Document[] {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    log.add(path, 0, '', `${path}: no such file or folder`, 'error');
    return [];
  }
  const decoder = new TextDecoder('utf-8');
  if (isDir) {
    const docs: Document[] = [];
    for (const name of readdirSync(path).sort()) {
      if (/\.xml$/i.test(name)) docs.push({ name, text: () => readFileSync(join(path, name), 'utf8') });
      else if (/\.zip$/i.test(name)) docs.push(...listDocuments(join(path, name), log));
    }
    return docs;
  }
  const bytes = readFileSync(path);
  // A file that is no zip (it does not open with the PK signature) is one document, whatever its name.
  if (!(bytes[0] === 0x50 && bytes[1] === 0x4b))
    return [{ name: basename(path), text: () => decoder.decode(bytes) }];
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => /\.(xml|zip)$/i.test(f.name) && !f.name.startsWith('__MACOSX'),
    });
  } catch (e) {
    log.add(path, 0, '', `${path}: not a readable zip archive (${(e as Error).message})`, 'error');
    return [];
  }
  const docs: Document[] = [];
  for (const name of Object.keys(files).sort()) {
    const data = files[name]!;
    if (/\.zip$/i.test(name)) {
      // BODS publishes zips of zips: read the inner ones in place.
      try {
        const inner = unzipSync(data, { filter: (f) => /\.xml$/i.test(f.name) });
        for (const innerName of Object.keys(inner).sort())
          docs.push({ name: basename(innerName), text: () => decoder.decode(inner[innerName]) });
      } catch (e) {
        log.add(name, 0, '', `inner zip not readable (${(e as Error).message})`, 'error');
      }
    } else docs.push({ name: basename(name), text: () => decoder.decode(data) });
  }
  return docs;
}

/** The collection as a parsed feed: stops placed from NaPTAN, profiles turned into services. */
function collectionToFeed(c: TxcCollection, options: TxcFeedOptions, log: WarningLog): GtfsFeed {
  const naptan = options.naptan ?? emptyNaptan();
  const ctx = { nation: options.nation ?? 'england-wales', organisations: c.organisations };

  let fallbackTable: ReturnType<NonNullable<TxcFeedOptions['fallbackPositions']>> | undefined;
  const fallbackOf = (): typeof fallbackTable => (fallbackTable ??= options.fallbackPositions?.());
  const stops: GtfsStop[] = [];
  const stopIdx = new Map<string, number>();
  const areaIdx = new Map<string, number>();
  const stopOf = (atco: string, file: string, line: number): number => {
    const known = stopIdx.get(atco);
    if (known !== undefined) return known;
    const own = c.stops.get(atco);
    const fromNaptan = naptan.stops.get(atco);
    const placed = fromNaptan ?? (own && Number.isFinite(own.lat) ? own : undefined);
    const fallback = placed ? undefined : fallbackOf()?.get(atco);
    const lat = placed?.lat ?? fallback?.lat;
    const lon = placed?.lon ?? fallback?.lon;
    const name = fromNaptan?.name || own?.name || fallback?.name || atco;
    if (lat === undefined || lon === undefined) {
      log.add(
        file,
        line,
        'StopPointRef',
        `stop ${atco} (${name}) has no position: not in NaPTAN, the file or OSM (naptan:AtcoCode)`,
        'error',
      );
    }
    let parentIdx = -1;
    const area = fromNaptan?.areas.map((a) => naptan.areas.get(a)).find((a) => a && Number.isFinite(a.lat));
    if (area) {
      parentIdx = areaIdx.get(area.code) ?? -1;
      if (parentIdx < 0) {
        parentIdx = stops.length;
        areaIdx.set(area.code, parentIdx);
        stops.push(plainStop(`area:${area.code}`, area.name, area.lat, area.lon, 1, -1));
      }
    }
    const idx = stops.length;
    stops.push(plainStop(atco, name, lat ?? 0, lon ?? 0, 0, parentIdx));
    stopIdx.set(atco, idx);
    return idx;
  };

  // Only operators that run a line become agencies (files list others, e.g. a former operator).
  const running = new Set([...c.lines.values()].map((l) => l.operatorId));
  const agencyIdx = new Map<string, number>();
  const agencies = [...c.operators.values()]
    .filter((o) => running.has(o.id))
    .map((o, i) => {
      agencyIdx.set(o.id, i);
      return { id: o.id, name: o.name, url: '', timezone: 'Europe/London', phone: '' };
    });
  const routeIdx = new Map<string, number>();
  const routes = [...c.lines.values()].map((l, i) => {
    routeIdx.set(l.id, i);
    const routeType = ROUTE_TYPE[l.mode] ?? 3;
    return {
      id: l.id,
      agencyIdx: agencyIdx.get(l.operatorId) ?? 0,
      shortName: l.name,
      longName: l.description,
      routeType,
      mode: findModeForRouteType(routeType) ?? 'bus',
      color: '',
      textColor: '',
      url: '',
      networkId: '',
    };
  });
  if (agencies.length === 0 && routes.length > 0)
    agencies.push({
      id: 'operator',
      name: 'Unknown operator',
      url: '',
      timezone: 'Europe/London',
      phone: '',
    });

  const services: GtfsService[] = [];
  const serviceIdx = new Map<string, number>();
  const trips: GtfsTrip[] = [];
  const frequencies: GtfsFrequency[] = [];
  const offsets: number[] = [0];
  const stopCol: number[] = [];
  const arr: number[] = [];
  const dep: number[] = [];
  const pick: number[] = [];
  const drop: number[] = [];
  for (const j of c.journeys) {
    const key = JSON.stringify([j.profile, j.periodFrom, j.periodTo]);
    let s = serviceIdx.get(key);
    if (s === undefined) {
      s = services.length;
      serviceIdx.set(key, s);
      services.push(profileToService(`p${s}`, j.profile, { from: j.periodFrom, to: j.periodTo }, ctx));
    }
    const route = routeIdx.get(j.lineId);
    if (route === undefined) {
      log.add(j.file, j.line, 'LineRef', `journey ${j.id}: its service has no Line; journey left out`);
      continue;
    }
    const t = trips.length;
    for (const call of j.calls) {
      stopCol.push(stopOf(call.atco, j.file, j.line));
      arr.push(call.arrivalSec);
      dep.push(call.departureSec);
      pick.push(call.pickUp ? 0 : 1);
      drop.push(call.setDown ? 0 : 1);
    }
    offsets.push(stopCol.length);
    const last = j.calls[j.calls.length - 1]!;
    trips.push({
      id: j.id,
      routeIdx: route,
      serviceIdx: s,
      headsign: stops[stopIdx.get(last.atco)!]?.name ?? '',
      shortName: '',
      directionId: j.direction === 'inbound' ? 1 : 0,
      shapeIdx: -1,
      wheelchair: 0,
      valid: true,
    });
    if (j.frequency)
      frequencies.push({
        tripIdx: t,
        startSec: j.calls[0]!.departureSec,
        endSec: j.frequency.lastStartSec + 1,
        headwaySec: j.frequency.headwaySec,
        exactTimes: j.frequency.exact,
      });
  }
  return {
    id: options.feedId,
    timezone: 'Europe/London',
    agencies,
    stops,
    routes,
    trips,
    services,
    stopTimes: {
      tripOffsets: Int32Array.from(offsets),
      stopIdx: Int32Array.from(stopCol),
      arrivalSec: Int32Array.from(arr),
      departureSec: Int32Array.from(dep),
      pickupType: Uint8Array.from(pick),
      dropOffType: Uint8Array.from(drop),
    },
    frequencies,
    transfers: [],
    hasTransfersFile: false,
    shapes: [],
    feedInfo: undefined,
    fares: {
      attributes: [],
      rules: [],
      products: [],
      legRules: [],
      transferRules: [],
      riderCategories: [],
      stopAreas: [],
      routeNetworks: [],
    },
  };
}

function plainStop(
  id: string,
  name: string,
  lat: number,
  lon: number,
  locationType: number,
  parentIdx: number,
): GtfsStop {
  return {
    id,
    code: '',
    name,
    lat,
    lon,
    locationType,
    parentIdx,
    wheelchair: 0,
    platformCode: '',
    zoneId: '',
  };
}
