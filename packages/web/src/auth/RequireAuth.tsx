import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './AuthContext.tsx';
import { guardRedirect } from './guard.ts';

/** The navigation guard of SPEC §2: logged-out users go to Login instead of Account, Edit and Searches. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { loggedIn } = useAuth();
  const { pathname } = useLocation();
  const target = guardRedirect(pathname, loggedIn);
  return target ? <Navigate to={target} replace /> : <>{children}</>;
}
