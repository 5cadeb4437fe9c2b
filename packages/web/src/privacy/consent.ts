import { useSyncExternalStore } from 'react';
import { readCookie, writeCookie } from './cookies.ts';
import { CONSENT_COOKIE } from './storedItems.ts';

// The cookie banner writes consent and the tag manager waits for it: one small store, so both
// see the same answer without a reload.

const listeners = new Set<() => void>();

/** True once the visitor has pressed Accept Cookies, on this visit or an earlier one. */
export function hasConsent(): boolean {
  return readCookie(CONSENT_COOKIE) === '1';
}

/** Accept Cookies: remembered in the consent cookie, and told to whoever waits for it. */
export function acceptCookies(): void {
  writeCookie(CONSENT_COOKIE, '1');
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The consent state, re-rendering when the visitor accepts. */
export function useConsent(): boolean {
  return useSyncExternalStore(subscribe, hasConsent, () => false);
}
