// @vitest-environment jsdom
// Feature under test: the cookie policy page lists the app's stored items from the one registry, at
// the brand's marker, with Analytics and Advertising sections only for brands that set them (ADR 012).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RegionInfo } from '@cairn/contracts';
import { ConfigProvider } from '../../src/brand/ConfigContext.tsx';
import StaticPage from '../../src/pages/StaticPage.tsx';
import { STORED_ITEMS } from '../../src/privacy/storedItems.ts';
import { accountBrand, stubFetch, testRegion } from '../support/harness.tsx';

const region = testRegion;
const MARKDOWN = '# Cookie policy\n\nBefore the list.\n\n<!-- stored-items -->\n\nQuestions: write to us.';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPolicy(settings: { adBannerUrl?: string | null; tagManagerUrl?: string | null } = {}) {
  stubFetch((_m, url) =>
    url.pathname === '/v1/pages/cookie-policy'
      ? { body: { data: { id: 'cookie-policy', title: 'Cookie policy', markdown: MARKDOWN } } }
      : undefined,
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider config={{ brand: { ...accountBrand(), ...settings }, region: region as RegionInfo }}>
      <QueryClientProvider client={client}>
        <StaticPage id="cookie-policy" />
      </QueryClientProvider>
    </ConfigProvider>,
  );
}

describe('cookie policy page', () => {
  it('lists every stored item of the registry where the brand text puts the marker', async () => {
    const { container } = renderPolicy();
    const table = await screen.findByRole('table', {
      name: 'Cookies and storage this site sets in your browser',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')!.textContent)).toEqual(STORED_ITEMS.map((i) => i.name));
    for (const [i, item] of STORED_ITEMS.entries()) expect(rows[i]!.textContent).toContain(item.lasts);
    const text = container.querySelector('article')!.textContent!;
    expect(text.indexOf('Before the list.')).toBeLessThan(text.indexOf(STORED_ITEMS[0]!.name));
    expect(text.indexOf('Questions: write to us.')).toBeGreaterThan(text.indexOf(STORED_ITEMS.at(-1)!.name));
    expect(screen.queryByRole('heading', { name: 'Analytics' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Advertising' })).toBeNull();
  });

  it('names the tag manager and the ad host of a brand that sets them', async () => {
    renderPolicy({
      adBannerUrl: 'https://ads.example.net/slot?size=728x90',
      tagManagerUrl: 'https://tags.example.com/gtm.js?id=GTM-ABC123',
    });
    await screen.findByRole('heading', { name: 'Analytics' });
    expect(screen.getByText(/Only after you press Accept Cookies/).textContent).toContain(
      'https://tags.example.com',
    );
    expect(screen.getByRole('heading', { name: 'Advertising' })).toBeTruthy();
    expect(screen.getByText(/shows an advertisement from/).textContent).toContain('https://ads.example.net');
  });
});
