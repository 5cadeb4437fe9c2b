import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';
import { BrandSettings, type RegionInfo, type SearchQuery } from '@cairn/contracts';
import { ConfigProvider } from '../../src/brand/ConfigContext.tsx';
import { AuthProvider } from '../../src/auth/AuthContext.tsx';
import { FlashBanner, FlashProvider } from '../../src/ui/FlashContext.tsx';

const ROOT = join(import.meta.dirname, '../../../..');

/** The default brand with accounts switched on, as /v1/config would answer it. */
export function accountBrand(): BrandSettings {
  const raw = JSON.parse(readFileSync(join(ROOT, 'brands/default/brand.json'), 'utf8')) as object;
  return BrandSettings.parse({ ...raw, enableUserAccounts: true });
}

/** The region the web tests run in, as /v1/config would answer it. */
export const testRegion: RegionInfo = {
  id: 'test',
  name: 'Test',
  demo: true,
  bbox: [-4, 57, -3, 58],
  center: { lat: 57.2, lng: -3.8 },
  zoom: 12,
  attribution: '',
};

/** The stored query of a finished single search that found one journey. */
export const storedQuery = (hash: string): SearchQuery => ({
  hash,
  origin_address: 'Grampian Road, Aviemore',
  destination_address: 'Glenmore Forest Park',
  out_departure_at: '2026/11/27 08:50:00',
  return_departure_at: null,
  arrive_at_time: null,
  return_time: null,
  results_retrieved: 1,
  status: 'done',
  has_return: false,
});

type Reply = { status?: number; body: unknown };
export type FetchHandler = (
  method: string,
  url: URL,
  body: unknown,
) => Reply | undefined | Promise<Reply | undefined>;

/** Replaces fetch with `handler` (which may answer late); unhandled calls answer 404. Returns the calls made. */
export function stubFetch(handler: FetchHandler) {
  const calls: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const reply = (await handler(method, url, body)) ?? { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** Renders routes at `path` inside the app's providers (brand, auth, flash, query client), in `region`. */
export function renderRoutes(routes: RouteObject[], path: string, region: RegionInfo = testRegion) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <ConfigProvider config={{ brand: accountBrand(), region }}>
      <QueryClientProvider client={client}>
        <AuthProvider enabled>
          <FlashProvider>
            <FlashBanner />
            <RouterProvider router={router} />
          </FlashProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ConfigProvider>,
  );
  return { ...utils, router };
}
