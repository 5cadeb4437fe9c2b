import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import stations from 'uk-railway-stations' with { type: 'json' };
import type { ReadFeedResult } from '../gtfs/types.ts';
import { WarningLog } from '../gtfs/warnings.ts';
import { dateToDayNumber, weekdayOfDayNumber } from '../time/serviceDay.ts';
import type { TxcCall } from '../transxchange/model.ts';
import type { DayRange, OperatingProfile } from '../transxchange/operatingProfile.ts';
import { newTxcCollection } from '../transxchange/readDocument.ts';
import { finishCollection } from '../transxchange/readFeed.ts';
import type { TxcFeedOptions } from '../transxchange/readFeed.ts';

/*
 * The Rail Delivery Group's timetable in CIF (the fixed-width "full extract" of Network Rail's
 * schedules, as specified in the CIF End User Specification): TI records name TIPLOCs (timing
 * points) with their CRS code; BS starts a schedule (train UID, dates, days, bank holiday
 * running, STP indicator), BX adds the operator (ATOC code), LO/LI/LT are its origin, calls and
 * terminus. Short-term planning (STP): for one train UID and date, a cancellation (C), overlay
 * (O) or new schedule (N) takes the place of the permanent one (P). Calls are the locations with
 * public times; a TIPLOC becomes a station by its CRS code, placed by the uk-railway-stations
 * dataset (ODbL) unless NaPTAN places it. Associations (AA) and changes en route (CR) are
 * reported, not read.
 */

interface Schedule {
  uid: string;
  from: number;
  to: number;
  days: number;
  /** 'X' not on bank holidays, 'G' not on Glasgow's (read as the nation's), '' runs on them. */
  bank: string;
  stp: 'C' | 'N' | 'O' | 'P';
  operator: string;
  identity: string;
  calls: TxcCall[];
  line: number;
}

const CRS_POSITION = new Map(stations.map((s) => [s.crsCode, s]));

/** "YYMMDD" (CIF dates; 60–99 are 1960s–1990s) as a day number. */
function cifDay(text: string): number | undefined {
  if (!/^\d{6}$/.test(text)) return undefined;
  const yy = Number(text.slice(0, 2));
  return dateToDayNumber((yy >= 60 ? 1900 + yy : 2000 + yy) * 10000 + Number(text.slice(2)));
}

/** "HHMM" (a public time; "0000" on an intermediate call means none) in seconds. */
function cifTime(text: string): number | undefined {
  if (!/^\d{4}$/.test(text)) return undefined;
  return Number(text.slice(0, 2)) * 3600 + Number(text.slice(2)) * 60;
}

/** Reads a CIF full extract (one .cif/.mca file) into a feed of stations and trains. */
export function readRailCifFeed(path: string, options: TxcFeedOptions): ReadFeedResult {
  const log = new WarningLog(options.feedId);
  let text: string;
  try {
    text = readFileSync(path, 'latin1');
  } catch (e) {
    log.add(path, 0, '', `${path}: not readable (${(e as Error).message})`, 'error');
    return { ok: false, warnings: log.list };
  }
  const file = basename(path);
  const crsOf = new Map<string, { crs: string; name: string }>();
  const schedules: Schedule[] = [];
  let open: Schedule | undefined;
  const lines = text.split(/\r?\n/);
  if (!lines[0]?.startsWith('HD'))
    log.add(file, 1, '', 'not a CIF file (the first record is not HD)', 'error');
  lines.forEach((line, i) => {
    const n = i + 1;
    const kind = line.slice(0, 2);
    if (kind === 'TI' || kind === 'TA') {
      const tiploc = line.slice(2, 9).trim();
      const crs = line.slice(53, 56).trim();
      if (crs) crsOf.set(tiploc, { crs, name: line.slice(18, 44).trim() });
    } else if (kind === 'BS') {
      open = undefined;
      const txn = line.slice(2, 3);
      if (txn !== 'N') {
        log.add(
          file,
          n,
          'BS',
          `transaction type ${txn} (an update extract) not supported; read full extracts`,
        );
        return;
      }
      const from = cifDay(line.slice(9, 15));
      const to = cifDay(line.slice(15, 21));
      const days = line.slice(21, 28);
      const stp = line.slice(79, 80) as Schedule['stp'];
      if (from === undefined || !/^[01]{7}$/.test(days) || !'CNOP'.includes(stp) || stp === ('' as string)) {
        log.add(file, n, 'BS', 'schedule without readable dates, days or STP indicator; left out');
        return;
      }
      open = {
        uid: line.slice(3, 9),
        from,
        to: to ?? from,
        days: [...days].reduce((bits, d, k) => (d === '1' ? bits | (1 << k) : bits), 0),
        bank: line.slice(28, 29).trim(),
        stp,
        operator: '',
        identity: line.slice(32, 36).trim(),
        calls: [],
        line: n,
      };
      schedules.push(open);
    } else if (kind === 'BX') {
      if (open) open.operator = line.slice(11, 13).trim();
    } else if (kind === 'LO' || kind === 'LI' || kind === 'LT') {
      if (!open || open.stp === 'C') return;
      const tiploc = line.slice(2, 9).trim();
      const prev = open.calls.at(-1)?.departureSec ?? -1;
      const wrap = (t: number): number => t + 86400 * Math.max(0, Math.ceil((prev - t) / 86400));
      if (kind === 'LO') {
        const dep = cifTime(line.slice(15, 19));
        if (dep !== undefined) open.calls.push(call(tiploc, dep, dep, 'U'));
      } else if (kind === 'LI') {
        const arr = cifTime(line.slice(25, 29));
        const dep = cifTime(line.slice(29, 33));
        // No public times: the train passes or stops for operating reasons only.
        if (arr === undefined || dep === undefined || (arr === 0 && dep === 0)) return;
        const activity = line.slice(42, 54);
        const a = wrap(arr || dep);
        open.calls.push(
          call(
            tiploc,
            a,
            Math.max(a, wrap(dep || arr)),
            activity.includes('U') ? 'U' : activity.includes('D') ? 'D' : 'T',
          ),
        );
      } else {
        const arr = cifTime(line.slice(15, 19));
        if (arr !== undefined) open.calls.push(call(tiploc, wrap(arr), wrap(arr), 'D'));
        open = undefined;
      }
    } else if (kind === 'AA' || kind === 'CR') {
      log.add(
        file,
        n,
        kind,
        kind === 'AA' ? 'associations (joins and splits) not read' : 'changes en route not read',
      );
    }
  });
  if (log.hasErrors) return { ok: false, warnings: log.list };

  // STP: each date a C, O or N schedule of a UID covers is taken from that UID's permanent ones.
  const byUid = new Map<string, Schedule[]>();
  for (const s of schedules) byUid.set(s.uid, [...(byUid.get(s.uid) ?? []), s]);
  const c = newTxcCollection();
  for (const list of byUid.values()) {
    const overrides = list.filter((s) => s.stp !== 'P');
    for (const s of list) {
      if (s.stp === 'C' || s.calls.length < 2) continue;
      const specialOff: DayRange[] = [];
      if (s.stp === 'P')
        for (const o of overrides)
          for (let d = Math.max(o.from, s.from); d <= Math.min(o.to, s.to); d++)
            if (o.days & (1 << weekdayOfDayNumber(d))) specialOff.push({ from: d, to: d });
      const profile: OperatingProfile = {
        weekdays: s.days,
        holidaysOnly: false,
        specialOn: [],
        specialOff,
        bankOn: [],
        bankOff: s.bank ? ['AllBankHolidays'] : [],
        organisationsOn: [],
        organisationsOff: [],
      };
      const operator = s.operator || 'ZZ';
      const lineId = `${operator}:${s.identity.slice(0, 1) === '1' ? 'express' : 'rail'}`;
      if (!c.lines.has(lineId))
        c.lines.set(lineId, {
          id: lineId,
          operatorId: operator,
          name: operator,
          description: '',
          mode: 'rail',
        });
      if (!c.operators.has(operator)) c.operators.set(operator, { id: operator, name: operator });
      const calls = s.calls.map((x) => ({ ...x, atco: crsOf.get(x.atco)?.crs ?? x.atco }));
      for (const x of calls) {
        if (c.stops.has(x.atco)) continue;
        const station = CRS_POSITION.get(x.atco);
        c.stops.set(x.atco, {
          atco: x.atco,
          name: station?.stationName ?? x.atco,
          lat: station?.lat ?? NaN,
          lon: station?.long ?? NaN,
        });
      }
      calls[0]!.setDown = false;
      calls[calls.length - 1]!.pickUp = false;
      c.journeys.push({
        id: `${s.uid}:${s.stp}:${s.line}`,
        lineId,
        direction: '',
        profile,
        periodFrom: s.from,
        periodTo: s.to,
        calls,
        file,
        line: s.line,
      });
    }
  }
  return finishCollection(c, options, log);
}

function call(tiploc: string, arrivalSec: number, departureSec: number, activity: 'T' | 'U' | 'D'): TxcCall {
  return { atco: tiploc, arrivalSec, departureSec, pickUp: activity !== 'D', setDown: activity !== 'U' };
}
