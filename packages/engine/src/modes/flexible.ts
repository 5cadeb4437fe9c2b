import type { PlacePoint, PlannedLeg } from '../journeys/model.ts';
import { isPublicHoliday } from '../journeys/publicHoliday.ts';
import type { FlexibleService, RegionConfig } from '../region/regionConfig.ts';
import { flexibleServiceOf } from '../region/regionConfig.ts';
import { minutesOfDay } from '../format/clock.ts';
import { inGeoPolygon, localDayTime } from './serviceTime.ts';
import type { PartsAnswer } from './streetStep.ts';

/** True when a point is inside the service's zone. */
export function inServiceZone(service: FlexibleService, lat: number, lon: number): boolean {
  return inGeoPolygon(lat, lon, service.zone);
}

/**
 * How long a ride of `distanceM` takes with the service, given the plain drive time: shared rides
 * detour to pick others up, so the service's average door-to-door speed applies, and a ride is
 * never faster than driving straight there.
 */
export function flexibleRideSec(service: FlexibleService, distanceM: number, driveSec: number): number {
  return Math.max(driveSec, distanceM / (service.speedKmh / 3.6));
}

/** Why a flexible service does not run for a whole ride (days, bank holidays, hours), or null when it does. */
export function checkServiceHours(
  service: FlexibleService,
  timeZone: string,
  departSec: number,
  durationSec: number,
): string | null {
  const start = localDayTime(timeZone, departSec);
  if (!service.days.includes(start.weekday)) return `${service.name} does not run on ${start.weekday}`;
  if (!service.runsOnBankHolidays && isPublicHoliday(timeZone, departSec))
    return `${service.name} does not run on bank holidays`;
  const first = minutesOfDay(service.hours.start);
  const last = minutesOfDay(service.hours.end);
  const arrive = start.minutes + Math.ceil(durationSec / 60);
  if (start.minutes < first || arrive > last)
    return `${service.name} runs ${service.hours.start}-${service.hours.end}`;
  return null;
}

/** Why a ride departing at departSec can no longer be booked at nowSec, or null when it can. */
export function checkBookingNotice(
  service: FlexibleService,
  departSec: number,
  nowSec: number,
): string | null {
  const noticeMin = service.booking.advanceBookingMin;
  if (departSec - nowSec < noticeMin * 60)
    return `${service.name} must be booked at least ${noticeMin} minutes ahead`;
  return null;
}

/** Why a flexible service cannot take a trip at a time, or null when it can. */
export function checkServiceTime(
  service: FlexibleService,
  timeZone: string,
  departSec: number,
  durationSec: number,
  nowSec: number,
): string | null {
  return (
    checkServiceHours(service, timeZone, departSec, durationSec) ??
    checkBookingNotice(service, departSec, nowSec)
  );
}

/** True when a ride from startSec to endSec (epoch) fits the service's days, hours and bank-holiday rule. */
export function serviceRunsBetween(
  service: FlexibleService,
  timeZone: string,
  startSec: number,
  endSec: number,
): boolean {
  return checkServiceHours(service, timeZone, startSec, endSec - startSec) === null;
}

/**
 * A door-to-door ride with one flexible service (DRT or community transport): both ends must be in
 * its zone. The ride is timed at the service's average speed. Whether it runs then and can still
 * be booked depends on the timed ride: see checkFlexibleLeg.
 */
export function flexibleParts(service: FlexibleService, from: PlacePoint, to: PlacePoint): PartsAnswer {
  if (!inServiceZone(service, from.lat, from.lon))
    return { reason: `${from.name} is outside the ${service.name} zone` };
  if (!inServiceZone(service, to.lat, to.lon))
    return { reason: `${to.name} is outside the ${service.name} zone` };
  return {
    parts: [
      {
        type: service.kind,
        from,
        to,
        extra: { flexibleServiceId: service.id },
        rideSec: (distanceM, streetSec) => flexibleRideSec(service, distanceM, streetSec),
      },
    ],
  };
}

/**
 * Why a timed leg's flexible rides cannot be taken (a service the region does not know, a day,
 * bank holiday or hour it does not run for the whole ride, booking notice already past at
 * `nowSec`), or null when every one can.
 */
export function checkFlexibleLeg(region: RegionConfig, leg: PlannedLeg, nowSec: number): string | null {
  for (const step of leg.steps) {
    if (!step.flexibleServiceId) continue;
    const service = flexibleServiceOf(region, step.flexibleServiceId);
    if (!service) return `no flexible service ${step.flexibleServiceId} in the region`;
    const why = checkServiceTime(
      service,
      region.timeZone,
      step.startSec,
      step.endSec - step.startSec,
      nowSec,
    );
    if (why) return why;
  }
  return null;
}
