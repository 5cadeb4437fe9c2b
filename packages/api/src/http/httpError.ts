import type { ErrorBody } from '@cairn/contracts';
import type { z } from 'zod';

/** An answer for the client that did something wrong (4xx), in the SPEC §5 error shape. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    message: string,
    errors?: Record<string, string[]>,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.body = errors ? { message, errors } : { message };
    this.headers = headers;
  }
}

export const INVALID_DATA = 'The given data was invalid.';

/** Field errors keyed like the form fields: `profile.railcard` is shown against `railcard`. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const field =
      path[0] === 'profile' && path.length > 1 ? String(path[1]) : path.length > 0 ? String(path[0]) : 'body';
    (errors[field] ??= []).push(
      issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required.' : issue.message,
    );
  }
  return errors;
}

/** Parses `value` with `schema` or throws a 422 with per-field messages. */
export function parseOr422<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new HttpError(422, INVALID_DATA, fieldErrors(result.error.issues));
}

/**
 * Like parseOr422, but also runs checks the schema cannot express (against the raw input, so they
 * run even when the schema fails) and answers all field errors together.
 */
export function parseWithChecks<S extends z.ZodType>(
  schema: S,
  value: unknown,
  check: (raw: Record<string, unknown>) => Record<string, string[]>,
): z.output<S> {
  const result = schema.safeParse(value ?? {});
  const raw =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const errors = result.success ? {} : fieldErrors(result.error.issues);
  for (const [field, messages] of Object.entries(check(raw))) errors[field] ??= messages;
  if (!result.success || Object.keys(errors).length > 0) throw new HttpError(422, INVALID_DATA, errors);
  return result.data;
}

export function notFound(message = 'Not found.'): HttpError {
  return new HttpError(404, message);
}
