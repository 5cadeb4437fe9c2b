import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthContext.tsx';
import { useFlash } from '../ui/FlashContext.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { formatDob } from '../lib/dates.ts';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { listPasses } from './passes.ts';
import './account.css';
import { formatPhoneNumber } from './phoneNumber.ts';

/** Your Account: details, dob as DD-MM-YYYY, My Passes, Edit Account and Logout. */
export default function AccountPage() {
  useDocumentTitle('Your Account');
  const { user, signOut } = useAuth();
  const { showSuccess } = useFlash();
  const navigate = useNavigate();
  // Logout signs out once this guarded page has gone: signing out while it is still shown
  // would make the guard send the user to Login instead of Home.
  const leaving = useRef(false);
  const finish = useRef<() => void>(() => undefined);
  finish.current = () => {
    signOut();
    showSuccess('Successfully logged out');
  };
  useEffect(
    () => () => {
      if (leaving.current) finish.current();
    },
    [],
  );
  if (!user) return <Spinner />;
  const passes = listPasses(user.profile);
  const logout = () => {
    leaving.current = true;
    void navigate('/');
  };
  return (
    <div className="page-narrow account-page">
      <h1>Your Account</h1>
      <dl className="account-details">
        <div>
          <dt>Name</dt>
          <dd>
            {user.title} {user.first_name} {user.last_name}
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        {user.phone_number && (
          <div>
            <dt>Phone</dt>
            <dd>{formatPhoneNumber(user.country_code_phone_number, user.phone_number)}</dd>
          </div>
        )}
        <div>
          <dt>Date of birth</dt>
          <dd>{formatDob(user.dob)}</dd>
        </div>
      </dl>
      <h2 id="my-passes">My Passes</h2>
      {passes.length === 0 ? (
        <p className="muted">
          You have not added any passes. Add them with Edit Account so your fares reflect them.
        </p>
      ) : (
        <ul className="pass-cards" aria-labelledby="my-passes">
          {passes.map((p) => (
            <li key={p.key} className="pass-card">
              <h3>{p.name}</h3>
              <p>{p.detail}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="actions">
        <Link to="/edit-account" className="button button-primary">
          Edit Account
        </Link>
        <button type="button" className="button" onClick={logout}>
          Logout
        </button>
      </div>
    </div>
  );
}
