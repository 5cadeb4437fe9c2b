import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MIN_USER_AGE } from '@cairn/contracts';
import { useBrand } from '../brand/ConfigContext.tsx';
import { useFlash } from '../ui/FlashContext.tsx';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { register } from './accountApi.ts';
import { ErrorSummary, TextField } from './FormParts.tsx';
import { UserForm } from './UserForm.tsx';
import { useFormErrors } from './useFormErrors.ts';
import {
  EMPTY_USER_FORM,
  toRegisterRequest,
  validateUserForm,
  type UserFormValues,
} from './userFormValues.ts';
import './account.css';

const ID = 'register';

/** Create Account: the user form, passwords and the terms notice; success shows the server's message and goes Home. */
export default function RegisterPage() {
  useDocumentTitle('Create Account');
  const brand = useBrand();
  const navigate = useNavigate();
  const { showSuccess } = useFlash();
  const { errors, setErrors, clearField, fail, reset } = useFormErrors();
  const [values, setValues] = useState<UserFormValues>(EMPTY_USER_FORM);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    reset();
    const today = new Date();
    const { terms: termsError, ...local } = validateUserForm(values, today, {
      requireTerms: true,
      termsAccepted: terms,
    });
    // Listed in the order of the form: details, passwords, then the terms.
    if (password.length < 8) local.password = 'Use at least 8 characters.';
    if (password !== confirmation) local.password_confirmation = 'The passwords do not match.';
    if (termsError) local.terms = termsError;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    try {
      const message = await register(toRegisterRequest(values, password, confirmation, today));
      showSuccess(message);
      navigate('/');
    } catch (error) {
      setBusy(false);
      fail(error);
    }
  };

  return (
    <div className="page-narrow account-page">
      <h1>Create Account</h1>
      <p>
        Save journeys, see your recent searches and get fares that reflect your travel passes. Already
        registered? <Link to="/login">Sign in</Link>.
      </p>
      <ErrorSummary errors={errors} idPrefix={ID} />
      <form onSubmit={submit} noValidate>
        <fieldset disabled={busy} className="plain-fieldset">
          <legend className="visually-hidden">Create your account</legend>
          <UserForm
            idPrefix={ID}
            values={values}
            onChange={setValues}
            errors={errors}
            onClearError={clearField}
          />
          <fieldset className="plain-fieldset form-section">
            <legend>Choose a password</legend>
            <TextField
              idPrefix={ID}
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={errors.password}
              onClearError={clearField}
              hint="At least 8 characters."
            />
            <TextField
              idPrefix={ID}
              name="password_confirmation"
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(e) => setConfirmation(e.target.value)}
              error={errors.password_confirmation}
              onClearError={clearField}
            />
          </fieldset>
          <section className="notice terms-notice" aria-labelledby={`${ID}-terms-heading`}>
            <h2 id={`${ID}-terms-heading`}>Terms of use</h2>
            <p>
              {brand.title} is for individual, private, non-commercial travel. You must be {MIN_USER_AGE} or
              over. Your passes and railcard are reflected in estimated prices; prices for journeys without a
              fixed fare are indicators only.
            </p>
            <div className="checkbox">
              <input
                id={`${ID}-terms`}
                type="checkbox"
                checked={terms}
                onChange={(e) => {
                  setTerms(e.target.checked);
                  clearField('terms');
                }}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? `${ID}-terms-error` : undefined}
              />
              <label htmlFor={`${ID}-terms`}>
                I agree to the <Link to="/terms-and-conditions">Terms and Conditions</Link> and have read the{' '}
                <Link to="/privacy-policy">Privacy Policy</Link>.
              </label>
            </div>
            {errors.terms && (
              <p className="field-error" id={`${ID}-terms-error`}>
                {errors.terms}
              </p>
            )}
          </section>
          <button type="submit" className="button button-primary">
            Create Account
          </button>
        </fieldset>
      </form>
    </div>
  );
}
