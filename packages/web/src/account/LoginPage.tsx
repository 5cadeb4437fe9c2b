import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoginResponse } from '@cairn/contracts';
import { apiRequest, ApiError } from '../api/http.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useFlash } from '../ui/FlashContext.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';
import { firstMessages } from '../planner/plannerForm.ts';

/** Sign in: stores the token in the user-token cookie, fetches the user and goes Home. */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  const { signIn } = useAuth();
  const { showSuccess, showError, clear } = useFlash();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    clear();
    try {
      const body = LoginResponse.parse(await apiRequest('/v1/auth/login', { method: 'POST', body: { username: email, password } }));
      await signIn(body.data.access_token);
      showSuccess('Successfully logged in');
      navigate('/');
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        const fields = firstMessages(error.fieldErrors);
        if (fields.username && !fields.email) fields.email = fields.username;
        delete fields.username;
        setErrors(fields);
      } else showError(error instanceof Error ? error.message : 'Sign in failed.');
    }
  };

  return (
    <div className="page-narrow">
      <h1>Sign in</h1>
      {Object.keys(errors).length > 0 && (
        <div className="error-summary" role="alert">
          <h2>Please correct the following errors</h2>
          <ul>{Object.entries(errors).map(([f, m]) => <li key={f}>{f}: {m}</li>)}</ul>
        </div>
      )}
      <form onSubmit={submit} noValidate className="stack">
        <fieldset disabled={busy} className="plain-fieldset">
          <legend className="visually-hidden">Your sign-in details</legend>
          <div className="field">
            <label htmlFor="login-email">Email</label>
            <input id="login-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)}
              onFocus={() => setErrors(({ email: _e, ...rest }) => rest)} aria-invalid={errors.email ? true : undefined} aria-describedby={errors.email ? 'login-email-error' : undefined} />
            {errors.email && <p className="field-error" id="login-email-error">{errors.email}</p>}
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input id="login-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)}
              onFocus={() => setErrors(({ password: _p, ...rest }) => rest)} aria-invalid={errors.password ? true : undefined} aria-describedby={errors.password ? 'login-password-error' : undefined} />
            {errors.password && <p className="field-error" id="login-password-error">{errors.password}</p>}
          </div>
          <button type="submit" className="button button-primary">Sign in</button>
        </fieldset>
      </form>
      <p><Link to="/reset-password">Forgot Password?</Link></p>
      <p>New here? <Link to="/register">Create an account</Link></p>
    </div>
  );
}
