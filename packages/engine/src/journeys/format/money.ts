/** Price text for whole pence: 1240 → '£12.40', 0 → 'free'. */
export function formatPence(pence: number): string {
  if (pence === 0) return 'free';
  return `£${(pence / 100).toFixed(2)}`;
}
