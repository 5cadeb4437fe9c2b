import { findSnapPoint } from '../streets/snap.ts';
import { routeSnapped } from '../streets/streetNetwork.ts';
import { describeStreetPath } from '../streets/directions.ts';
import { MAX_SNAP_M } from '../streets/streetNetwork.ts';
import type { FlexibleService } from '../region/regionConfig.ts';
import { inGeoPolygon, isScottishBankHoliday, localDayTime, minutesOfDay } from './serviceTime.ts';
import type { ModeAnswer, ModeContext, NamedPoint, Traveller, TravelMode, TripRequest } from './types.ts';
import { fromToPhrase } from '../journeys/format/placeNames.ts';

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
  if (!service.runsOnBankHolidays && isScottishBankHoliday(start.date))
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

/** Fare for one passenger: free with a concession pass where the service says so, child fare by age. */
export function flexibleFarePence(
  ctx: ModeContext,
  service: FlexibleService,
  traveller: Traveller,
): { pence: number; basis: string } {
  if (traveller.hasConcessionaryPass && service.fare.concessionsFree)
    return { pence: 0, basis: 'free with National Entitlement Card' };
  const c = ctx.region.fares.concessions;
  if (traveller.ageYears !== null && traveller.ageYears <= c.infantFreeMaxAge)
    return { pence: 0, basis: 'infant, free' };
  if (traveller.ageYears !== null && traveller.ageYears <= c.childMaxAge)
    return { pence: service.fare.childSinglePence, basis: 'child single' };
  return { pence: service.fare.adultSinglePence, basis: 'adult single' };
}

/** Plan a ride with one flexible service between two points inside its zone. */
export function planFlexibleRide(
  ctx: ModeContext,
  service: FlexibleService,
  from: NamedPoint,
  to: NamedPoint,
  departSec: number,
  traveller: Traveller,
  nowSec: number,
): ModeAnswer {
  if (!inServiceZone(service, from.lat, from.lon))
    return { ok: false, reason: `${from.name} is outside the ${service.name} zone` };
  if (!inServiceZone(service, to.lat, to.lon))
    return { ok: false, reason: `${to.name} is outside the ${service.name} zone` };
  const a = findSnapPoint(ctx.net.snap, from.lat, from.lon, 'car', MAX_SNAP_M);
  const b = findSnapPoint(ctx.net.snap, to.lat, to.lon, 'car', MAX_SNAP_M);
  const path = a && b ? routeSnapped(ctx.net, a, b, 'car') : null;
  if (!path) return { ok: false, reason: `no road route from ${from.name} to ${to.name}` };
  const route = describeStreetPath(ctx.net.graph, path);
  const durationSec = flexibleRideSec(service, route.distanceM, route.durationSec);
  const why = checkServiceTime(service, ctx.region.timeZone, departSec, durationSec, nowSec);
  if (why) return { ok: false, reason: why };
  const fare = flexibleFarePence(ctx, service, traveller);
  const operator = ctx.region.operators.find((o) => o.id === service.operatorId);
  return {
    ok: true,
    option: {
      mode: service.kind,
      steps: [
        {
          type: service.kind,
          from,
          to,
          waitSec: 0,
          durationSec,
          distanceM: route.distanceM,
          route,
          description: `${service.name}${operator ? ` (${operator.name})` : ''} ${fromToPhrase(from, to)}: book ahead`,
          flexibleServiceId: service.id,
        },
      ],
      durationSec,
      distanceM: route.distanceM,
      cost: {
        pence: fare.pence,
        estimate: false,
        lines: [{ description: `${service.name}: ${fare.basis}`, pence: fare.pence }],
      },
      booking: {
        serviceName: service.name,
        website: service.booking.website,
        phone: service.booking.phone,
        advanceBookingMin: service.booking.advanceBookingMin,
        eligibility: service.booking.eligibility ?? null,
      },
    },
  };
}

function flexibleMode(kind: FlexibleService['kind']): TravelMode {
  return {
    mode: kind,
    plan(ctx: ModeContext, req: TripRequest): ModeAnswer {
      const services = ctx.region.flexibleServices.filter((s) => s.kind === kind);
      if (services.length === 0) return { ok: false, reason: `the region has no ${kind} service` };
      const nowSec = req.nowSec ?? Math.floor(Date.now() / 1000);
      const reasons: string[] = [];
      let best: ModeAnswer | null = null;
      for (const service of services) {
        const answer = planFlexibleRide(ctx, service, req.from, req.to, req.departSec, req.traveller, nowSec);
        if (!answer.ok) reasons.push(answer.reason);
        else if (!best || !best.ok || answer.option.durationSec < best.option.durationSec) best = answer;
      }
      return best ?? { ok: false, reason: reasons.join('; ') };
    },
  };
}

/** Demand responsive transport: zone-based, book-ahead shared rides. */
export const drtMode = flexibleMode('drt');
/** Community transport: zone-based, book-ahead rides often limited to eligible passengers. */
export const communityTransportMode = flexibleMode('community transport');
