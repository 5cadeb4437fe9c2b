import { useState } from 'react';
import { Link } from 'react-router';
import { readCookie, writeCookie } from '../lib/cookies.ts';

const CONSENT_COOKIE = 'cookies-accepted';
const ONE_YEAR_SEC = 365 * 24 * 3600;

/** The cookie banner: dismissed by Accept Cookies, remembered in a cookie. */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(() => readCookie(CONSENT_COOKIE) === '1');
  if (accepted) return null;
  return (
    <section className="cookie-banner" aria-label="Cookies">
      <p>
        We use essential cookies to make this planner work, and an analytics cookie to improve it.{' '}
        <Link to="/cookie-policy">Read our cookie policy</Link>.
      </p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => {
          writeCookie(CONSENT_COOKIE, '1', ONE_YEAR_SEC);
          setAccepted(true);
        }}
      >
        Accept Cookies
      </button>
    </section>
  );
}
