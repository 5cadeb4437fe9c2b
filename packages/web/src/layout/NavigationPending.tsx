import { useLocation, useNavigation } from 'react-router';

/**
 * Says "Loading" while the router opens another page and keeps the one it leaves on screen meanwhile:
 * a screen drawn with its code in (all but Home, app/routes.tsx) waits for that code, on a weak
 * signal for seconds after the tap. The live region is always there, so its text is announced;
 * the pill shows after a short delay (CSS), so a page that opens at once shows nothing.
 */
export function NavigationPending() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  // Filter and sort change the query string alone: the page stays, nothing to wait for.
  const opening = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  return (
    <div role="status">
      {opening && (
        <span className="navigation-pending-pill">
          <span className="spinner-wheel spinner-inline" aria-hidden="true" />
          Loading
        </span>
      )}
    </div>
  );
}
