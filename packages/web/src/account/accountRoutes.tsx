import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../auth/RequireAuth.tsx';

const LoginPage = lazy(() => import('./LoginPage.tsx'));
const RegisterPage = lazy(() => import('./RegisterPage.tsx'));
const AccountPage = lazy(() => import('./AccountPage.tsx'));
const EditAccountPage = lazy(() => import('./EditAccountPage.tsx'));
const ResetRequestPage = lazy(() => import('./ResetRequestPage.tsx'));
const ActivationPage = lazy(() => import('./ActivationPage.tsx'));
const ChangePasswordPage = lazy(() => import('./ChangePasswordPage.tsx'));
const SearchesPage = lazy(() => import('./SearchesPage.tsx'));
const UnlockPage = lazy(() => import('./UnlockPage.tsx'));
const EmailChangePage = lazy(() => import('./EmailChangePage.tsx'));

/** Routes added only when the brand enables accounts (SPEC §2); Account, Edit and Searches are guarded. */
export const accountRoutes: RouteObject[] = [
  { path: 'login', element: <LoginPage /> },
  { path: 'register', element: <RegisterPage />, handle: { campaign: 'account-register' } },
  {
    path: 'account',
    element: (
      <RequireAuth>
        <AccountPage />
      </RequireAuth>
    ),
    handle: { campaign: 'account-register' },
  },
  {
    path: 'edit-account',
    element: (
      <RequireAuth>
        <EditAccountPage />
      </RequireAuth>
    ),
  },
  { path: 'reset-password', element: <ResetRequestPage /> },
  { path: 'auth/activation', element: <ActivationPage /> },
  { path: 'auth/password-reset', element: <ChangePasswordPage /> },
  { path: 'auth/unlock', element: <UnlockPage /> },
  { path: 'auth/email-change', element: <EmailChangePage /> },
  {
    path: 'searches',
    element: (
      <RequireAuth>
        <SearchesPage />
      </RequireAuth>
    ),
  },
];
