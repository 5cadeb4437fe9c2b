// Control characters, line and paragraph separators and bidirectional overrides: a name holding
// one could add lines to a mail or disguise its text.
const UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]+/gu;

/** A value as it may appear inside a plain-text mail: one line, at most `maxLength` characters. */
export function mailText(value: string, maxLength = 100): string {
  const line = value.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  return [...line].length > maxLength ? `${[...line].slice(0, maxLength - 1).join('')}…` : line;
}
