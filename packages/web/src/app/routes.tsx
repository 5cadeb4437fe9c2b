import { lazy } from 'react';
import { matchPath, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { STATIC_PAGE_IDS, WEB_ROUTES } from '@cairn/contracts';
import { Layout } from '../layout/Layout.tsx';
import type { RouteHandle } from '../layout/Breadcrumbs.tsx';
import HomePage from '../planner/HomePage.tsx';
import { prefetchJourney } from '../journey/journeyQuery.ts';
import { prefetchResults } from '../search/resultsStore.ts';
import { RouteError } from './RouteError.tsx';
import { lazyWithPreload } from './lazyWithPreload.ts';

const importResultsPage = () => import('../results/ResultsPage.tsx');
const ResultsPage = lazy(importResultsPage);
const { Component: JourneyPage, preload: importJourneyPage } = lazyWithPreload(
  () => import('../journey/JourneyPage.tsx'),
);
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
 * Fetches the code of the screen at `path` when it is one kept for a first render without a
 * loading fallback (journey details); resolves when it is in, or at once for any other screen.
 * A failure is left to the screen's own loading, which reports it.
 */
export function preloadScreenCode(path: string): Promise<void> {
  if (!matchPath(WEB_ROUTES.journey, path)) return Promise.resolve();
  return importJourneyPage().then(
    () => undefined,
    () => undefined,
  );
}

/** What the loaders need to start a page's data: the app's query cache and the brand's wait. */
export type RouteData = { queryClient: QueryClient; resultsDelaySec: number };

/**
 * Loaders start the page's code and its data request together as soon as the route matches,
 * instead of the data waiting for the code (issue #20). They return at once: the page shows its
 * own loading state, and reads the answer from the same caches when it arrives.
 */
function dataLoaders({ queryClient, resultsDelaySec }: RouteData) {
  return {
    results: ({ params }: LoaderFunctionArgs) => {
      void importResultsPage();
      prefetchResults(params.hash ?? '', resultsDelaySec);
      return null;
    },
    journey: ({ params, request }: LoaderFunctionArgs) => {
      void importJourneyPage();
      const show = new URL(request.url).searchParams.has('show');
      prefetchJourney(queryClient, params.hash ?? '', params.journeyId ?? '', show);
      return null;
    },
    print: ({ params }: LoaderFunctionArgs) => {
      prefetchJourney(queryClient, params.hash ?? '', params.journeyId ?? '', false);
      return null;
    },
  };
}

/**
 * Routes always available (SPEC §2); account routes are added by the brand's enableUserAccounts.
 * Paths come from the contracts' table, which the server also reads to answer 404 for the rest.
 */
export function buildRoutes(accountRoutes: RouteObject[], data: RouteData): RouteObject[] {
  const loaders = dataLoaders(data);
  return [
    {
      element: <Layout />,
      children: [
        {
          // A screen that fails to load (offline, its code never fetched) shows inside the frame.
          errorElement: <RouteError />,
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
              loader: loaders.results,
              handle: { ...resultsCrumbs, campaign: 'journey-results' },
            },
            { path: WEB_ROUTES.printJourney, element: <PrintJourneyPage />, loader: loaders.print },
            {
              path: WEB_ROUTES.journey,
              element: <JourneyPage />,
              loader: loaders.journey,
              handle: { ...journeyCrumbs, campaign: 'journey-details' },
            },
            ...STATIC_PAGE_IDS.map((id) => ({ path: `/${id}`, element: <StaticPage id={id} /> })),
            { path: WEB_ROUTES.siteMap, element: <SiteMap /> },
            ...accountRoutes,
            { path: '*', element: <NotFound /> },
          ],
        },
      ],
    },
  ];
}
