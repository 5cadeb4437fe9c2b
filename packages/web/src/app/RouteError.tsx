import { useRouteError } from 'react-router';
import { OfflinePage } from '../offline/OfflinePage.tsx';

/**
 * A screen that failed to load or draw. Offline, that is a page whose code was never fetched
 * (issue 31): say so, rather than reload; online, offer a reload.
 */
export function RouteError() {
  const error = useRouteError();
  console.error('screen failed', error);
  if (!navigator.onLine) return <OfflinePage what="page" />;
  return (
    <div className="page-narrow">
      <h1>This page could not be shown</h1>
      <p>Something went wrong while loading it.</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Load the page again
      </button>
    </div>
  );
}
