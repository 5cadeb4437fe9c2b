import { RAILCARDS, TITLES } from '@cairn/contracts';
import { SelectField, TextField, YesNoQuestion } from './FormParts.tsx';
import { YOUNG_SCOT_CUTOFF_TEXT } from './passes.ts';
import { useRegion } from '../brand/ConfigContext.tsx';
import {
  COUNTRY_CODES,
  answerProfileQuestion,
  answerScheme,
  schemeAnswer,
  type ProfileQuestion,
  type UserFormValues,
  type YesNo,
} from './userFormValues.ts';

type Props = {
  idPrefix: string;
  values: UserFormValues;
  onChange: (next: UserFormValues) => void;
  errors: Record<string, string>;
  onClearError: (field: string) => void;
};

/** The user form shared by Create Account and Edit Account: details, then the profile questions. */
export function UserForm({ idPrefix, values, onChange, errors, onClearError }: Props) {
  const set = (field: keyof UserFormValues) => (e: { target: { value: string } }) =>
    onChange({ ...values, [field]: e.target.value });
  const answer = (question: ProfileQuestion) => (a: YesNo) =>
    onChange(answerProfileQuestion(values, question, a));
  const common = { idPrefix, onClearError };
  const schemes = useRegion().concession_schemes ?? [];
  return (
    <>
      <fieldset className="plain-fieldset form-section">
        <legend>Your details</legend>
        <SelectField
          {...common}
          name="title"
          label="Title"
          value={values.title}
          placeholder="Choose a title"
          options={TITLES.map((t) => ({ value: t, label: t }))}
          error={errors.title}
          onChange={(v) => onChange({ ...values, title: v })}
        />
        <TextField
          {...common}
          name="first_name"
          label="First name"
          autoComplete="given-name"
          value={values.first_name}
          onChange={set('first_name')}
          error={errors.first_name}
        />
        <TextField
          {...common}
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          value={values.last_name}
          onChange={set('last_name')}
          error={errors.last_name}
        />
        <TextField
          {...common}
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <div className="phone-row">
          <SelectField
            {...common}
            name="country_code_phone_number"
            label="Country code"
            value={values.country_code_phone_number}
            options={COUNTRY_CODES.map((c) => ({ value: c.code, label: c.label }))}
            error={errors.country_code_phone_number}
            onChange={(v) => onChange({ ...values, country_code_phone_number: v })}
          />
          <TextField
            {...common}
            name="phone_number"
            label="Phone number (optional)"
            type="tel"
            autoComplete="tel-national"
            value={values.phone_number}
            onChange={set('phone_number')}
            error={errors.phone_number}
          />
        </div>
        <TextField
          {...common}
          name="dob"
          label="Date of birth"
          type="date"
          autoComplete="bday"
          value={values.dob}
          onChange={set('dob')}
          error={errors.dob}
          hint="You must be 12 or over."
        />
      </fieldset>

      <fieldset className="plain-fieldset form-section">
        <legend>Your travel entitlements</legend>
        <p className="field-hint">We use these to estimate your fares. You can change them at any time.</p>
        <YesNoQuestion
          idPrefix={idPrefix}
          name="has_car_access"
          legend="Do you have access to a car?"
          value={values.has_car_access}
          onChange={answer('has_car_access')}
        />
        <YesNoQuestion
          idPrefix={idPrefix}
          name="has_concessionary_pass"
          legend="Do you have a National Entitlement Card (concessionary travel pass)?"
          value={values.has_concessionary_pass}
          onChange={answer('has_concessionary_pass')}
        />
        <YesNoQuestion
          idPrefix={idPrefix}
          name="has_young_scot_card"
          legend="Do you have a Young Scot card?"
          value={values.has_young_scot_card}
          onChange={answer('has_young_scot_card')}
        />
        {values.has_young_scot_card === 'yes' && (
          <YesNoQuestion
            idPrefix={idPrefix}
            name="has_new_young_scot_card"
            legend={`Was your Young Scot card issued on or after ${YOUNG_SCOT_CUTOFF_TEXT}?`}
            hint="Cards issued since then include free bus travel for under-22s."
            value={values.has_new_young_scot_card}
            onChange={answer('has_new_young_scot_card')}
          />
        )}
        {schemes.map((s) => (
          <YesNoQuestion
            key={s.id}
            idPrefix={idPrefix}
            name={`scheme_${s.id}`}
            legend={`Do you have a ${s.label}?`}
            hint={s.eligibility}
            value={schemeAnswer(values, s.id)}
            onChange={(a) => onChange(answerScheme(values, s.id, a))}
          />
        ))}
        <YesNoQuestion
          idPrefix={idPrefix}
          name="has_railcard"
          legend="Do you have a railcard?"
          value={values.has_railcard}
          onChange={answer('has_railcard')}
        />
        {values.has_railcard === 'yes' && (
          <SelectField
            {...common}
            name="railcard"
            label="Which railcard?"
            value={values.railcard}
            placeholder="Choose your railcard"
            options={RAILCARDS.map((r) => ({ value: r, label: r }))}
            error={errors.railcard}
            onChange={(v) => onChange({ ...values, railcard: v as UserFormValues['railcard'] })}
          />
        )}
        <YesNoQuestion
          idPrefix={idPrefix}
          name="step_free"
          legend="Do you need step-free journeys?"
          hint="Journeys without steps, for a wheelchair, a pushchair or heavy luggage. You can change it for each search."
          value={values.step_free}
          onChange={answer('step_free')}
        />
      </fieldset>
    </>
  );
}
