/**
 * Sort value of a cost text (SPEC §4): 'free' is zero, 'unknown' sorts last, otherwise the
 * digits of the text ('£12.40' → 1240 pence-like units).
 */
export const UNKNOWN_COST = Number.MAX_SAFE_INTEGER;

export function parseCost(cost: string): number {
  const text = cost.trim().toLowerCase();
  if (text === 'free') return 0;
  if (text === '' || text === 'unknown') return UNKNOWN_COST;
  const match = /(\d[\d,]*)(?:\.(\d{1,2}))?/.exec(text);
  if (!match) return UNKNOWN_COST;
  const pounds = Number((match[1] ?? '0').replace(/,/g, ''));
  const pence = Number((match[2] ?? '0').padEnd(2, '0'));
  return pounds * 100 + pence;
}
