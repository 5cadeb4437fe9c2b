import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from '@cairn/contracts';
import { decode } from '../api/decode.ts';
import { apiRequest, setCredentials } from '../api/http.ts';
import { readCookie, writeCookie, deleteCookie } from '../privacy/cookies.ts';
import { JOURNEYS_CACHE } from '../offline/offlineCaches.ts';
import { TOKEN_COOKIE } from '../privacy/storedItems.ts';

type Auth = {
  token: string | null;
  user: User | null;
  loggedIn: boolean;
  /** Stores the token and loads the user; rejects (with the token cleared) when the user cannot be loaded. */
  signIn: (token: string) => Promise<void>;
  /** Ends the session here and asks the server to revoke the token. */
  signOut: () => void;
  /** Reloads the user; answers false (and clears the token) when that fails. */
  refreshUser: () => Promise<boolean>;
};

const AuthContext = createContext<Auth | null>(null);

async function fetchUser(): Promise<User> {
  const body = await apiRequest<{ data: unknown }>('/v1/users/show');
  return decode('User', body.data);
}

/** Auth state: on start, a stored token fetches the user; a failed fetch clears the token. */
export function AuthProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => (enabled ? readCookie(TOKEN_COOKIE) : null));
  const [user, setUser] = useState<User | null>(null);

  const clear = useCallback(() => {
    deleteCookie(TOKEN_COOKIE);
    setCredentials({ token: null });
    setToken(null);
    setUser(null);
  }, []);

  const refreshUser = useCallback(async () => {
    try {
      setUser(await fetchUser());
      return true;
    } catch {
      clear();
      return false;
    }
  }, [clear]);

  useEffect(() => {
    setCredentials({ token });
    if (token) void refreshUser();
    // Only on start: later sign-ins call refreshUser themselves.
  }, []);

  const signIn = useCallback(
    async (next: string) => {
      writeCookie(TOKEN_COOKIE, next);
      setCredentials({ token: next });
      setToken(next);
      if (!(await refreshUser()))
        throw new Error('You are signed in, but your account could not be loaded. Please try again.');
    },
    [refreshUser],
  );

  const signOut = useCallback(() => {
    // The request's headers are taken before clear() drops the token; its answer does not matter.
    if (token) apiRequest('/v1/auth/logout', { method: 'POST' }).catch(() => undefined);
    clear();
    // On a shared device the next person must not open the journeys kept offline before logout.
    if ('caches' in window) void caches.delete(JOURNEYS_CACHE).catch(() => undefined);
  }, [token, clear]);

  const api = useMemo<Auth>(
    () => ({ token, user, loggedIn: token !== null, signIn, signOut, refreshUser }),
    [token, user, signIn, signOut, refreshUser],
  );
  return <AuthContext.Provider value={api}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth outside AuthProvider');
  return auth;
}
