// Feature under test: the router's pages are exactly the contracts' route table, which the server reads to answer 404 for other paths (issue #16).
import { ACCOUNT_WEB_ROUTES, STATIC_PAGE_ROUTES, WEB_ROUTES } from '@cairn/contracts';
import type { RouteObject } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountRoutes } from '../../src/account/accountRoutes.tsx';
import { buildRoutes } from '../../src/app/routes.tsx';

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
    expect(pagePaths(buildRoutes(accountRoutes, data)).sort()).toEqual(
      [...Object.values(WEB_ROUTES), ...STATIC_PAGE_ROUTES, ...Object.values(ACCOUNT_WEB_ROUTES)].sort(),
    );
  });
});
