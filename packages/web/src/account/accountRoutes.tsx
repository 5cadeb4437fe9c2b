import { Outlet, type RouteObject } from 'react-router';
import { ACCOUNT_WEB_ROUTES } from '@cairn/contracts';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { drawnWithCodeIn } from '../lib/drawnWithCodeIn.ts';

/**
 * Routes added only when the brand enables accounts (SPEC §2); Account, Edit and Searches are
 * guarded. Built afresh for each router (lib/drawnWithCodeIn.ts).
 */
export const accountRoutes = (): RouteObject[] => [
  { path: ACCOUNT_WEB_ROUTES.login, ...drawnWithCodeIn(() => import('./LoginPage.tsx')) },
  {
    path: ACCOUNT_WEB_ROUTES.register,
    ...drawnWithCodeIn(() => import('./RegisterPage.tsx')),
    handle: { campaign: 'account-register' },
  },
  { path: ACCOUNT_WEB_ROUTES.resetPassword, ...drawnWithCodeIn(() => import('./ResetRequestPage.tsx')) },
  { path: ACCOUNT_WEB_ROUTES.activation, ...drawnWithCodeIn(() => import('./ActivationPage.tsx')) },
  { path: ACCOUNT_WEB_ROUTES.passwordReset, ...drawnWithCodeIn(() => import('./ChangePasswordPage.tsx')) },
  { path: ACCOUNT_WEB_ROUTES.unlock, ...drawnWithCodeIn(() => import('./UnlockPage.tsx')) },
  { path: ACCOUNT_WEB_ROUTES.emailChange, ...drawnWithCodeIn(() => import('./EmailChangePage.tsx')) },
  {
    // The guarded pages, each drawn inside the guard.
    element: (
      <RequireAuth>
        <Outlet />
      </RequireAuth>
    ),
    children: [
      {
        path: ACCOUNT_WEB_ROUTES.account,
        ...drawnWithCodeIn(() => import('./AccountPage.tsx')),
        handle: { campaign: 'account-register' },
      },
      { path: ACCOUNT_WEB_ROUTES.editAccount, ...drawnWithCodeIn(() => import('./EditAccountPage.tsx')) },
      { path: ACCOUNT_WEB_ROUTES.searches, ...drawnWithCodeIn(() => import('./SearchesPage.tsx')) },
    ],
  },
];
