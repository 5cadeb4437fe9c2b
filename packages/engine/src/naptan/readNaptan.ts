import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { eachRow } from '../gtfs/rows.ts';
import type { GtfsSource } from '../gtfs/source.ts';
import type { WarningLog } from '../gtfs/warnings.ts';
import { findChild, listChildren, streamXmlElements, textAt } from '../transxchange/xmlTree.ts';
import type { XmlElement } from '../transxchange/xmlTree.ts';

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
  eachRow(source, log, files.stops, ['ATCOCode', 'CommonName', 'Latitude', 'Longitude'], (get, line) => {
    const lat = Number(get('Latitude'));
    const lon = Number(get('Longitude'));
    if (!get('Latitude') || !get('Longitude') || !Number.isFinite(lat) || !Number.isFinite(lon)) {
      log.add(files.stops, line, 'Latitude', `stop ${get('ATCOCode')} has no readable Latitude/Longitude`);
      return;
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

const latLonOf = (el: XmlElement | undefined): { lat: number; lon: number } => {
  const loc = findChild(el, 'Location');
  const ll = findChild(loc, 'Translation') ?? loc;
  return { lat: Number(textAt(ll, 'Latitude') || NaN), lon: Number(textAt(ll, 'Longitude') || NaN) };
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
