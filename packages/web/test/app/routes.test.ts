// Feature under test: the router's pages are exactly the contracts' route table, which the server reads to answer 404 for other paths (issue #16);
// the same table tells start-up which first screens need Intl dates and which are drawn with their code in (issue 31).
import { ACCOUNT_WEB_ROUTES, STATIC_PAGE_ROUTES, WEB_ROUTES } from '@cairn/contracts';
import type { RouteObject } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountRoutes } from '../../src/account/accountRoutes.tsx';
import { buildRoutes, firstScreen } from '../../src/app/routes.tsx';

/** Every page path of a route tree ('/' for the index route), without the catch-all. */
function pagePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.index ? ['/'] : route.path && route.path !== '*' ? [route.path] : []),
    ...pagePaths(route.children ?? []),
  ]);
}

const data = { queryClient: new QueryClient(), resultsDelaySec: 0 };

describe('the route table', () => {
  it('without accounts: the pages the server serves with 200, and a catch-all for the rest', () => {
    const routes = buildRoutes([], data);
    expect(pagePaths(routes).sort()).toEqual([...Object.values(WEB_ROUTES), ...STATIC_PAGE_ROUTES].sort());
    expect(JSON.stringify(routes, (k, v) => (k === 'element' ? undefined : v))).toContain('"path":"*"');
  });

  it('with accounts: the account pages too', () => {
    expect(pagePaths(buildRoutes(accountRoutes(), data)).sort()).toEqual(
      [...Object.values(WEB_ROUTES), ...STATIC_PAGE_ROUTES, ...Object.values(ACCOUNT_WEB_ROUTES)].sort(),
    );
  });
});

describe('what start-up reads of the route table (firstScreen)', () => {
  it.each([
    '/search/6c7e9607/results',
    '/search/6c7e9607/results/6c7e9607-3k_4AX',
    '/search/6c7e9607/results/6c7e9607-3k_4AX/return',
    '/search/6c7e9607/results/6c7e9607-3k_4AX/print',
  ])('%s: Results and a journey page show no Intl date at first, so no warm-up', (path) => {
    expect(firstScreen(path).intlDates).toBe(false);
  });

  it.each(['/', '/plan/Aviemore', '/site-map', '/about', '/account', '/no-such-page'])(
    '%s: the planner, static, account and unknown pages are warmed up',
    (path) => {
      expect(firstScreen(path).intlDates).toBe(true);
    },
  );

  it('every screen but Home is drawn with its code in: start-up can fetch it, account pages too', () => {
    for (const path of [
      '/search/6c7e9607/results',
      '/search/6c7e9607/results/6c7e9607-3k_4AX',
      '/search/6c7e9607/results/6c7e9607-3k_4AX/return',
      '/search/6c7e9607/results/6c7e9607-3k_4AX/print',
      '/about',
      '/site-map',
      '/no-such-page',
    ])
      expect(firstScreen(path).loadCode, path).toBeTypeOf('function');
    for (const path of ['/login', '/account', '/searches'])
      expect(firstScreen(path, accountRoutes()).loadCode, path).toBeTypeOf('function');
    for (const path of ['/', '/plan/Aviemore']) expect(firstScreen(path).loadCode, path).toBeUndefined();
  });

  it('a static page is drawn as its own page', async () => {
    const Page = (await firstScreen('/about').loadCode!()) as () => { props: { id: string } };
    expect(Page().props.id).toBe('about');
  });
});
