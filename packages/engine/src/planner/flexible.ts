import type { FlexibleService, Weekday } from '../region/regionConfig.ts';
import { WEEKDAYS } from '../region/regionConfig.ts';
import { epochToLocal, dateToDayNumber, weekdayOfDayNumber } from '../time/service-day.ts';
import { pointInPolygon } from '../journeys/geo.ts';
import { isPublicHoliday } from '../journeys/publicHoliday.ts';

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** True when a point is inside the service's zone. */
export function inServiceZone(svc: FlexibleService, lat: number, lng: number): boolean {
  return pointInPolygon(lat, lng, svc.zone.coordinates);
}

/** True when a trip from startSec to endSec (epoch) fits the service's days, hours and bank-holiday rule in local time. */
export function serviceRunsBetween(
  svc: FlexibleService,
  timeZone: string,
  startSec: number,
  endSec: number,
): boolean {
  const start = epochToLocal(timeZone, startSec);
  const end = epochToLocal(timeZone, endSec);
  if (start.date !== end.date) return false;
  const weekday: Weekday = WEEKDAYS[weekdayOfDayNumber(dateToDayNumber(start.date))] ?? 'mon';
  if (!svc.days.includes(weekday)) return false;
  if (!svc.runsOnBankHolidays && isPublicHoliday(timeZone, startSec)) return false;
  return (
    start.secondsOfDay / 60 >= minutesOf(svc.hours.start) && end.secondsOfDay / 60 <= minutesOf(svc.hours.end)
  );
}
