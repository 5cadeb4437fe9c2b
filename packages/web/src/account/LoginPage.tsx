import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { useFlash } from '../ui/FlashContext.tsx';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { login } from './accountApi.ts';
import { returnPath } from './returnTo.ts';
import { ErrorSummary, TextField } from './FormParts.tsx';
import { useFormErrors } from './useFormErrors.ts';
import './account.css';

const ID = 'login';

/** Sign in: stores the token in the user-token cookie, fetches the user and goes Home. */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  const { signIn } = useAuth();
  const { showSuccess } = useFlash();
  const navigate = useNavigate();
  // A page that sent the visitor here to sign in (a journey to save) is where they go back to.
  const back = returnPath(useLocation().state);
  const { errors, setErrors, clearField, fail, reset } = useFormErrors({ username: 'email' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    reset();
    const local: Record<string, string> = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) local.email = 'Enter a valid e-mail address.';
    if (!password) local.password = 'Enter your password.';
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    try {
      await signIn(await login(email.trim(), password));
      showSuccess('Successfully logged in');
      void navigate(back);
    } catch (error) {
      setBusy(false);
      fail(error);
    }
  };

  return (
    <div className="page-narrow account-page">
      <h1>Sign in</h1>
      <ErrorSummary errors={errors} idPrefix={ID} />
      <form onSubmit={submit} noValidate>
        <fieldset disabled={busy} className="plain-fieldset">
          <legend className="visually-hidden">Your sign-in details</legend>
          <TextField
            idPrefix={ID}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            onClearError={clearField}
          />
          <TextField
            idPrefix={ID}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            onClearError={clearField}
          />
          <button type="submit" className="button button-primary">
            Sign in
          </button>
        </fieldset>
      </form>
      <p>
        <Link to="/reset-password">Forgot Password?</Link>
      </p>
      <p>
        New here? <Link to="/register">Create an account</Link>
      </p>
    </div>
  );
}
