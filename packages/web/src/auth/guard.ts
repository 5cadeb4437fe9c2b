import { isOneOf } from '../lib/isOneOf.ts';

/** SPEC §2: the pages a logged-out user is sent away from, to Login. */
export const MEMBERS_ONLY = ['/account', '/edit-account', '/searches'] as const;

/** Where the guard sends a visitor: '/login' for a logged-out user on a members-only page, else null. */
export function guardRedirect(pathname: string, loggedIn: boolean): string | null {
  if (loggedIn) return null;
  const path = pathname.replace(/\/+$/, '') || '/';
  return isOneOf(MEMBERS_ONLY, path) ? '/login' : null;
}
