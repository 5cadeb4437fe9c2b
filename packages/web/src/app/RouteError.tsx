import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigation, useRouteError } from 'react-router';
import { OfflinePage } from '../offline/OfflinePage.tsx';

/**
 * A screen that failed to load or draw. Offline, that is a page whose code was never fetched
 * (issue 31): say so. Either way offer to try again, in place: the router fetches code that failed
 * to come again (lib/drawnWithCodeIn.ts), so a traveller whose signal came back gets the screen
 * without reloading the app.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error('screen failed', error), [error]);
  const again = <TryAgain />;
  if (!navigator.onLine) return <OfflinePage what="page">{again}</OfflinePage>;
  return (
    <div className="page-narrow">
      <h1>This page could not be shown</h1>
      <p>
        {codeDidNotCome(error)
          ? 'It did not arrive: the connection may have dropped, even if your device says it is online. Try again, or wait for a better signal.'
          : 'Something went wrong while loading it.'}
      </p>
      {again}
    </div>
  );
}

/**
 * Whether the screen's code failed to arrive (a dropped signal, a captive portal) rather than the
 * screen failing to draw: the words browsers give a failed dynamic import, and Vite a failed style
 * sheet. A version the server no longer has reloads instead (offline/chunkGone.ts).
 */
function codeDidNotCome(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/**
 * Opens the same address again. While it loads the button says so; a try that fails too (a new
 * error) is said in a status, heard by a screen reader, which otherwise hears nothing change. When
 * the screen comes, this goes, and focus goes to the page's content rather than to its top.
 */
function TryAgain() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const trying = useNavigation().state === 'loading';
  const tried = useRef(false);
  const [failedTries, setFailedTries] = useState(0);
  useEffect(() => {
    if (tried.current) setFailedTries((n) => n + 1);
  }, [error]);
  useEffect(
    () => () => {
      if (tried.current) document.getElementById('main-content')?.focus();
    },
    [],
  );
  const tryAgain = () => {
    if (trying) return;
    tried.current = true;
    void navigate(location, { replace: true });
  };
  return (
    <>
      <button type="button" className="button" aria-disabled={trying} onClick={tryAgain}>
        {trying ? 'Trying again…' : 'Try again'}
      </button>
      <p role="status">{failedTries > 0 && !trying && 'It could not be loaded this time either.'}</p>
    </>
  );
}
