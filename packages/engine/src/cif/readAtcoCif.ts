import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { unzipSync } from 'fflate';
import { gridToLatLon } from '../geo/ukGrids.ts';
import type { ReadFeedResult } from '../gtfs/types.ts';
import { WarningLog } from '../gtfs/warnings.ts';
import type { TxcCall, TxcJourney } from '../transxchange/model.ts';
import type { OperatingProfile } from '../transxchange/operatingProfile.ts';
import { newTxcCollection } from '../transxchange/readDocument.ts';
import type { TxcCollection } from '../transxchange/readDocument.ts';
import { finishCollection } from '../transxchange/readFeed.ts';
import type { TxcFeedOptions } from '../transxchange/readFeed.ts';
import { dateToDayNumber } from '../time/serviceDay.ts';

/*
 * ATCO-CIF, the older fixed-width bus timetable format (ATCO-CIF 5.0; still published for
 * Northern Ireland's Translink services): a QS record starts a journey (operator, days, dates,
 * bank holiday flag, route, direction), QE records add or remove dates, QO/QI/QT give the
 * origin, intermediate and destination calls with times and activity, QD describes a route,
 * QP names the operator of a code, QL/QB name and place the locations (easting and northing on
 * the Irish grid for ATCO codes beginning 7, the British grid otherwise). Journeys land in the
 * same collection the TransXChange reader fills, so they become a feed the same way.
 */

/** Minutes of "HHMM" as seconds; undefined when not four digits. */
function hhmm(text: string): number | undefined {
  if (!/^\d{4}$/.test(text)) return undefined;
  return Number(text.slice(0, 2)) * 3600 + Number(text.slice(2)) * 60;
}

/** "YYYYMMDD" as a day number; undefined when malformed. */
function day(text: string): number | undefined {
  if (!/^\d{8}$/.test(text)) return undefined;
  return dateToDayNumber(Number(text));
}

/** Reads every .cif file of a path (a file, a folder, or a zip) into one feed. */
export function readAtcoCifFeed(path: string, options: TxcFeedOptions): ReadFeedResult {
  const log = new WarningLog(options.feedId);
  const collection = newTxcCollection();
  let files: Array<{ name: string; text: string }> = [];
  try {
    if (statSync(path).isDirectory())
      files = readdirSync(path)
        .filter((n) => /\.cif$/i.test(n))
        .sort()
        .map((n) => ({ name: n, text: readFileSync(join(path, n), 'latin1') }));
    else if (/\.zip$/i.test(path)) {
      const entries = unzipSync(readFileSync(path), { filter: (f) => /\.cif$/i.test(f.name) });
      files = Object.keys(entries)
        .sort()
        .map((n) => ({ name: basename(n), text: new TextDecoder('latin1').decode(entries[n]) }));
    } else files = [{ name: basename(path), text: readFileSync(path, 'latin1') }];
  } catch (e) {
    log.add(path, 0, '', `${path}: not readable (${(e as Error).message})`, 'error');
    return { ok: false, warnings: log.list };
  }
  if (files.length === 0) log.add(path, 0, '', 'no ATCO-CIF (.cif) files found', 'error');
  for (const f of files) readAtcoCifText(f.text, f.name, collection, log);
  return finishCollection(collection, options, log);
}

interface OpenJourney {
  journey: TxcJourney;
  routeNumber: string;
  lineNo: number;
  /** The QD route description before its QS: "Belfast, Europa Buscentre - Coleraine, Buscentre". */
  description: string;
}

/** A whole name as compared across records: lower case, single spaces, no space before a comma. */
const sameName = (name: string): string => name.toLowerCase().replace(/\s+/g, ' ').replace(/ ,/g, ',').trim();

/**
 * Names each terminus whose QL name lacks its town by the "Town, Stop" its journeys' route
 * descriptions give it: Ulsterbus calls Belfast's main bus station "Europa Buscentre" in QL and
 * "Belfast, Europa Buscentre" in QD, and no record says "Belfast" otherwise, so a traveller typing
 * the city found nothing. A stop matched by no description keeps its QL name.
 */
function nameTerminiByTown(
  c: TxcCollection,
  termini: ReadonlyArray<{ atco: string[]; description: string }>,
): void {
  const renamed = new Set<string>();
  for (const { atco, description } of termini) {
    for (const end of description.split(/\s+-\s+/)) {
      const comma = end.indexOf(',');
      if (comma < 0) continue;
      const town = end.slice(0, comma).trim();
      const rest = sameName(end.slice(comma + 1));
      for (const id of atco) {
        const stop = c.stops.get(id);
        if (!stop || renamed.has(id) || !town || sameName(stop.name) !== rest) continue;
        c.stops.set(id, { ...stop, name: `${town}, ${stop.name}` });
        renamed.add(id);
      }
    }
  }
}

/** Reads one ATCO-CIF file's records into the collection. */
export function readAtcoCifText(text: string, file: string, c: TxcCollection, log: WarningLog): void {
  const lines = text.split(/\r?\n/);
  if (!lines[0]?.startsWith('ATCO-CIF')) {
    log.add(file, 1, '', 'not an ATCO-CIF file (the first record is not ATCO-CIF)', 'error');
    return;
  }
  let open: OpenJourney | undefined;
  let description = '';
  const termini: Array<{ atco: string[]; description: string }> = [];
  const close = (): void => {
    if (!open) return;
    const j = open.journey;
    if (j.calls.length >= 2) {
      j.calls[0]!.setDown = false;
      j.calls[j.calls.length - 1]!.pickUp = false;
      c.journeys.push(j);
      termini.push({
        atco: [j.calls[0]!.atco, j.calls[j.calls.length - 1]!.atco],
        description: open.description,
      });
    } else log.add(file, open.lineNo, 'QS', 'journey with fewer than two calls left out');
    open = undefined;
  };
  const call = (atco: string, arrival: number, departure: number, activity: string): TxcCall => ({
    atco,
    arrivalSec: arrival,
    departureSec: departure,
    pickUp: activity !== 'S' && activity !== 'N',
    setDown: activity !== 'P' && activity !== 'N',
  });
  lines.forEach((line, i) => {
    const n = i + 1;
    const kind = line.slice(0, 2);
    switch (kind) {
      case 'AT':
      case 'QN': // notes: pick-up/set-down notes repeat the activity flag
      case 'QV': // vehicle types
      case 'QQ':
      case 'QH': // bank holidays listed by the file: the nation's calendar is used instead
      case '':
        return;
      case 'QD':
        description = line.slice(12).trim();
        return;
      case 'QP': {
        // Operator details: code, short name (24), legal name (48); journeys name the code only.
        const id = line.slice(3, 7).trim();
        const name = line.slice(7, 31).trim() || line.slice(31, 79).trim();
        if (id && name) c.operators.set(id, { id, name });
        return;
      }
      case 'QS': {
        close();
        const operator = line.slice(3, 7).trim();
        const from = day(line.slice(13, 21));
        const to = day(line.slice(21, 29));
        const days = line.slice(29, 36);
        const bank = line.slice(37, 38);
        const route = line.slice(38, 42).trim();
        const direction = line.slice(64, 65);
        if (from === undefined || !/^[01]{7}$/.test(days)) {
          log.add(
            file,
            n,
            'QS',
            'journey header without readable first date or days of operation; journey left out',
          );
          return;
        }
        const profile: OperatingProfile = {
          weekdays: [...days].reduce((bits, d, k) => (d === '1' ? bits | (1 << k) : bits), 0),
          holidaysOnly: bank === 'B',
          specialOn: [],
          specialOff: [],
          bankOn: bank === 'A' || bank === 'B' ? ['AllBankHolidays'] : [],
          bankOff: bank === 'X' ? ['AllBankHolidays'] : [],
          organisationsOn: [],
          organisationsOff: [],
        };
        if (line.slice(36, 37).trim())
          log.add(
            file,
            n,
            'QS',
            'school term flag not supported; journey read as running in and out of term',
          );
        const lineId = `${operator}:${route}`;
        if (!c.lines.has(lineId))
          c.lines.set(lineId, { id: lineId, operatorId: operator, name: route, description, mode: 'bus' });
        if (!c.operators.has(operator)) c.operators.set(operator, { id: operator, name: operator });
        open = {
          journey: {
            id: `${file.replace(/\.cif$/i, '')}:${operator}:${route}:${line.slice(7, 13).trim() || n}:${n}`,
            lineId,
            direction: direction === 'I' ? 'inbound' : 'outbound',
            profile,
            periodFrom: from,
            periodTo: to ?? from + 365,
            calls: [],
            file,
            line: n,
          },
          routeNumber: route,
          lineNo: n,
          description,
        };
        return;
      }
      case 'QE': {
        const from = day(line.slice(2, 10));
        const to = day(line.slice(10, 18));
        if (!open || from === undefined || to === undefined) {
          log.add(file, n, 'QE', 'date exception outside a journey or unreadable; skipped');
          return;
        }
        (line.slice(18, 19) === '1' ? open.journey.profile.specialOn : open.journey.profile.specialOff).push({
          from,
          to,
        });
        return;
      }
      case 'QO':
      case 'QI':
      case 'QT': {
        if (!open) return;
        const atco = line.slice(2, 14).trim();
        const calls = open.journey.calls;
        const prev = calls.length > 0 ? calls[calls.length - 1]!.departureSec : -1;
        // Times are clock times: a journey running past midnight wraps, so add a day when they fall back.
        const fix = (t: number | undefined): number | undefined =>
          t === undefined ? undefined : t + 86400 * Math.max(0, Math.ceil((prev - t) / 86400));
        if (kind === 'QO') {
          const t = hhmm(line.slice(14, 18));
          if (t === undefined)
            return log.add(file, n, 'QO', 'origin without a readable departure time; call skipped');
          calls.push(call(atco, t, t, 'P'));
        } else if (kind === 'QI') {
          const arr = fix(hhmm(line.slice(14, 18)));
          const dep = fix(hhmm(line.slice(18, 22)));
          if (arr === undefined || dep === undefined)
            return log.add(file, n, 'QI', 'intermediate call without readable times; call skipped');
          calls.push(call(atco, arr, Math.max(arr, dep), line.slice(22, 23)));
        } else {
          const arr = fix(hhmm(line.slice(14, 18)));
          if (arr === undefined)
            return log.add(file, n, 'QT', 'destination without a readable arrival time; call skipped');
          calls.push(call(atco, arr, arr, 'S'));
          close();
        }
        return;
      }
      case 'QL': {
        const atco = line.slice(3, 15).trim();
        const own = c.stops.get(atco);
        c.stops.set(atco, {
          atco,
          name: line.slice(15, 63).trim(),
          lat: own?.lat ?? NaN,
          lon: own?.lon ?? NaN,
        });
        return;
      }
      case 'QB': {
        const atco = line.slice(3, 15).trim();
        const e = Number(line.slice(15, 23));
        const nn = Number(line.slice(23, 31));
        if (!Number.isFinite(e) || !Number.isFinite(nn) || e === 0) return;
        // Northern Ireland's ATCO codes start with 7 and its grid is the Irish one.
        const { lat, lon } = gridToLatLon(atco.startsWith('7') ? 'ie' : 'gb', e, nn);
        const own = c.stops.get(atco);
        c.stops.set(atco, { atco, name: own?.name ?? atco, lat, lon });
        return;
      }
      default:
        log.add(file, n, kind, `record ${kind} not supported`);
    }
  });
  close();
  nameTerminiByTown(c, termini);
}
