import { ApiError } from '../api/http.ts';

/** Readable names for the error summary (SPEC §5's fields plus the form's own). */
export const FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  password: 'Password',
  password_confirmation: 'Confirm password',
  current_password: 'Current password',
  title: 'Title',
  first_name: 'First name',
  last_name: 'Last name',
  phone_number: 'Phone number',
  country_code_phone_number: 'Country code',
  dob: 'Date of birth',
  railcard: 'Railcard',
  terms: 'Terms and Conditions',
};

export type FailureOutcome = { fieldErrors: Record<string, string> } | { general: string };

/**
 * SPEC §5/§8: a failed account call shows each field's first message (also listed under
 * "Please correct the following errors"); without field errors the server's message is the
 * general red banner. `aliases` map server field names to the form's (username → email).
 */
export function outcomeOfFailure(error: unknown, aliases: Record<string, string> = {}): FailureOutcome {
  if (error instanceof ApiError) {
    const fields: Record<string, string> = {};
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const first = messages[0];
      const name = aliases[field] ?? field.replace(/^profile\./, '');
      if (first && !fields[name]) fields[name] = first;
    }
    if (Object.keys(fields).length > 0) return { fieldErrors: fields };
    return { general: error.message };
  }
  return { general: error instanceof Error ? error.message : 'Something went wrong. Please try again.' };
}

/** A field's errors without one field: what focusing that field leaves. */
export function withoutField(errors: Record<string, string>, field: string): Record<string, string> {
  if (!(field in errors)) return errors;
  const { [field]: _dropped, ...rest } = errors;
  return rest;
}
