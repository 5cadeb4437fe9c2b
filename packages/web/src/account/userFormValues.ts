import { MIN_USER_AGE, RAILCARDS, TITLES, type Profile, type Railcard, type User } from '@cairn/contracts';
import { isOneOf } from '../lib/isOneOf.ts';

// The user form of Create Account and Edit Account (SPEC §3, §4, §5) as plain values and rules.

export type YesNo = 'yes' | 'no' | '';

export type UserFormValues = {
  title: string;
  first_name: string;
  last_name: string;
  email: string;
  country_code_phone_number: string;
  phone_number: string;
  /** YYYY-MM-DD, the value of `<input type="date">` and the wire format. */
  dob: string;
  has_car_access: YesNo;
  has_concessionary_pass: YesNo;
  has_young_scot_card: YesNo;
  has_new_young_scot_card: YesNo;
  has_railcard: YesNo;
  railcard: Railcard | '';
  /** Step-free journeys by default (issue #19). */
  step_free: YesNo;
  /** The region's own concession schemes held (issue 28); undefined until answered or held. */
  concession_schemes?: string[];
};

export type ProfileQuestion =
  | 'has_car_access'
  | 'has_concessionary_pass'
  | 'has_young_scot_card'
  | 'has_new_young_scot_card'
  | 'has_railcard'
  | 'step_free';

export const DEFAULT_COUNTRY_CODE = '+44';

/** Country codes offered beside the phone number; the UK first. */
export const COUNTRY_CODES: readonly { code: string; label: string }[] = [
  { code: '+44', label: 'United Kingdom (+44)' },
  { code: '+353', label: 'Ireland (+353)' },
  { code: '+33', label: 'France (+33)' },
  { code: '+49', label: 'Germany (+49)' },
  { code: '+34', label: 'Spain (+34)' },
  { code: '+39', label: 'Italy (+39)' },
  { code: '+31', label: 'Netherlands (+31)' },
  { code: '+48', label: 'Poland (+48)' },
  { code: '+1', label: 'United States / Canada (+1)' },
  { code: '+61', label: 'Australia (+61)' },
];

export const EMPTY_USER_FORM: UserFormValues = {
  title: '',
  first_name: '',
  last_name: '',
  email: '',
  country_code_phone_number: DEFAULT_COUNTRY_CODE,
  phone_number: '',
  dob: '',
  has_car_access: '',
  has_concessionary_pass: '',
  has_young_scot_card: '',
  has_new_young_scot_card: '',
  has_railcard: '',
  railcard: '',
  step_free: '',
};

const yesNo = (b: boolean): YesNo => (b ? 'yes' : 'no');

/** Edit Account starts from the stored user. */
export function valuesFromUser(user: User): UserFormValues {
  const railcard = isOneOf(RAILCARDS, user.profile.railcard) ? user.profile.railcard : '';
  return {
    title: user.title,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    country_code_phone_number: user.country_code_phone_number || DEFAULT_COUNTRY_CODE,
    phone_number: user.phone_number ?? '',
    dob: user.dob,
    has_car_access: yesNo(user.profile.has_car_access),
    has_concessionary_pass: yesNo(user.profile.has_concessionary_pass),
    has_young_scot_card: yesNo(user.profile.has_young_scot_card),
    has_new_young_scot_card: yesNo(user.profile.has_young_scot_card && user.profile.has_new_young_scot_card),
    has_railcard: yesNo(railcard !== ''),
    railcard,
    step_free: yesNo(user.profile.step_free === true),
    ...(user.profile.concession_schemes ? { concession_schemes: [...user.profile.concession_schemes] } : {}),
  };
}

/** A region scheme's question answered: 'yes' when held, 'no' once any scheme was answered, else unanswered. */
export function schemeAnswer(values: UserFormValues, id: string): YesNo {
  if (!values.concession_schemes) return '';
  return values.concession_schemes.includes(id) ? 'yes' : 'no';
}

/** Answers a region scheme's question: the scheme joins or leaves the list held. */
export function answerScheme(values: UserFormValues, id: string, answer: YesNo): UserFormValues {
  const rest = (values.concession_schemes ?? []).filter((x) => x !== id);
  return { ...values, concession_schemes: answer === 'yes' ? [...rest, id] : rest };
}

/**
 * Answers a profile question. SPEC §4: Young Scot "No" resets the new-card flag; Railcard "No"
 * empties the railcard.
 */
export function answerProfileQuestion(
  values: UserFormValues,
  question: ProfileQuestion,
  answer: YesNo,
): UserFormValues {
  const next = { ...values, [question]: answer };
  if (question === 'has_young_scot_card' && answer === 'no') next.has_new_young_scot_card = 'no';
  if (question === 'has_railcard' && answer === 'no') next.railcard = '';
  return next;
}

/** Whole years from a YYYY-MM-DD date of birth to `today`; undefined when it is not a real date. */
export function ageOn(dob: string, today: Date): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dob);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return undefined;
  const ty = today.getFullYear();
  const tm = today.getMonth() + 1;
  const td = today.getDate();
  return ty - y - (tm < mo || (tm === mo && td < d) ? 1 : 0);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Client-side checks before the server's (SPEC §5): e-mail, names, title, 12+, railcard chosen, terms. */
export function validateUserForm(
  values: UserFormValues,
  today: Date,
  options: { requireTerms: boolean; termsAccepted: boolean },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isOneOf(TITLES, values.title)) errors.title = 'Choose a title from the list.';
  if (!values.first_name.trim()) errors.first_name = 'Enter your first name.';
  if (!values.last_name.trim()) errors.last_name = 'Enter your last name.';
  if (!EMAIL.test(values.email.trim())) errors.email = 'Enter a valid e-mail address.';
  if (values.phone_number.trim() && !/^[0-9 ()+-]+$/.test(values.phone_number.trim()))
    errors.phone_number = 'Enter a valid phone number.';
  const age = ageOn(values.dob, today);
  if (age === undefined || age > 130) errors.dob = 'Enter your date of birth.';
  else if (age < 0) errors.dob = 'Enter a real date of birth.';
  else if (age < MIN_USER_AGE) errors.dob = `You must be ${MIN_USER_AGE} or over to create an account.`;
  if (values.has_railcard === 'yes' && !values.railcard) errors.railcard = 'Choose your railcard.';
  if (options.requireTerms && !options.termsAccepted) errors.terms = 'Please accept the Terms and Conditions';
  return errors;
}

/** The profile as sent; user_age follows the date of birth so fares can use it. */
export function toProfile(values: UserFormValues, today: Date): Profile {
  const youngScot = values.has_young_scot_card === 'yes';
  return {
    has_car_access: values.has_car_access === 'yes',
    has_concessionary_pass: values.has_concessionary_pass === 'yes',
    has_young_scot_card: youngScot,
    has_new_young_scot_card: youngScot && values.has_new_young_scot_card === 'yes',
    railcard: values.has_railcard === 'yes' && values.railcard ? values.railcard : null,
    user_age: ageOn(values.dob, today) ?? null,
    ...(values.step_free === '' ? {} : { step_free: values.step_free === 'yes' }),
    // Sent once answered or held, so that answering No to every scheme clears them.
    ...(values.concession_schemes ? { concession_schemes: values.concession_schemes } : {}),
  };
}

/** The user fields of POST /v1/users/register and PUT /v1/users/update. */
export function toUserFields(values: UserFormValues, today: Date) {
  const phone = values.phone_number.trim();
  return {
    title: values.title as (typeof TITLES)[number],
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone_number: phone || null,
    country_code_phone_number: phone ? values.country_code_phone_number : null,
    dob: values.dob,
    profile: toProfile(values, today),
  };
}

/** SPEC §3: registration also sends the passwords and creation_origin HOME_PAGE. */
export function toRegisterRequest(
  values: UserFormValues,
  password: string,
  passwordConfirmation: string,
  today: Date,
) {
  return {
    ...toUserFields(values, today),
    password,
    password_confirmation: passwordConfirmation,
    creation_origin: 'HOME_PAGE' as const,
  };
}
