/** SPEC §9: recent-search addresses are cut at 34 characters. */
export const RECENT_ADDRESS_MAX = 34;

/** Cuts text to `max` characters, ending with an ellipsis when it was longer. */
export function truncateAddress(text: string, max = RECENT_ADDRESS_MAX): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}
