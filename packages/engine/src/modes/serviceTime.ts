import OpeningHours from 'opening_hours';
import { dateToDayNumber, epochToLocal, splitDate, weekdayOfDayNumber } from '../time/service-day.ts';
import { WEEKDAYS } from '../region/regionConfig.ts';
import type { GeoPolygon, TaxiArea, Weekday } from '../region/regionConfig.ts';
import { haversineM, pointInPolygon } from '../streets/geo.ts';

/** Local weekday and minutes after midnight of an instant in a time zone. */
export function localDayTime(
  timeZone: string,
  epochSec: number,
): { weekday: Weekday; minutes: number; date: number } {
  const { date, secondsOfDay } = epochToLocal(timeZone, epochSec);
  return {
    weekday: WEEKDAYS[weekdayOfDayNumber(dateToDayNumber(date))]!,
    minutes: Math.floor(secondsOfDay / 60),
    date,
  };
}

/** Minutes after midnight of "HH:MM". */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

// Scottish public holidays as the opening_hours library knows them ("PH" rule).
const SCOTTISH_HOLIDAYS = new OpeningHours('PH', {
  lat: 57.1,
  lon: -3.8,
  address: { country_code: 'gb', state: 'Scotland' },
});

/** Whether a local calendar date (YYYYMMDD) is a Scottish public (bank) holiday. */
export function isScottishBankHoliday(date: number): boolean {
  const { y, m, d } = splitDate(date);
  return SCOTTISH_HOLIDAYS.getState(new Date(y, m - 1, d, 12, 0));
}

/** Whether a point lies in a GeoJSON polygon of the region config. */
export function inGeoPolygon(lat: number, lon: number, polygon: GeoPolygon): boolean {
  return pointInPolygon(lat, lon, polygon.coordinates as Array<Array<[number, number]>>);
}

/** Whether a taxi operator's area covers a pick-up point. */
export function inTaxiArea(lat: number, lon: number, area: TaxiArea): boolean {
  if (area.kind === 'polygon') return inGeoPolygon(lat, lon, area.polygon);
  return haversineM(lat, lon, area.centre.lat, area.centre.lon) <= area.radiusM;
}
