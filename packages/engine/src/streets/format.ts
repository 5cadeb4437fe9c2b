/** Metres to miles, the factor of SPEC §9. */
export const MILES_PER_METRE = 0.00062137;

/** Distance in miles for a distance in metres. */
export function metresToMiles(distanceM: number): number {
  return distanceM * MILES_PER_METRE;
}

/**
 * Distance text for directions in British style: miles to one decimal from 0.1 mile up,
 * yards (rounded to 10) below that, so short walks do not read "0.0 miles".
 */
export function distanceText(distanceM: number): string {
  const miles = metresToMiles(distanceM);
  if (miles >= 0.095) {
    const rounded = Math.round(miles * 10) / 10;
    return rounded === 1 ? '1 mile' : `${rounded.toFixed(1)} miles`;
  }
  const yards = Math.max(10, Math.round(distanceM / 0.9144 / 10) * 10);
  return `${yards} yards`;
}

/** Escape text for inclusion in html_instructions. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
