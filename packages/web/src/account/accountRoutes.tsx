import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const LoginPage = lazy(() => import('./LoginPage.tsx'));

/** Routes added only when the brand enables accounts (SPEC §2). */
export const accountRoutes: RouteObject[] = [{ path: 'login', element: <LoginPage /> }];
