import type { SearchQuery } from '@cairn/contracts';
import { formatDayLabel } from '../lib/dates.ts';

/** "2026/11/29 09:00:00" (the region's wall clock) to its day and its time. */
function splitSearchTime(text: string): { day: string; time: string } | null {
  const match = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}:\d{2})/.exec(text);
  return match ? { day: `${match[1]}-${match[2]}-${match[3]}`, time: match[4]! } : null;
}

/**
 * When a search travels, for the Results header: "Sun, 29 Nov 2026, leaving 09:00, returning
 * 17:00", or "arriving by 10:00" for an appointment; the return's day only when it differs.
 */
export function describeSearchTime(
  query: Pick<SearchQuery, 'out_departure_at' | 'arrive_at_time' | 'return_time'>,
): string {
  const arrive = query.arrive_at_time ? splitSearchTime(query.arrive_at_time) : null;
  const out = arrive ?? splitSearchTime(query.out_departure_at);
  if (!out) return '';
  const parts = [formatDayLabel(out.day), `${arrive ? 'arriving by' : 'leaving'} ${out.time}`];
  const back = query.return_time ? splitSearchTime(query.return_time) : null;
  if (back) parts.push(`returning ${back.day === out.day ? '' : `${formatDayLabel(back.day)} `}${back.time}`);
  return parts.join(', ');
}
