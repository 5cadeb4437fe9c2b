import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@cairn/contracts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useFlash } from '../ui/FlashContext.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';
import { updateUser } from './accountApi.ts';
import { ErrorSummary } from './FormParts.tsx';
import { UserForm } from './UserForm.tsx';
import { useFormErrors } from './useFormErrors.ts';
import { toUserFields, validateUserForm, valuesFromUser, type UserFormValues } from './userForm.ts';
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
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    reset();
    const today = new Date();
    const local = validateUserForm(values, today, { requireTerms: false, termsAccepted: true });
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setBusy(true);
    try {
      await updateUser(toUserFields(values, today));
      await refreshUser();
      showSuccess('Account successfully updated');
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
