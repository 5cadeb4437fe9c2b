import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import type { StaticPageId } from '@cairn/contracts';
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

const STATIC_PAGES: StaticPageId[] = [
  'about',
  'privacy-policy',
  'hear-more',
  'terms-and-conditions',
  'contact-us',
  'cookie-policy',
  'statement',
];

/** Routes always available (SPEC §2); account routes are added by the brand's enableUserAccounts. */
export function buildRoutes(accountRoutes: RouteObject[]): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        { index: true, element: <HomePage />, handle: { campaign: 'journey-planner' } },
        {
          path: 'plan/:origin/:destination?',
          element: <HomePage />,
          handle: { campaign: 'journey-planner' },
        },
        {
          path: 'search/:hash/results',
          element: <ResultsPage />,
          handle: { ...resultsCrumbs, campaign: 'journey-results' },
        },
        { path: 'search/:hash/results/:journeyId/print', element: <PrintJourneyPage /> },
        {
          path: 'search/:hash/results/:journeyId/:journeyType?',
          element: <JourneyPage />,
          handle: { ...journeyCrumbs, campaign: 'journey-details' },
        },
        ...STATIC_PAGES.map((id) => ({ path: id, element: <StaticPage id={id} /> })),
        { path: 'site-map', element: <SiteMap /> },
        ...accountRoutes,
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}
