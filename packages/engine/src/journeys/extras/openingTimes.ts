import type { OpeningTime, ToiletMarker } from '@cairn/contracts';
import { WEEKDAYS } from '@cairn/contracts';
import { listWeekOpening } from '../../places/openingHours.ts';

type Week = NonNullable<ToiletMarker['openingTimes']>;

const DAY_CODES = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;

/**
 * Opening times per weekday from an OSM opening_hours value, for the common forms
 * ("24/7", "Mo-Fr 09:00-17:00; Sa 10:00-16:00; Su off", "Mo-Su 08:00-20:00", "sunrise-sunset"
 * is not understood). Null when the value is absent or uses syntax beyond that subset (shown as
 * 'n/a' rather than a guess). Days the value does not name are 'closed' only when other days are
 * listed explicitly.
 */
export function weeklyOpeningTimes(openingHours: string | null): Week | null {
  if (!openingHours) return null;
  const value = openingHours.trim();
  const week = Object.fromEntries(WEEKDAYS.map((d) => [d, null])) as Record<
    (typeof WEEKDAYS)[number],
    OpeningTime | null
  >;
  if (value === '24/7') {
    for (const d of WEEKDAYS) week[d] = '24 hours';
    return week;
  }
  const rules = value
    .split(';')
    .map((r) => r.trim())
    .filter((r) => r !== '');
  if (rules.length === 0) return null;
  for (const rule of rules) {
    const m = /^((?:[A-Z][a-z](?:-[A-Z][a-z])?)(?:,(?:[A-Z][a-z](?:-[A-Z][a-z])?))*)?\s*(.*)$/.exec(rule);
    if (!m) return null;
    const days = m[1] ? expandDays(m[1]) : [0, 1, 2, 3, 4, 5, 6];
    if (!days) return null;
    const times = (m[2] ?? '').trim();
    let entry: OpeningTime;
    if (times === 'off' || times === 'closed') entry = 'closed';
    else if (times === '00:00-24:00' || times === '24/7') entry = '24 hours';
    else {
      const spans = times.split(',').map((t) => /^(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(t.trim()));
      if (spans.length === 0 || spans.some((s) => !s)) return null;
      entry =
        spans.length === 1 && spans[0]
          ? { start: spans[0][1] ?? '', end: spans[0][2] ?? '' }
          : spans.map((s) => `${s?.[1]}–${s?.[2]}`).join(', ');
    }
    for (const d of days) week[WEEKDAYS[d] ?? 'monday'] = entry;
  }
  for (const d of WEEKDAYS) week[d] ??= 'closed';
  return week;
}

function expandDays(text: string): number[] | undefined {
  const out: number[] = [];
  for (const part of text.split(',')) {
    const [a, b] = part.split('-');
    const from = DAY_CODES.indexOf(a as (typeof DAY_CODES)[number]);
    const to = b === undefined ? from : DAY_CODES.indexOf(b as (typeof DAY_CODES)[number]);
    if (from < 0 || to < 0) return undefined;
    for (let d = from; ; d = (d + 1) % 7) {
      out.push(d);
      if (d === to) break;
    }
  }
  return out;
}

/**
 * Opening times of the week of a visit: the common forms read directly, anything else (public
 * holidays, months, sunrise) through the opening_hours library for that calendar week. Null when
 * neither can read the value.
 */
export function visitWeekOpeningTimes(openingHours: string | null, visit: Date): Week | null {
  const simple = weeklyOpeningTimes(openingHours);
  if (simple || !openingHours) return simple;
  const days = listWeekOpening(openingHours, visit);
  if (days.every((d) => d.text === 'n/a')) return null;
  const week = {} as Record<(typeof WEEKDAYS)[number], OpeningTime | null>;
  days.forEach((d, i) => {
    const key = WEEKDAYS[i] ?? 'monday';
    const only = d.periods[0];
    if (d.periods.length === 0) week[key] = 'closed';
    else if (d.periods.length === 1 && only && only.start === '00:00' && only.end === '24:00')
      week[key] = '24 hours';
    else if (d.periods.length === 1 && only) week[key] = { start: only.start, end: only.end };
    else week[key] = d.periods.map((p) => `${p.start}–${p.end}`).join(', ');
  });
  return week;
}
