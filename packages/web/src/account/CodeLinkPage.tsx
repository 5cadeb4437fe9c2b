import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useFlash } from '../ui/FlashContext.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useDocumentTitle } from '../brand/useDocumentTitle.ts';
import { outcomeOfFailure } from './formErrors.ts';

/** A page opened from an e-mailed link with ?code=: sends the code once, then goes to Sign in with the answer. */
export function CodeLinkPage({
  title,
  busyText,
  send,
  incompleteText = 'This link is incomplete. Open the link from your e-mail again.',
}: {
  title: string;
  busyText: string;
  send: (code: string) => Promise<string>;
  /** Said when the link has no code. */
  incompleteText?: string;
}) {
  useDocumentTitle(title);
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
      done(false, incompleteText);
      return;
    }
    send(code).then(
      (message) => done(true, message),
      (error: unknown) => {
        const outcome = outcomeOfFailure(error);
        done(false, 'general' in outcome ? outcome.general : Object.values(outcome.fieldErrors)[0]!);
      },
    );
  }, [code, navigate, send, showSuccess, showError, incompleteText]);

  return (
    <div className="page-narrow">
      <h1>{title}</h1>
      <Spinner text={busyText} />
    </div>
  );
}
