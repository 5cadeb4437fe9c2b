import { isUtf8 } from 'node:buffer';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Is the text well-formed Unicode (String.prototype.isWellFormed, which ES2023's lib lacks)? */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/**
 * Where a parsed JSON value holds text that is not well-formed Unicode: a lone UTF-16 surrogate,
 * which JSON can carry as a `\uD800` escape but PostgreSQL cannot store (it answered 500).
 * Answers the form field each one belongs to, keyed like `fieldErrors` (`profile.railcard` is
 * `railcard`; a bad key, or the body itself, is `body`).
 */
export function listIllFormedFields(value: unknown): string[] {
  const fields = new Set<string>();
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isWellFormedText(v)) fields.add(fieldOf(path));
    } else if (Array.isArray(v)) {
      v.forEach((item) => stack.push({ value: item, path }));
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        if (!isWellFormedText(key)) fields.add('body');
        else stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return [...fields];
}

function fieldOf(path: string[]): string {
  if (path[0] === 'profile' && path.length > 1) return path[1]!;
  return path[0] ?? 'body';
}

/** Is every percent-encoded run of the URL valid UTF-8 (what a path or query value decodes to)? */
export function hasWellFormedPercentEncoding(url: string): boolean {
  for (const run of url.match(/(?:%[0-9A-Fa-f]{2})+/g) ?? []) {
    const bytes = Buffer.from(run.replace(/%/g, ''), 'hex');
    if (!isUtf8(bytes)) return false;
  }
  return true;
}
