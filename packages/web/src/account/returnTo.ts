/** Where a page sends the visitor to sign in, with the address to come back to afterwards. */
export type ReturnState = { returnTo: string };

/**
 * The in-app address a sign-in should return to, from the navigation state the link carried;
 * '/' when there is none, or when it is not a path of this site (never another origin).
 */
export function returnPath(state: unknown): string {
  const to =
    state && typeof state === 'object' && 'returnTo' in state && typeof state.returnTo === 'string'
      ? state.returnTo
      : '';
  return to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') ? to : '/';
}
