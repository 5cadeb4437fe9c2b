import { epochToLocal, localToEpochSec, splitDate } from '../time/serviceDay.ts';
import type { DateInt } from '../time/serviceDay.ts';

import { formatDateFields, formatSearchDateFields, formatSecondsOfDay, pad2 } from './clock.ts';

/** 'HH:mm' of an instant in the region's time zone. */
export function formatLocalTime(timeZone: string, epochSec: number): string {
  return formatSecondsOfDay(epochToLocal(timeZone, epochSec).secondsOfDay);
}

/** 'YYYY-MM-DD' of an instant in the region's time zone. */
export function formatLocalDate(timeZone: string, epochSec: number): string {
  const { date } = epochToLocal(timeZone, epochSec);
  const { y, m, d } = splitDate(date);
  return formatDateFields({ year: y, month: m, day: d });
}

/** ISO 8601 local time with its UTC offset, e.g. 2026-03-29T09:05:00+01:00. */
export function formatLocalIso(timeZone: string, epochSec: number): string {
  const { date, secondsOfDay, offsetSec } = epochToLocal(timeZone, epochSec);
  const { y, m, d } = splitDate(date);
  const hh = Math.floor(secondsOfDay / 3600);
  const mm = Math.floor(secondsOfDay / 60) % 60;
  const ss = secondsOfDay % 60;
  const sign = offsetSec < 0 ? '-' : '+';
  const abs = Math.abs(offsetSec);
  return `${y}-${pad2(m)}-${pad2(d)}T${pad2(hh)}:${pad2(mm)}:${pad2(ss)}${sign}${pad2(Math.floor(abs / 3600))}:${pad2(Math.floor(abs / 60) % 60)}`;
}

/** Parses the search date format 'YYYY/MM/DD HH:mm:ss' (SPEC §5) as local time in the zone; undefined when malformed. */
export function parseSearchDate(timeZone: string, text: string): number | undefined {
  const m = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const date: DateInt = Number(m[1]) * 10000 + Number(m[2]) * 100 + Number(m[3]);
  const h = Number(m[4]);
  const mi = Number(m[5]);
  const s = Number(m[6]);
  if (
    Number(m[2]) < 1 ||
    Number(m[2]) > 12 ||
    Number(m[3]) < 1 ||
    Number(m[3]) > 31 ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return undefined;
  return localToEpochSec(timeZone, date, h * 3600 + mi * 60 + s);
}

/** Formats an instant as the search date format 'YYYY/MM/DD HH:mm:ss' in the zone. */
export function formatSearchDate(timeZone: string, epochSec: number): string {
  const { date, secondsOfDay } = epochToLocal(timeZone, epochSec);
  const { y, m, d } = splitDate(date);
  return formatSearchDateFields({
    year: y,
    month: m,
    day: d,
    hour: Math.floor(secondsOfDay / 3600),
    minute: Math.floor(secondsOfDay / 60) % 60,
    second: secondsOfDay % 60,
  });
}
