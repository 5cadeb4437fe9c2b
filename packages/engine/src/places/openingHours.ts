import OpeningHours from 'opening_hours';

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** Opening times of one weekday: open periods as "HH:MM" pairs, and a short text. */
export interface DayOpening {
  day: (typeof WEEKDAY_NAMES)[number];
  periods: Array<{ start: string; end: string }>;
  /** "07:00-19:00", "Open 24 hours", "Closed", or "n/a" when the hours are unknown. */
  text: string;
}

/** Parsed OSM opening_hours value, or an error text when the value does not parse. */
export type ParsedOpeningHours = { ok: true; value: OpeningHours } | { ok: false; error: string };

// Public holidays and school holidays depend on where the place is; Cairn's regions are in
// Scotland, so the library is told so.
const SCOTLAND = { lat: 57.1, lon: -3.8, address: { country_code: 'gb', state: 'Scotland' } };

/** Parse an OSM opening_hours value with the `opening_hours` library. */
export function parseOpeningHours(value: string): ParsedOpeningHours {
  try {
    return { ok: true, value: new OpeningHours(value, SCOTLAND) };
  } catch (err) {
    return { ok: false, error: String(err) };
  }
}

const hhmm = (d: Date): string =>
  `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;

/**
 * Opening times per weekday (Monday first) for the week containing `weekOf`, as the toilet
 * info window shows them. Unknown or unparseable hours give "n/a" for every day.
 */
export function listWeekOpening(value: string | null, weekOf: Date): DayOpening[] {
  const parsed = value ? parseOpeningHours(value) : null;
  const monday = new Date(
    weekOf.getFullYear(),
    weekOf.getMonth(),
    weekOf.getDate() - ((weekOf.getDay() + 6) % 7),
  );
  return WEEKDAY_NAMES.map((day, i) => {
    if (!parsed || !parsed.ok) return { day, periods: [], text: 'n/a' };
    const from = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i);
    const to = new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i + 1);
    const periods = parsed.value.getOpenIntervals(from, to).map(([s, e]) => ({
      start: hhmm(s),
      end: e.getTime() >= to.getTime() ? '24:00' : hhmm(e),
    }));
    let text: string;
    if (periods.length === 0) text = 'Closed';
    else if (periods.length === 1 && periods[0]!.start === '00:00' && periods[0]!.end === '24:00')
      text = 'Open 24 hours';
    else text = periods.map((p) => `${p.start}-${p.end}`).join(', ');
    return { day, periods, text };
  });
}

/** Whether a place with these opening hours is open at `when`; null when unknown. */
export function findOpenAt(value: string | null, when: Date): boolean | null {
  if (!value) return null;
  const parsed = parseOpeningHours(value);
  if (!parsed.ok) return null;
  return parsed.value.getUnknown(when) ? null : parsed.value.getState(when);
}
