import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gridToLatLon } from '../geo/ukGrids.ts';
import { eachRow } from '../gtfs/rows.ts';
import type { GtfsSource } from '../gtfs/source.ts';
import type { WarningLog } from '../gtfs/warnings.ts';
import { findChild, listChildren, streamXmlElements, textAt } from '../xml/xmlTree.ts';
import type { XmlElement } from '../xml/xmlTree.ts';

/*
 * NaPTAN, the national list of public transport stops in Great Britain (public CSV and XML from
 * the Department for Transport, Open Government Licence): positions and names of stops by ATCO
 * code, and the stop areas (stations, interchanges) that group them. Timetables in TransXChange
 * and CIF name stops only by ATCO code, so this is where their positions come from.
 */

/** One NaPTAN stop point. */
export interface NaptanStop {
  atco: string;
  name: string;
  lat: number;
  lon: number;
  /** Stop area codes the stop belongs to (a bus station, a rail station …). */
  areas: string[];
}

/** One NaPTAN stop area. */
export interface NaptanArea {
  code: string;
  name: string;
  lat: number;
  lon: number;
}

/** Stops and stop areas as read. */
export interface NaptanData {
  stops: Map<string, NaptanStop>;
  areas: Map<string, NaptanArea>;
}

/** An empty NaPTAN table (a feed whose files carry their own positions). */
export function emptyNaptan(): NaptanData {
  return { stops: new Map(), areas: new Map() };
}

/**
 * Reads NaPTAN from a Stops.csv file, a folder holding Stops.csv (and StopAreas.csv,
 * StopsInArea.csv when present), or a NaPTAN XML file; problems go to `log`.
 */
export function readNaptan(path: string, log: WarningLog): NaptanData {
  const data = emptyNaptan();
  let isDir = false;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    log.add(path, 0, '', 'NaPTAN file or folder not found', 'error');
    return data;
  }
  if (!isDir && /\.xml$/i.test(path)) {
    readNaptanXml(path, data, log);
    return data;
  }
  const files = isDir
    ? {
        stops: join(path, 'Stops.csv'),
        areas: join(path, 'StopAreas.csv'),
        inArea: join(path, 'StopsInArea.csv'),
      }
    : { stops: path, areas: '', inArea: '' };
  const source = csvSource([files.stops, files.areas, files.inArea].filter(Boolean));
  eachRow(source, log, files.stops, ['ATCOCode', 'CommonName'], (get, line) => {
    let lat = get('Latitude') ? Number(get('Latitude')) : NaN;
    let lon = get('Longitude') ? Number(get('Longitude')) : NaN;
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) {
      // Older extracts give only the British grid position.
      const e = get('Easting') ? Number(get('Easting')) : NaN;
      const n = get('Northing') ? Number(get('Northing')) : NaN;
      if (!Number.isFinite(e) || !Number.isFinite(n)) {
        log.add(
          files.stops,
          line,
          'Latitude',
          `stop ${get('ATCOCode')} has no readable Latitude/Longitude or Easting/Northing`,
        );
        return;
      }
      ({ lat, lon } = gridToLatLon('gb', e, n));
    }
    data.stops.set(get('ATCOCode'), { atco: get('ATCOCode'), name: get('CommonName'), lat, lon, areas: [] });
  });
  if (files.areas && source.has(files.areas)) {
    eachRow(source, log, files.areas, ['StopAreaCode', 'Name', 'Latitude', 'Longitude'], (get) => {
      data.areas.set(get('StopAreaCode'), {
        code: get('StopAreaCode'),
        name: get('Name'),
        lat: Number(get('Latitude')),
        lon: Number(get('Longitude')),
      });
    });
    eachRow(
      source,
      log,
      files.inArea,
      ['AtcoCode', 'StopAreaCode'],
      (get) => data.stops.get(get('AtcoCode'))?.areas.push(get('StopAreaCode')),
      false,
    );
  }
  return data;
}

/** A source of whole CSV files by path, in the shape the GTFS row reader takes. */
function csvSource(paths: string[]): GtfsSource {
  const exists = (p: string): boolean => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  };
  const present = new Set(paths.filter(exists));
  return {
    path: paths[0] ?? '',
    has: (f) => present.has(f),
    read: (f) => (present.has(f) ? readFileSync(f, 'utf8') : undefined),
  };
}

/** A Location's WGS84 position, from its Latitude/Longitude or else its British grid Easting/Northing. */
const latLonOf = (el: XmlElement | undefined): { lat: number; lon: number } => {
  const loc = findChild(el, 'Location');
  const ll = findChild(loc, 'Translation') ?? loc;
  const lat = Number(textAt(ll, 'Latitude') || NaN);
  const lon = Number(textAt(ll, 'Longitude') || NaN);
  if (Number.isFinite(lat) && Number.isFinite(lon)) return { lat, lon };
  const e = Number(textAt(ll, 'Easting') || NaN);
  const n = Number(textAt(ll, 'Northing') || NaN);
  return Number.isFinite(e) && Number.isFinite(n) ? gridToLatLon('gb', e, n) : { lat: NaN, lon: NaN };
};

function readNaptanXml(path: string, data: NaptanData, log: WarningLog): void {
  const error = streamXmlElements(path, new Set(['StopPoint', 'StopArea']), (el) => {
    if (el.name === 'StopArea') {
      const code = textAt(el, 'StopAreaCode');
      data.areas.set(code, { code, name: textAt(el, 'Name'), ...latLonOf(el) });
      return;
    }
    const atco = textAt(el, 'AtcoCode');
    const { lat, lon } = latLonOf(findChild(el, 'Place'));
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) {
      log.add(
        path,
        el.line,
        'Location',
        `stop ${atco} has no Latitude/Longitude (only Easting/Northing is not read)`,
      );
      return;
    }
    data.stops.set(atco, {
      atco,
      name: textAt(el, 'Descriptor', 'CommonName'),
      lat,
      lon,
      areas: listChildren(findChild(el, 'StopAreas'), 'StopAreaRef').map((r) => r.text),
    });
  });
  if (error) log.add(path, error.line, '', `not readable XML: ${error.message}`, 'error');
}
