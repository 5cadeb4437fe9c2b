import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@cairn/contracts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useFlash } from '../ui/FlashContext.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { updateUser } from './accountApi.ts';
import { ErrorSummary, TextField } from './FormParts.tsx';
import { UserForm } from './UserForm.tsx';
import { useFormErrors } from './useFormErrors.ts';
import { toUserFields, validateUserForm, valuesFromUser, type UserFormValues } from './userFormValues.ts';
import './account.css';

const ID = 'edit';

/** Edit Account: waits for the user, then shows the form filled in. */
export default function EditAccountPage() {
  useDocumentTitle('Edit Account');
  const { user } = useAuth();
  return user ? <EditAccountForm user={user} /> : <Spinner />;
}

function EditAccountForm({ user }: { user: User }) {
  const { refreshUser } = useAuth();
  const navigate = useNavigate();
  const { showSuccess } = useFlash();
  const { errors, setErrors, clearField, fail, reset } = useFormErrors();
  const [values, setValues] = useState<UserFormValues>(() => valuesFromUser(user));
  const [currentPassword, setCurrentPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const emailChanged = values.email.trim().toLowerCase() !== user.email.toLowerCase();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    reset();
    const today = new Date();
    const local = validateUserForm(values, today, { requireTerms: false, termsAccepted: true });
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    if (emailChanged && !currentPassword) {
      setErrors({ current_password: 'Enter your current password to change your e-mail address.' });
      return;
    }
    setBusy(true);
    try {
      const fields = toUserFields(values, today);
      // A new e-mail address needs the current password; the server then mails a confirmation link.
      const message = await updateUser(
        emailChanged ? { ...fields, current_password: currentPassword } : fields,
      );
      await refreshUser();
      showSuccess(emailChanged ? message : 'Account successfully updated');
      navigate('/account');
    } catch (error) {
      setBusy(false);
      fail(error);
    }
  };

  return (
    <div className="page-narrow account-page">
      <h1>Edit Account</h1>
      <ErrorSummary errors={errors} idPrefix={ID} />
      <form onSubmit={submit} noValidate>
        <fieldset disabled={busy} className="plain-fieldset">
          <legend className="visually-hidden">Your account details</legend>
          <UserForm
            idPrefix={ID}
            values={values}
            onChange={setValues}
            errors={errors}
            onClearError={clearField}
          />
          <TextField
            idPrefix={ID}
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Needed only to change your e-mail address."
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            error={errors.current_password}
            onClearError={clearField}
          />
          <div className="actions">
            <button type="submit" className="button button-primary">
              Update Details
            </button>
            {/* SPEC §2: Change Password sends a reset request for the user's own e-mail (the reset page does it on load). */}
            <button type="button" className="button" onClick={() => navigate('/reset-password')}>
              Change Password
            </button>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
