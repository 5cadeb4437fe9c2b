import { describe, expect, it } from 'vitest';
import { RegisterRequest, UpdateUserRequest, type User } from '@cairn/contracts';
import {
  EMPTY_USER_FORM,
  ageOn,
  answerProfileQuestion,
  toProfile,
  toRegisterRequest,
  toUserFields,
  validateUserForm,
  valuesFromUser,
  type UserFormValues,
} from '../../src/account/userFormValues.ts';

const TODAY = new Date(2026, 10, 22);
const filled: UserFormValues = {
  ...EMPTY_USER_FORM,
  title: 'Dr',
  first_name: ' Ailsa ',
  last_name: 'Grant',
  email: 'ailsa@example.org',
  phone_number: '07700 900123',
  dob: '1950-03-04',
  has_car_access: 'no',
  has_concessionary_pass: 'yes',
  has_young_scot_card: 'yes',
  has_new_young_scot_card: 'yes',
  has_railcard: 'yes',
  railcard: 'Senior Railcard',
};

describe('profile rules (SPEC §4)', () => {
  it('Young Scot No resets the new-card flag', () => {
    const next = answerProfileQuestion(filled, 'has_young_scot_card', 'no');
    expect(next.has_young_scot_card).toBe('no');
    expect(next.has_new_young_scot_card).toBe('no');
    expect(toProfile(next, TODAY).has_new_young_scot_card).toBe(false);
  });
  it('Young Scot Yes keeps the new-card answer', () => {
    expect(answerProfileQuestion(filled, 'has_young_scot_card', 'yes').has_new_young_scot_card).toBe('yes');
  });
  it('Railcard No empties the railcard', () => {
    const next = answerProfileQuestion(filled, 'has_railcard', 'no');
    expect(next.railcard).toBe('');
    expect(toProfile(next, TODAY).railcard).toBeNull();
  });
  it('other answers leave the rest alone', () => {
    const next = answerProfileQuestion(filled, 'has_car_access', 'yes');
    expect(next).toEqual({ ...filled, has_car_access: 'yes' });
  });
  it('a new-card flag without a Young Scot card is never sent', () => {
    expect(
      toProfile({ ...filled, has_young_scot_card: 'no', has_new_young_scot_card: 'yes' }, TODAY)
        .has_new_young_scot_card,
    ).toBe(false);
  });
});

describe('age and validation (SPEC §5)', () => {
  it('counts whole years, birthday included', () => {
    expect(ageOn('2014-11-22', TODAY)).toBe(12);
    expect(ageOn('2014-11-23', TODAY)).toBe(11);
    expect(ageOn('2014-02-30', TODAY)).toBeUndefined();
    expect(ageOn('22-11-2014', TODAY)).toBeUndefined();
  });
  it('accepts a complete form', () => {
    expect(validateUserForm(filled, TODAY, { requireTerms: true, termsAccepted: true })).toEqual({});
  });
  it('needs 12 or over, a valid e-mail, names, a title, a chosen railcard and the terms', () => {
    const errors = validateUserForm(
      {
        ...filled,
        title: 'Captain',
        first_name: ' ',
        last_name: '',
        email: 'not-an-email',
        dob: '2014-11-23',
        railcard: '',
      },
      TODAY,
      { requireTerms: true, termsAccepted: false },
    );
    expect(Object.keys(errors).sort()).toEqual([
      'dob',
      'email',
      'first_name',
      'last_name',
      'railcard',
      'terms',
      'title',
    ]);
    expect(errors.dob).toBe('You must be 12 or over to create an account.');
    expect(errors.terms).toBe('Please accept the Terms and Conditions');
  });
  it('12 today is old enough', () => {
    expect(
      validateUserForm({ ...filled, dob: '2014-11-22' }, TODAY, { requireTerms: false, termsAccepted: false })
        .dob,
    ).toBeUndefined();
  });
});

describe('wire format', () => {
  it('builds a register request the contract accepts, with HOME_PAGE and user_age', () => {
    const body = toRegisterRequest(filled, 'correct horse', 'correct horse', TODAY);
    const parsed = RegisterRequest.parse(body);
    expect(parsed.creation_origin).toBe('HOME_PAGE');
    expect(parsed.first_name).toBe('Ailsa');
    expect(parsed.country_code_phone_number).toBe('+44');
    expect(parsed.profile).toEqual({
      has_car_access: false,
      has_concessionary_pass: true,
      has_young_scot_card: true,
      has_new_young_scot_card: true,
      railcard: 'Senior Railcard',
      user_age: 76,
    });
  });
  it('drops the country code when there is no phone number', () => {
    const fields = toUserFields({ ...filled, phone_number: '' }, TODAY);
    expect(fields.phone_number).toBeNull();
    expect(fields.country_code_phone_number).toBeNull();
    expect(UpdateUserRequest.safeParse(fields).success).toBe(true);
  });
  it('round-trips a stored user into the edit form', () => {
    const user: User = {
      id: 'u1',
      title: 'Ms',
      first_name: 'Morag',
      last_name: 'Reid',
      email: 'morag@example.org',
      phone_number: null,
      country_code_phone_number: null,
      dob: '1990-01-02',
      profile: {
        has_car_access: true,
        has_concessionary_pass: false,
        has_young_scot_card: false,
        has_new_young_scot_card: true,
        railcard: '26-30 Railcard',
        user_age: 36,
      },
    };
    const values = valuesFromUser(user);
    expect(values.has_railcard).toBe('yes');
    expect(values.railcard).toBe('26-30 Railcard');
    expect(values.has_new_young_scot_card).toBe('no');
    expect(values.country_code_phone_number).toBe('+44');
    expect(toProfile(values, TODAY)).toMatchObject({
      has_car_access: true,
      railcard: '26-30 Railcard',
      has_young_scot_card: false,
      has_new_young_scot_card: false,
    });
  });
});

describe('step-free in the profile (issue #19)', () => {
  it('sends the answer given and nothing when unanswered', () => {
    expect(toProfile(filled, TODAY)).not.toHaveProperty('step_free');
    expect(toProfile({ ...filled, step_free: 'yes' }, TODAY).step_free).toBe(true);
    expect(toProfile({ ...filled, step_free: 'no' }, TODAY).step_free).toBe(false);
  });
});
