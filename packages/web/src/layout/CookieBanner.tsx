import { Link } from 'react-router';
import { useBrand } from '../brand/ConfigContext.tsx';
import { acceptCookies, useConsent } from '../privacy/consent.ts';

/** The cookie banner: dismissed by Accept Cookies, remembered in a cookie. */
export function CookieBanner() {
  const accepted = useConsent();
  const { tagManagerUrl } = useBrand();
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label="Cookies">
      <p>
        We use essential cookies to make this planner work
        {tagManagerUrl && ', and analytics cookies once you accept them'}.{' '}
        <Link to="/cookie-policy">Read our cookie policy</Link>.
      </p>
      <button type="button" className="button button-primary" onClick={acceptCookies}>
        Accept Cookies
      </button>
    </section>
  );
}
