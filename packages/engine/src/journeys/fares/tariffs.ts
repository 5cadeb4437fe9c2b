import type { BikeHire, CarClubProvider, OwnCarCosts, TaxiTariff } from '../../region/regionConfig.ts';
import { minutesOfDay } from '../../format/clock.ts';
import { metresToMiles } from '../../format/distance.ts';

/** True when a local time of day (minutes) is inside [from, to), which may wrap past midnight. */
export function inTimeWindow(localMinutes: number, from: string, to: string): boolean {
  const a = minutesOfDay(from);
  const b = minutesOfDay(to);
  return a <= b ? localMinutes >= a && localMinutes < b : localMinutes >= a || localMinutes < b;
}

/**
 * Taxi fare estimate: flag fall + per mile, plus waiting time for the part of the ride slower than
 * the tariff's free-flow assumption (we charge waiting only for time beyond 30 mph average), with
 * the night or public-holiday uplift when the hiring starts then. Rounded up to 10p as meters do.
 */
export function taxiFarePence(
  tariff: TaxiTariff,
  distanceM: number,
  durationSec: number,
  startLocalMinutes: number,
  publicHoliday = false,
): { pence: number; night: boolean; holiday: boolean } {
  const miles = metresToMiles(distanceM);
  const freeFlowSec = (miles / 30) * 3600;
  const waitingMin = Math.max(0, (durationSec - freeFlowSec) / 60);
  let pence = tariff.flagFallPence + tariff.perMilePence * miles + tariff.perMinuteWaitingPence * waitingMin;
  const night = inTimeWindow(startLocalMinutes, tariff.night.from, tariff.night.to);
  // The higher of the night and public-holiday uplifts applies, not both.
  const nightUplift = night ? tariff.night.upliftPercent : 0;
  const holidayUplift = publicHoliday ? tariff.holidayUpliftPercent : 0;
  pence *= 1 + Math.max(nightUplift, holidayUplift) / 100;
  const holiday = publicHoliday && holidayUplift >= nightUplift && holidayUplift > 0;
  return { pence: Math.ceil(pence / 10) * 10, night: night && !holiday, holiday };
}

/** Own-car running cost (fuel, wear) for a distance, from the region's pence per mile. */
export function ownCarRunningPence(ownCar: OwnCarCosts, distanceM: number): number {
  return Math.round(ownCar.runningCostPerMilePence * metresToMiles(distanceM));
}

/** Parking for a stay at the region's default hourly rate, capped per day. */
export function parkingPence(ownCar: OwnCarCosts, staySec: number): number {
  const p = ownCar.parking;
  const hours = Math.ceil(Math.max(0, staySec) / 3600);
  const days = Math.floor(hours / 24);
  const rest = hours - days * 24;
  return days * p.maxPerDayPence + Math.min(p.maxPerDayPence, rest * p.defaultPerHourPence);
}

/** Car-club hire: booked time (at least the minimum, rounded up to half hours) plus miles driven. */
export function carClubPence(
  provider: CarClubProvider,
  bookedSec: number,
  distanceM: number,
): { pence: number; bookedMin: number } {
  const t = provider.tariff;
  const bookedMin = Math.max(t.minimumMinutes, Math.ceil(bookedSec / 1800) * 30);
  const pence = Math.round((t.perHourPence * bookedMin) / 60 + t.perMilePence * metresToMiles(distanceM));
  return { pence, bookedMin };
}

/** Bike-hire price of a ride under a GBFS pricing plan: base price plus per-minute segments. */
export function bikeHirePence(plan: BikeHire['pricing_plans'][number], rideSec: number): number {
  const minutes = Math.ceil(rideSec / 60);
  let units = plan.price;
  for (const seg of plan.per_min_pricing) {
    const end = Math.min(minutes, seg.end ?? Infinity);
    if (end <= seg.start) continue;
    units += Math.ceil((end - seg.start) / seg.interval) * seg.rate;
  }
  return Math.round(units * 100);
}
