// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import type { Campaign } from '@cairn/contracts';
import { CampaignPopup } from '../../src/campaigns/CampaignPopup.tsx';
import { IMPRESSIONS_KEY } from '../../src/campaigns/impressions.ts';
import { renderRoutes, stubFetch } from '../support/harness.tsx';

const CAMPAIGN: Campaign = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Winter bus timetable',
  text: 'New winter times start on Monday.',
  url: 'https://operator.example/winter',
  url_button_text: 'See the times',
  thumbnail: null,
  appear_on: ['journey-results'],
  end_at: '2099-01-01T00:00:00.000Z',
};
const VIEW_ID = '22222222-2222-4222-8222-222222222222';

const opened: string[] = [];
const routes: RouteObject[] = [
  {
    element: (
      <>
        <CampaignPopup openWindow={(url) => opened.push(url)} />
        <Outlet />
      </>
    ),
    children: [
      { path: '/', element: <h1>Home</h1>, handle: { campaign: 'journey-planner' } },
      { path: '/search/:hash/results', element: <h1>Results</h1>, handle: { campaign: 'journey-results' } },
      { path: '/about', element: <h1>About</h1> },
    ],
  },
];

let campaigns: Campaign[] = [];
const stub = () =>
  stubFetch((method, url, body) => {
    if (url.pathname === '/v1/campaign')
      return {
        body: { data: campaigns, meta: { total: campaigns.length, page: 1, per_page: 1, last_page: 1 } },
      };
    if (method === 'POST' && url.pathname === `/v1/campaign/${CAMPAIGN.id}/impression`) {
      const action = (body as { action: string }).action;
      return {
        status: 201,
        body: {
          data: {
            id: action === 'view' ? VIEW_ID : '33333333-3333-4333-8333-333333333333',
            expires_at: CAMPAIGN.end_at,
          },
        },
      };
    }
    return undefined;
  });

beforeEach(() => {
  localStorage.clear();
  opened.length = 0;
  campaigns = [CAMPAIGN];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('campaign popup (SPEC §4)', () => {
  it('drops stale impressions on start and sends the fresh ones with the fetch', async () => {
    const fresh = {
      id: '44444444-4444-4444-8444-444444444444',
      expires_at: new Date(Date.now() - 3600_000).toISOString(),
    };
    const stale = {
      id: '55555555-5555-4555-8555-555555555555',
      expires_at: new Date(Date.now() - 3 * 24 * 3600_000).toISOString(),
    };
    localStorage.setItem(IMPRESSIONS_KEY, JSON.stringify([fresh, stale]));
    const calls = stub();
    renderRoutes(routes, '/');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/v1/campaign')).toBe(true));
    const fetch = calls.find((c) => c.url.pathname === '/v1/campaign')!;
    expect(Object.fromEntries(fetch.url.searchParams)).toEqual({
      order_by: 'end_at',
      order: 'asc',
      per_page: '1',
      impression_ids: fresh.id,
    });
    expect(JSON.parse(localStorage.getItem(IMPRESSIONS_KEY)!)).toEqual([fresh]);
  });

  it('shows only on its placement, records one view, and the button records a clickthrough and opens the url', async () => {
    const calls = stub();
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/v1/campaign')).toBe(true));
    expect(screen.queryByText('Winter bus timetable')).toBeNull();
    await act(() => router.navigate('/search/abc/results'));
    expect(await screen.findByRole('heading', { name: 'Winter bus timetable' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(IMPRESSIONS_KEY)).toContain(VIEW_ID));
    await act(() => router.navigate('/about'));
    expect(screen.queryByText('Winter bus timetable')).toBeNull();
    await act(() => router.navigate('/search/abc/results'));
    fireEvent.click(await screen.findByRole('button', { name: /See the times/ }));
    expect(opened).toEqual([CAMPAIGN.url]);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { campaign_id: CAMPAIGN.id, action: 'view', impression_id: null },
      { campaign_id: CAMPAIGN.id, action: 'clickthrough', impression_id: VIEW_ID },
    ]);
    expect(screen.queryByText('Winter bus timetable')).toBeNull();
    expect(Object.keys(localStorage)).toEqual([IMPRESSIONS_KEY]);
  });

  it('Close (no url) hides it for good in this visit', async () => {
    campaigns = [{ ...CAMPAIGN, url: null, url_button_text: null, appear_on: ['journey-planner'] }];
    const calls = stub();
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByRole('heading', { name: 'Winter bus timetable' })).toBeTruthy();
    fireEvent.click(screen.getByText('Close'));
    expect(screen.queryByText('Winter bus timetable')).toBeNull();
    await act(() => router.navigate('/about'));
    await act(() => router.navigate('/'));
    expect(screen.queryByText('Winter bus timetable')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(opened).toEqual([]);
  });

  it('is not active unless exactly one campaign comes back', async () => {
    campaigns = [CAMPAIGN, { ...CAMPAIGN, id: '66666666-6666-4666-8666-666666666666' }];
    const calls = stub();
    const { router } = renderRoutes(routes, '/search/x/results');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/v1/campaign')).toBe(true));
    await act(() => router.navigate('/about'));
    await act(() => router.navigate('/search/x/results'));
    expect(screen.queryByText('Winter bus timetable')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
