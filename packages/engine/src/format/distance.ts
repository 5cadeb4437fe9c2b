import type { TextValue } from '@cairn/contracts';

/** Metres to miles, the factor of SPEC §9. */
export const METRES_TO_MILES = 0.00062137;

/** Miles for a distance in metres. */
export function metresToMiles(distanceM: number): number {
  return distanceM * METRES_TO_MILES;
}

/**
 * Distance text in miles: two decimals below a mile ('0.25 miles'), one decimal up to 10 miles,
 * whole miles beyond ('23 miles'); '1 mile' singular.
 */
export function formatDistance(distanceM: number): string {
  const miles = metresToMiles(Math.max(0, distanceM));
  let text: string;
  if (Math.round(miles * 100) < 100) text = miles.toFixed(2);
  else if (Math.round(miles * 10) < 100) text = miles.toFixed(1);
  else text = String(Math.round(miles));
  return `${text} ${text === '1' || text === '1.0' ? 'mile' : 'miles'}`;
}

/** A distance as the wire's text + value (metres) pair. */
export function distanceTextValue(distanceM: number): TextValue {
  const value = Math.max(0, Math.round(distanceM));
  return { text: formatDistance(value), value };
}

/** Miles to one decimal for a card's walking and total distance: '0.4 miles', '1.0 mile'. */
export function formatMiles(distanceM: number): string {
  const rounded = Math.round(metresToMiles(distanceM) * 10) / 10;
  return `${rounded.toFixed(1)} ${rounded === 1 ? 'mile' : 'miles'}`;
}

/** Metres in a yard (the international yard of 1959). */
const METRES_PER_YARD = 0.9144;

/**
 * Distance text of one direction in British style: miles to one decimal from 0.1 mile up,
 * yards (rounded to 10) below that, so short walks do not read "0.0 miles".
 */
export function formatShortDistance(distanceM: number): string {
  const miles = metresToMiles(distanceM);
  if (miles >= 0.095) {
    const rounded = Math.round(miles * 10) / 10;
    return rounded === 1 ? '1 mile' : `${rounded.toFixed(1)} miles`;
  }
  const yards = Math.max(10, Math.round(distanceM / METRES_PER_YARD / 10) * 10);
  return `${yards} yards`;
}

/** Elevation in whole metres, or null when not known (SPEC: hidden when n/a or null). */
export function formatElevation(metres: number | null | undefined): string | null {
  if (metres === null || metres === undefined || Number.isNaN(metres)) return null;
  return `${Math.round(metres)} m`;
}
