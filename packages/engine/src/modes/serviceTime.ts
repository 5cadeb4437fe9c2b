import { dateToDayNumber, epochToLocal, weekdayOfDayNumber } from '../time/serviceDay.ts';
import { WEEKDAYS } from '../region/regionConfig.ts';
import type { GeoPolygon, TaxiArea, Weekday } from '../region/regionConfig.ts';
import { haversineM, pointInPolygon } from '../geo/geometry.ts';

/** Local weekday and minutes after midnight of an instant in a time zone. */
export function localDayTime(timeZone: string, epochSec: number): { weekday: Weekday; minutes: number } {
  const { date, secondsOfDay } = epochToLocal(timeZone, epochSec);
  return {
    weekday: WEEKDAYS[weekdayOfDayNumber(dateToDayNumber(date))]!,
    minutes: Math.floor(secondsOfDay / 60),
  };
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
