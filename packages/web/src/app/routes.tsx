import type { ComponentType } from 'react';
import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { STATIC_PAGE_IDS, WEB_ROUTES, type StaticPageId } from '@cairn/contracts';
import { Layout } from '../layout/Layout.tsx';
import type { RouteHandle } from '../layout/Breadcrumbs.tsx';
import HomePage from '../planner/HomePage.tsx';
import { prefetchJourney } from '../journey/journeyQuery.ts';
import { prefetchResults } from '../search/resultsStore.ts';
import { loadIntlEarly } from '../lib/loadIntlEarly.ts';
import { drawnWithCodeIn } from '../lib/drawnWithCodeIn.ts';
import { RouteError } from './RouteError.tsx';

// How each screen's code comes is said once, by its route below: Home is in the entry script; every
// other screen is `drawnWithCodeIn`, so a load that failed (offline) is tried again (issue 31).

/** What a route's `handle` says of its screen, beside its breadcrumbs and campaign placement. */
type ScreenHandle = RouteHandle & {
  campaign?: string;
  /**
   * False when the screen's first view writes no date with Intl (journey details and its print
   * write days by hand; Results reads the region's clock only when Edit journey opens): start-up
   * then spares it the Intl warm-up (`lib/loadIntlEarly.ts`).
   */
  intlDatesAtFirst?: false;
};

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

/** What the route table says start-up needs for the screen at `path`, before the settings arrive. */
type FirstScreen = {
  /** Its first view writes a date with Intl, so start-up warms Intl up. */
  intlDates: boolean;
  /** Fetches its code, when the router waits for that code before drawing it (route `lazy`). */
  loadCode?: () => Promise<unknown>;
};

/**
 * Reads the route table for the screen at `path`, account pages among them (`accountRoutes`) before
 * the settings say whether the brand has them: a brand without them wastes one small fetch.
 */
export function firstScreen(path: string, accountRoutes: RouteObject[] = []): FirstScreen {
  const route = matchRoutes(buildRoutes(accountRoutes), path)?.at(-1)?.route;
  return {
    intlDates: (route?.handle as ScreenHandle | undefined)?.intlDatesAtFirst !== false,
    loadCode: typeof route?.lazy === 'object' ? route.lazy.Component : undefined,
  };
}

/**
 * Starts what the first screen at `path` needs while the page waits for its settings: the Intl
 * warm-up, and its code when the router will wait for it. A failed fetch is left to the router's
 * own, which reports it. Reading the table is a task of its own: in the entry script's, the first
 * run of the router's matching lengthened the longest task of a start-up by 4 to 8 ms of thread
 * time (issue 31).
 */
export function startFirstScreen(path: string, accountRoutes: () => RouteObject[]): void {
  setTimeout(() => {
    const { intlDates, loadCode } = firstScreen(path, accountRoutes());
    if (intlDates) loadIntlEarly();
    loadCode?.().catch(() => undefined);
  }, 0);
}

/** What the loaders need to start a page's data: the app's query cache and the brand's wait. */
export type RouteData = { queryClient: QueryClient; resultsDelaySec: number };

/**
 * Loaders start the page's data request as soon as the route matches, alongside its code (fetched
 * by the router for its route `lazy`), instead of the data waiting for the code (issue #20). They return at once: the page shows its own loading state, and reads the answer
 * from the same caches when it arrives.
 */
function dataLoaders({ queryClient, resultsDelaySec }: RouteData) {
  return {
    results: ({ params }: LoaderFunctionArgs) => {
      prefetchResults(params.hash ?? '', resultsDelaySec);
      return null;
    },
    journey: ({ params, request }: LoaderFunctionArgs) => {
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
export function buildRoutes(accountRoutes: RouteObject[], data?: RouteData): RouteObject[] {
  // Without the data (start-up, before the settings): the same table, its loaders left out.
  const loaders = data && dataLoaders(data);
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
              ...drawnWithCodeIn(() => import('../results/ResultsPage.tsx')),
              loader: loaders?.results,
              handle: {
                ...resultsCrumbs,
                campaign: 'journey-results',
                intlDatesAtFirst: false,
              } satisfies ScreenHandle,
            },
            {
              path: WEB_ROUTES.printJourney,
              ...drawnWithCodeIn(() => import('../journey/print/PrintJourneyPage.tsx')),
              loader: loaders?.print,
              handle: { intlDatesAtFirst: false } satisfies ScreenHandle,
            },
            {
              path: WEB_ROUTES.journey,
              ...drawnWithCodeIn(() => import('../journey/JourneyPage.tsx')),
              loader: loaders?.journey,
              handle: {
                ...journeyCrumbs,
                campaign: 'journey-details',
                intlDatesAtFirst: false,
              } satisfies ScreenHandle,
            },
            ...STATIC_PAGE_IDS.map((id) => ({ path: `/${id}`, ...drawnWithCodeIn(() => staticPage(id)) })),
            { path: WEB_ROUTES.siteMap, ...drawnWithCodeIn(() => import('../pages/SiteMap.tsx')) },
            ...accountRoutes,
            { path: '*', ...drawnWithCodeIn(() => import('../pages/NotFound.tsx')) },
          ],
        },
      ],
    },
  ];
}

/** The static page `id`'s screen, once the static pages' code is in. */
async function staticPage(id: StaticPageId): Promise<{ default: ComponentType }> {
  const { default: StaticPage } = await import('../pages/StaticPage.tsx');
  return { default: () => <StaticPage id={id} /> };
}
