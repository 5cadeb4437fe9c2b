import { Link, NavLink } from 'react-router';
import { BRAND_LOGO_URL, useBrand } from '../brand/ConfigContext.tsx';
import { useAuth } from '../auth/AuthContext.tsx';
import { storeLinkFor } from './storeLink.ts';

/** Logo to Home; account links when the brand has accounts; Download App on phones only. */
export function TopBar() {
  const brand = useBrand();
  const { loggedIn } = useAuth();
  const storeLink = storeLinkFor(navigator.userAgent, brand.appStoreLinks);
  return (
    <header className="topbar">
      <div className="topbar-inner">
        <Link to="/" className="topbar-logo">
          <img src={BRAND_LOGO_URL} alt={`${brand.title} home`} width={176} height={38} />
        </Link>
        <nav aria-label="Main" className="topbar-nav">
          <ul>
            {brand.enableUserAccounts && loggedIn && (
              <>
                <li>
                  <NavLink to="/" end>
                    Planner
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/searches">My Trips</NavLink>
                </li>
                <li>
                  <NavLink to="/account">Account</NavLink>
                </li>
              </>
            )}
            {brand.enableUserAccounts && !loggedIn && (
              <li>
                <NavLink to="/login">Login</NavLink>
              </li>
            )}
            {storeLink && (
              <li>
                <a href={storeLink} target="_blank" rel="noopener noreferrer">
                  Download App
                </a>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
