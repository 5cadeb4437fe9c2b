import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFlash } from '../ui/FlashContext.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';
import { activate } from './accountApi.ts';
import { outcomeOfFailure } from './formErrors.ts';

/** Verify Email Address: sends the activation for ?code= and then goes to Login. */
export default function ActivationPage() {
  useDocumentTitle('Verify Email Address');
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const navigate = useNavigate();
  const { showSuccess, showError } = useFlash();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const done = (ok: boolean, text: string) => {
      if (ok) showSuccess(text);
      else showError(text);
      navigate('/login', { replace: true });
    };
    if (!code) {
      done(false, 'This activation link is incomplete. Open the link from your e-mail again.');
      return;
    }
    activate(code).then(
      (message) => done(true, message),
      (error: unknown) => {
        const outcome = outcomeOfFailure(error);
        done(false, 'general' in outcome ? outcome.general : Object.values(outcome.fieldErrors)[0]!);
      },
    );
  }, [code, navigate, showSuccess, showError]);

  return (
    <div className="page-narrow">
      <h1>Verify Email Address</h1>
      <Spinner text="Activating your account" />
    </div>
  );
}
