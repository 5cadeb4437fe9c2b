import type { CookieItem } from './storedItems.ts';

// Cookies are named by their entry in privacy/storedItems.ts, so none is set that the cookie
// policy does not list.

/** Reads one cookie's value, or null. */
export function readCookie(cookie: CookieItem): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === cookie.name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Writes a cookie for the whole site, for the lifetime its entry states. */
export function writeCookie(cookie: CookieItem, value: string): void {
  const age = cookie.maxAgeSec === undefined ? '' : `; max-age=${cookie.maxAgeSec}`;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${cookie.name}=${encodeURIComponent(value)}; path=/; samesite=lax${age}${secure}`;
}

export function deleteCookie(cookie: CookieItem): void {
  document.cookie = `${cookie.name}=; path=/; max-age=0`;
}
