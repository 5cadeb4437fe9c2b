import { STATIC_PAGE_IDS } from './values.ts';

/**
 * The web app's routes (SPEC §2 plus ours), one table for the web router and the server: the
 * server answers any other path with 404 (and the SPA, which shows its not-found page). Patterns
 * as React Router reads them: `:name` is one path segment, and a trailing `?` makes it optional.
 */
export const WEB_ROUTES = {
  home: '/',
  plan: '/plan/:origin/:destination?',
  results: '/search/:hash/results',
  printJourney: '/search/:hash/results/:journeyId/print',
  journey: '/search/:hash/results/:journeyId/:journeyType?',
  siteMap: '/site-map',
} as const;

/** The static pages of the brand, each at `/{id}`. */
export const STATIC_PAGE_ROUTES = STATIC_PAGE_IDS.map((id) => `/${id}` as const);

/** Routes that exist only when the brand enables accounts (SPEC §2). */
export const ACCOUNT_WEB_ROUTES = {
  login: '/login',
  register: '/register',
  account: '/account',
  editAccount: '/edit-account',
  resetPassword: '/reset-password',
  activation: '/auth/activation',
  passwordReset: '/auth/password-reset',
  unlock: '/auth/unlock',
  emailChange: '/auth/email-change',
  searches: '/searches',
} as const;
