import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { ACCOUNT_WEB_ROUTES } from '@cairn/contracts';
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
  { path: ACCOUNT_WEB_ROUTES.login, element: <LoginPage /> },
  { path: ACCOUNT_WEB_ROUTES.register, element: <RegisterPage />, handle: { campaign: 'account-register' } },
  {
    path: ACCOUNT_WEB_ROUTES.account,
    element: (
      <RequireAuth>
        <AccountPage />
      </RequireAuth>
    ),
    handle: { campaign: 'account-register' },
  },
  {
    path: ACCOUNT_WEB_ROUTES.editAccount,
    element: (
      <RequireAuth>
        <EditAccountPage />
      </RequireAuth>
    ),
  },
  { path: ACCOUNT_WEB_ROUTES.resetPassword, element: <ResetRequestPage /> },
  { path: ACCOUNT_WEB_ROUTES.activation, element: <ActivationPage /> },
  { path: ACCOUNT_WEB_ROUTES.passwordReset, element: <ChangePasswordPage /> },
  { path: ACCOUNT_WEB_ROUTES.unlock, element: <UnlockPage /> },
  { path: ACCOUNT_WEB_ROUTES.emailChange, element: <EmailChangePage /> },
  {
    path: ACCOUNT_WEB_ROUTES.searches,
    element: (
      <RequireAuth>
        <SearchesPage />
      </RequireAuth>
    ),
  },
];
