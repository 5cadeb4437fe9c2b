import { z } from 'zod';
import { CONCESSION_SCHEME_ID_PATTERN } from './values.ts';

/** What a client may send for a field it leaves unanswered: the seed client sends '' (issue #16). */
type NotGiven = '' | null | undefined;

/**
 * An optional field: an empty string, null and an absent key all mean "not given", so the field
 * takes its default (a `.default()` of `schema`) or stays undefined. The JSON Schema (OpenAPI) is
 * `schema`'s own; the rule is stated once in the contract docs rather than on every field.
 */
export function optionalField<T extends z.ZodDefault>(schema: T): z.ZodPreprocess<T, z.input<T> | NotGiven>;
export function optionalField<T extends z.ZodType>(
  schema: T,
): z.ZodPreprocess<z.ZodOptional<T>, z.input<T> | NotGiven>;
export function optionalField(schema: z.ZodType): z.ZodType {
  const inner = schema instanceof z.ZodDefault ? schema : schema.optional();
  return z.preprocess((value: unknown) => (value === '' || value === null ? undefined : value), inner);
}

/** A quantity shown to people with its machine value: `{ text: '1 hr 5 mins', value: 3900 }`. */
export const TextValue = z.object({ text: z.string(), value: z.number() });
export type TextValue = z.infer<typeof TextValue>;

export const TextOnly = z.object({ text: z.string() });
export type TextOnly = z.infer<typeof TextOnly>;

export const LatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export type LatLng = z.infer<typeof LatLng>;

/**
 * A link shown to people: an http(s) or mailto URL, or a path on this site; never `javascript:`,
 * `data:` or any other scheme a click would run. A path holds no backslash: browsers read `\` as
 * `/`, so `/\evil.example` is the other site `//evil.example` (issue 30, finding 14).
 */
export const SafeLink = z
  .string()
  .max(2000)
  .regex(
    /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/(?!\/)[^\s\\]*)$/i,
    'Use an http, https or mailto link, or a path on this site.',
  );

/** An address the browser loads (an image): http(s), or a path on this site (no backslash). */
export const WebAddress = z
  .string()
  .max(2000)
  .regex(/^(https?:\/\/[^\s]+|\/(?!\/)[^\s\\]*)$/i, 'Use an http or https address, or a path on this site.');

/** Paginated list envelope used by recent searches and saved journeys (SPEC §7). */
export const PageMeta = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  per_page: z.number().int().positive(),
  last_page: z.number().int().nonnegative(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const PageQuery = z.object({
  per_page: z.coerce.number().int().min(1).max(50).default(10),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** The ids of a region's own concession schemes a traveller holds (region.json fares.concessions.schemes[].id), each once. */
export const ConcessionSchemeIds = z
  .array(z.string().regex(CONCESSION_SCHEME_ID_PATTERN, 'Choose a concession scheme from the list.'))
  .max(20)
  .transform((ids) => [...new Set(ids)]);
