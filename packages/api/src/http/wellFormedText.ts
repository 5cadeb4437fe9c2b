import { isUtf8 } from 'node:buffer';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Is the text well-formed Unicode (String.prototype.isWellFormed, which ES2023's lib lacks)? */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/**
 * How deep a request body may nest objects and arrays. The deepest body the API takes (a search
 * with its profile) nests 3 levels; 32 leaves room for clients and refuses a 64 KiB body of
 * thousands of levels before any route (or zod's recursive validation) walks it.
 */
export const MAX_BODY_DEPTH = 32;

/** What the body walk found: whether the body nests past MAX_BODY_DEPTH, and ill-formed fields. */
export interface BodyCheck {
  tooDeep: boolean;
  illFormedFields: string[];
}

/**
 * Checks a parsed JSON body in one linear walk: its nesting depth, and where it holds text that
 * is not well-formed Unicode: a lone UTF-16 surrogate, which JSON can carry as a `\uD800` escape
 * but PostgreSQL cannot store (it answered 500). Ill-formed fields are keyed like `fieldErrors`
 * (`profile.railcard` is `railcard`; a bad key, or the body itself, is `body`). Each entry keeps
 * only the field it belongs to, never the key path: copying the path at every level made a
 * 64 KiB body of nested objects cost half a second (issue 30, finding 1).
 */
export function checkBody(value: unknown): BodyCheck {
  const fields = new Set<string>();
  const stack: Array<{ value: unknown; field: FieldPath; depth: number }> = [
    { value, field: ROOT, depth: 0 },
  ];
  while (stack.length > 0) {
    const { value: v, field, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isWellFormedText(v)) fields.add(field.name);
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_BODY_DEPTH) return { tooDeep: true, illFormedFields: [] };
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ value: item, field, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      if (!isWellFormedText(key)) fields.add('body');
      else stack.push({ value: item, field: field.child(key), depth: depth + 1 });
    }
  }
  return { tooDeep: false, illFormedFields: [...fields] };
}

/** The form field a value belongs to, and the field its children belong to. */
interface FieldPath {
  name: string;
  child(key: string): FieldPath;
}

/** Below a top-level key or a profile field, every descendant belongs to that same field. */
const settled = (name: string): FieldPath => {
  const path: FieldPath = { name, child: () => path };
  return path;
};

/** Under `profile`, the next key names the field (`profile.railcard` is `railcard`). */
const PROFILE: FieldPath = { name: 'profile', child: (key) => settled(key) };

const ROOT: FieldPath = {
  name: 'body',
  child: (key) => (key === 'profile' ? PROFILE : settled(key)),
};

/** Is every percent-encoded run of the URL valid UTF-8 (what a path or query value decodes to)? */
export function hasWellFormedPercentEncoding(url: string): boolean {
  for (const run of url.match(/(?:%[0-9A-Fa-f]{2})+/g) ?? []) {
    const bytes = Buffer.from(run.replace(/%/g, ''), 'hex');
    if (!isUtf8(bytes)) return false;
  }
  return true;
}
