import { z } from 'zod';
import { ConcessionSchemeIds, optionalField } from './common.ts';
import { DOB_PATTERN, RAILCARDS, TITLES } from './values.ts';

/** The traveller's entitlements; a field not given ('', null or absent) is false, or null for none. */
export const Profile = z.object({
  has_car_access: optionalField(z.boolean().default(false)),
  has_concessionary_pass: optionalField(z.boolean().default(false)),
  has_young_scot_card: optionalField(z.boolean().default(false)),
  has_new_young_scot_card: optionalField(z.boolean().default(false)),
  railcard: optionalField(
    z.enum(RAILCARDS, { message: 'Choose a railcard from the list.' }).nullable().default(null),
  ),
  user_age: optionalField(z.number().int().min(0).max(130).nullable().default(null)),
  /** Plan step-free journeys unless a search says otherwise (an addition to SPEC §3, issue #19); absent is off. */
  step_free: optionalField(z.boolean()).describe(
    'Plan step-free journeys by default (an addition to SPEC §3); a search may override it; absent means off',
  ),
  /** The region's own concession schemes the traveller holds (issue 28); absent is none. */
  concession_schemes: optionalField(ConcessionSchemeIds).describe(
    "Ids of the region's own concession schemes the traveller holds (GET /v1/config region.concession_schemes; an addition to SPEC §3); absent means none",
  ),
});
export type Profile = z.infer<typeof Profile>;

/** Names are one line of text: no control characters, line breaks or bidirectional overrides. */
const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(100)
    .regex(/^[^\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]*$/u, `Write your ${label} on one line.`);

export const UserFields = z.object({
  title: z.enum(TITLES, { message: 'Choose a title from the list.' }),
  first_name: name('first name'),
  last_name: name('last name'),
  email: z.string().trim().max(254).email('Enter a valid e-mail address.'),
  phone_number: optionalField(
    z
      .string()
      .trim()
      .max(30)
      .regex(/^[0-9 ()+-]*$/, 'Enter a valid phone number.'),
  ),
  country_code_phone_number: optionalField(
    z
      .string()
      .trim()
      .max(6)
      .regex(/^\+?[0-9]*$/, 'Enter a valid country code.'),
  ),
  dob: z.string().regex(DOB_PATTERN, 'Use the format YYYY-MM-DD.'),
  profile: optionalField(Profile.partial()),
});

export const RegisterRequest = UserFields.extend({
  password: z.string().min(8, 'Use at least 8 characters.').max(200),
  password_confirmation: z.string().max(200),
  creation_origin: optionalField(z.literal('HOME_PAGE').default('HOME_PAGE')),
  terms: optionalField(z.literal(true, { message: 'Please accept the Terms and Conditions' })),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;
export type RegisterRequestInput = z.input<typeof RegisterRequest>;

export const UpdateUserRequest = UserFields.omit({ email: true }).extend({
  email: optionalField(UserFields.shape.email),
  /**
   * Needed to change the e-mail address. The change then waits for the link mailed to the new
   * address; the answer is the same whether or not that address already has an account.
   */
  current_password: optionalField(z.string().max(200)).describe(
    'Needed to change the e-mail address; the change then waits for the link mailed to the new address.',
  ),
});
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;
export type UpdateUserRequestInput = z.input<typeof UpdateUserRequest>;

export const User = z.object({
  id: z.string(),
  title: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  country_code_phone_number: z.string().nullable(),
  dob: z.string(),
  profile: Profile,
});
export type User = z.infer<typeof User>;

export const LoginRequest = z.object({
  username: z.string().trim().max(254).email('Enter a valid e-mail address.'),
  password: z.string().min(1, 'Enter your password.').max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({ data: z.object({ access_token: z.string() }) });

export const PasswordResetRequest = z.object({
  email: z.string().trim().max(254).email('Enter a valid e-mail address.'),
});

export const PasswordResetWithCode = z.object({
  password: z.string().min(8, 'Use at least 8 characters.').max(200),
  password_confirmation: z.string().max(200),
});

export const MessageResponse = z.object({ message: z.string() });
