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
