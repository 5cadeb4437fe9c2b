import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { useFlash } from '../ui/FlashContext.tsx';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { requestPasswordReset } from './accountApi.ts';
import { ErrorSummary, TextField } from './FormParts.tsx';
import { useFormErrors } from './useFormErrors.ts';
import './account.css';

const ID = 'reset';

/**
 * Forgot password: an e-mail field. Logged in, the field holds the user's own e-mail, locked,
 * and the request is sent on load (this is where Edit Account's Change Password leads).
 */
export default function ResetRequestPage() {
  useDocumentTitle('Reset your password');
  const { user, loggedIn } = useAuth();
  const { showSuccess } = useFlash();
  const { errors, setErrors, clearField, fail, reset } = useFormErrors();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const autoSent = useRef(false);
  const locked = loggedIn;
  const shownEmail = locked ? (user?.email ?? '') : email;

  const send = async (address: string) => {
    reset();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address.trim())) {
      setErrors({ email: 'Enter a valid e-mail address.' });
      return;
    }
    setBusy(true);
    try {
      showSuccess(await requestPasswordReset(address.trim()));
      setSentTo(address.trim());
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!locked || !user || autoSent.current) return;
    autoSent.current = true;
    void send(user.email);
    // send is recreated each render; the ref makes this run once per page.
  }, [locked, user]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void send(shownEmail);
  };

  return (
    <div className="page-narrow account-page">
      <h1>Reset your password</h1>
      <p>
        {locked
          ? 'We are sending a link to choose a new password to your e-mail address.'
          : 'Enter the e-mail address of your account and we will send you a link to choose a new password.'}
      </p>
      <ErrorSummary errors={errors} idPrefix={ID} />
      <form onSubmit={submit} noValidate>
        <fieldset disabled={busy} className="plain-fieldset">
          <legend className="visually-hidden">Password reset</legend>
          <TextField
            idPrefix={ID}
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={shownEmail}
            readOnly={locked}
            aria-readonly={locked || undefined}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            onClearError={clearField}
          />
          <button type="submit" className="button button-primary">
            {sentTo ? 'Send the link again' : 'Send reset link'}
          </button>
        </fieldset>
      </form>
      {sentTo && (
        <p role="status" className="notice">
          If an account exists for {sentTo}, a reset link is on its way. The link works once and expires in 1
          hour.
        </p>
      )}
      {!locked && (
        <p>
          <Link to="/login">Back to Sign in</Link>
        </p>
      )}
    </div>
  );
}
