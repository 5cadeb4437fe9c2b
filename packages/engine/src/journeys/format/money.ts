/** Price text for whole pence: 1240 → '£12.40', 0 → 'free'. */
export function formatPence(pence: number): string {
  if (pence === 0) return 'free';
  return `£${(pence / 100).toFixed(2)}`;
}

/** Price text that keeps '£0.00' for lines that are genuinely zero-priced rather than free travel. */
export function formatPenceExact(pence: number): string {
  return `£${(pence / 100).toFixed(2)}`;
}
