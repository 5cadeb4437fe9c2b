/** SPEC §9: metres to miles. */
export const METRES_TO_MILES = 0.00062137;

/** Walking distance in miles, one decimal: `0.4 miles`. */
export function formatMiles(metres: number): string {
  const miles = metres * METRES_TO_MILES;
  const rounded = Math.round(miles * 10) / 10;
  return `${rounded.toFixed(1)} ${rounded === 1 ? 'mile' : 'miles'}`;
}

/** kg CO2e with one decimal (two below 1 kg). */
export function formatCo2(kg: number): string {
  return `${kg < 1 ? kg.toFixed(2) : kg.toFixed(1)} kg CO2e`;
}

/** Elevation in metres, or null when not known (SPEC: hidden when n/a or null). */
export function formatElevation(metres: number | null | undefined): string | null {
  if (metres === null || metres === undefined || Number.isNaN(metres)) return null;
  return `${Math.round(metres)} m`;
}
