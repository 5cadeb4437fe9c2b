import { z } from 'zod';

/** Every error answer of the API (SPEC §5/§8): a message and optional per-field messages. */
export const ErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Fields the web app can show errors against (SPEC §5). */
export const ERROR_FIELDS = [
  'origin',
  'destination',
  'out_time',
  'return_time',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'title',
  'first_name',
  'last_name',
  'phone_number',
  'dob',
  'railcard',
  'railcard_type',
] as const;
