import { formatDayLabel, formatHuman, parseSearchDate } from '../lib/dates.ts';
import { modeLabel } from '../lib/modeLabel.ts';

/** A stored search time (`YYYY/MM/DD HH:mm:ss` or ISO) as `Sat 22 Nov 2026, 09:05`; the text itself when unreadable. */
export function formatWhen(text: string): string {
  const date = parseSearchDate(text) ?? (Number.isNaN(Date.parse(text)) ? undefined : new Date(text));
  return date ? formatHuman(date) : text;
}

/** A saved leg's day and times: `Mon 23 Nov 2026, 08:50 – 09:32`. */
export function formatLegTimes(date: string, depart: string, arrive: string): string {
  return `${formatDayLabel(date)}, ${depart} – ${arrive}`;
}

/** Stage names for people: 'own car' → 'Own car', 'drt' → 'DRT'. */
export function stageLabel(stage: string): string {
  return modeLabel(stage);
}
