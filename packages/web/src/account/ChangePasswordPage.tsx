import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { useFlash } from '../ui/FlashContext.tsx';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { resetPassword } from './accountApi.ts';
import { ErrorSummary, TextField } from './FormParts.tsx';
import { useFormErrors } from './useFormErrors.ts';
import './account.css';

const ID = 'new-password';

/** Change Password: the new password twice for the ?code= of the e-mailed link; success goes to Login. */
export default function ChangePasswordPage() {
  useDocumentTitle('Change Password');
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const navigate = useNavigate();
  const { loggedIn, signOut } = useAuth();
  const { showSuccess } = useFlash();
  const { errors, setErrors, clearField, fail, reset } = useFormErrors();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    reset();
    const local: Record<string, string> = {};
    if (password.length < 8) local.password = 'Use at least 8 characters.';
    if (password !== confirmation) local.password_confirmation = 'The passwords do not match.';
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    try {
      const message = await resetPassword(code, password, confirmation);
      // The server ends every session of the account, this one included.
      if (loggedIn) signOut();
      showSuccess(message);
      navigate('/login');
    } catch (error) {
      setBusy(false);
      fail(error);
    }
  };

  if (!code) {
    return (
      <div className="page-narrow account-page">
        <h1>Change Password</h1>
        <p>
          This page needs the link from your password reset e-mail.{' '}
          <Link to="/reset-password">Ask for a new link</Link>.
        </p>
      </div>
    );
  }

  return (
    <div className="page-narrow account-page">
      <h1>Change Password</h1>
      <ErrorSummary errors={errors} idPrefix={ID} />
      <form onSubmit={submit} noValidate>
        <fieldset disabled={busy} className="plain-fieldset">
          <legend className="visually-hidden">Choose a new password</legend>
          <TextField
            idPrefix={ID}
            name="password"
            label="Enter New Password"
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
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={errors.password_confirmation}
            onClearError={clearField}
          />
          <button type="submit" className="button button-primary">
            Change Password
          </button>
        </fieldset>
      </form>
    </div>
  );
}
