import { parseOpeningHours } from '../places/openingHours.ts';
import { epochToLocal, splitDate } from '../time/serviceDay.ts';

// The opening_hours library knows Scotland's public holidays (the places helper configures it so).
const HOLIDAYS = parseOpeningHours('PH');

/** True when the local date of an instant is a Scottish public holiday. */
export function isPublicHoliday(timeZone: string, epochSec: number): boolean {
  if (!HOLIDAYS.ok) return false;
  const { y, m, d } = splitDate(epochToLocal(timeZone, epochSec).date);
  // Noon of that calendar day in the library's (process-local) clock: the day, whatever the zone.
  return HOLIDAYS.value.getState(new Date(y, m - 1, d, 12));
}
