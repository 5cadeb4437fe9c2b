import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { STATIC_PAGE_IDS, WEB_ROUTES } from '@cairn/contracts';
import { Layout } from '../layout/Layout.tsx';
import type { RouteHandle } from '../layout/Breadcrumbs.tsx';
import HomePage from '../planner/HomePage.tsx';

const ResultsPage = lazy(() => import('../results/ResultsPage.tsx'));
const JourneyPage = lazy(() => import('../journey/JourneyPage.tsx'));
const PrintJourneyPage = lazy(() => import('../journey/print/PrintJourneyPage.tsx'));
const StaticPage = lazy(() => import('../pages/StaticPage.tsx'));
const SiteMap = lazy(() => import('../pages/SiteMap.tsx'));
const NotFound = lazy(() => import('../pages/NotFound.tsx'));

const resultsCrumbs: RouteHandle = {
  crumbs: (p) => [
    { label: 'Plan your journey', to: '/' },
    { label: 'Select journey option', to: `/search/${p.hash}/results` },
  ],
};
const journeyCrumbs: RouteHandle = {
  crumbs: (p) => [
    ...resultsCrumbs.crumbs!(p),
    { label: 'Journey details', to: `/search/${p.hash}/results/${p.journeyId}` },
  ],
};

/**
 * Routes always available (SPEC §2); account routes are added by the brand's enableUserAccounts.
 * Paths come from the contracts' table, which the server also reads to answer 404 for the rest.
 */
export function buildRoutes(accountRoutes: RouteObject[]): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        { index: true, element: <HomePage />, handle: { campaign: 'journey-planner' } },
        {
          path: WEB_ROUTES.plan,
          element: <HomePage />,
          handle: { campaign: 'journey-planner' },
        },
        {
          path: WEB_ROUTES.results,
          element: <ResultsPage />,
          handle: { ...resultsCrumbs, campaign: 'journey-results' },
        },
        { path: WEB_ROUTES.printJourney, element: <PrintJourneyPage /> },
        {
          path: WEB_ROUTES.journey,
          element: <JourneyPage />,
          handle: { ...journeyCrumbs, campaign: 'journey-details' },
        },
        ...STATIC_PAGE_IDS.map((id) => ({ path: `/${id}`, element: <StaticPage id={id} /> })),
        { path: WEB_ROUTES.siteMap, element: <SiteMap /> },
        ...accountRoutes,
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}
