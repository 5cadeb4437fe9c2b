// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import type { RecentSearchItem, SavedJourneyItem, User } from '@cairn/contracts';
import { accountRoutes } from '../../src/account/accountRoutes.tsx';
import { writeCookie, deleteCookie } from '../../src/privacy/cookies.ts';
import { TOKEN_COOKIE } from '../../src/privacy/storedItems.ts';
import { renderRoutes, stubFetch } from '../support/harness.tsx';

// Built for each router: it clears the route `lazy` it has loaded (lib/drawnWithCodeIn.ts).
const routes = (): RouteObject[] => [
  {
    element: (
      <Suspense fallback={<p>Loading</p>}>
        <Outlet />
      </Suspense>
    ),
    children: [{ path: '/plan/:origin/:destination?', element: <h1>Planner</h1> }, ...accountRoutes()],
  },
];
const USER: User = {
  id: 'u',
  title: 'Mr',
  first_name: 'A',
  last_name: 'B',
  email: 'a@example.org',
  phone_number: null,
  country_code_phone_number: null,
  dob: '1980-01-01',
  profile: {
    has_car_access: true,
    has_concessionary_pass: false,
    has_young_scot_card: false,
    has_new_young_scot_card: false,
    railcard: null,
    user_age: 46,
  },
};

const recent = (i: number): RecentSearchItem => ({
  hash: `h${i}`,
  origin_address: i === 1 ? 'Cairngorm Mountain Base Station Car Park, Glenmore' : `Origin ${i}`,
  destination_address: `Destination ${i}`,
  out_departure_at: '2026/11/23 09:00:00',
  return_departure_at: null,
  created_at: '2026-11-22T10:00:00Z',
});
const saved: SavedJourneyItem = {
  hash: 'hash9',
  journey_id: 'hash9-2',
  origin: 'Aviemore',
  destination_address: 'Braemar',
  is_return: true,
  cost: 'free',
  out_date: '2026-11-23',
  out_time: '08:50',
  out_arrive_time: '10:32',
  return_date: '2026-11-23',
  return_time: '16:10',
  return_arrive_time: '17:55',
  duration_depart: { text: '1 hr 42 mins' },
  duration_return: { text: '1 hr 45 mins' },
  stages: { depart: ['walk', 'own car', 'bus'], return: ['bus', 'walk'] },
  changes: { depart: 0, return: 1 },
};

let recentTotal = 13;
let savedItems: SavedJourneyItem[] = [];
beforeEach(() => {
  writeCookie(TOKEN_COOKIE, 'tok');
  recentTotal = 13;
  savedItems = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  deleteCookie(TOKEN_COOKIE);
});

const stub = () =>
  stubFetch((_m, url) => {
    if (url.pathname === '/v1/users/show') return { body: { data: USER } };
    const page = Number(url.searchParams.get('page'));
    const perPage = Number(url.searchParams.get('per_page'));
    if (url.pathname === '/v1/journey-planner/queries/user') {
      const items = Array.from({ length: recentTotal }, (_, i) => recent(i + 1)).slice(
        (page - 1) * perPage,
        page * perPage,
      );
      return {
        body: {
          data: items,
          meta: { total: recentTotal, page, per_page: perPage, last_page: Math.ceil(recentTotal / perPage) },
        },
      };
    }
    if (url.pathname === '/v1/journey/saved/user') {
      return {
        body: {
          data: savedItems,
          meta: {
            total: savedItems.length,
            page,
            per_page: perPage,
            last_page: Math.ceil(savedItems.length / perPage),
          },
        },
      };
    }
    return undefined;
  });

describe('My Trips', () => {
  it('starts on Recent: hint, 10 a page, truncated addresses, Prev/Next', async () => {
    const calls = stub();
    renderRoutes(routes(), '/searches');
    expect(await screen.findByText('Select a journey to plan again.')).toBeTruthy();
    const list = screen.getAllByRole('list').find((l) => l.classList.contains('trip-list'))!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Cairngorm Mountain Base Station Ca…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(true);
    expect(calls.find((c) => c.url.pathname === '/v1/journey-planner/queries/user')!.url.search).toBe(
      '?per_page=10&page=1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('11–13 of 13')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(false);
  });

  it('a recent search links to the planner prefilled with its ends', async () => {
    recentTotal = 1;
    stub();
    const { router } = renderRoutes(routes(), '/searches');
    fireEvent.click(await screen.findByRole('link', { name: /Plan again/ }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/plan/${encodeURIComponent('Cairngorm Mountain Base Station Car Park, Glenmore')}/Destination%201`,
      ),
    );
  });

  it('shows the empty texts', async () => {
    recentTotal = 0;
    stub();
    renderRoutes(routes(), '/searches');
    expect(await screen.findByText('There are no recent searches')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Saved'));
    expect(await screen.findByText('There are no saved journeys')).toBeTruthy();
  });

  it('Saved lists every field and the stage modes, own car included', async () => {
    savedItems = [saved];
    stub();
    renderRoutes(routes(), '/searches?list=saved');
    expect(await screen.findByText('Select a journey to view details.')).toBeTruthy();
    const card = screen.getByRole('link', { name: 'Aviemore → Braemar' }).closest('li')!;
    expect(screen.getByRole('link', { name: 'Aviemore → Braemar' }).getAttribute('href')).toBe(
      '/search/hash9/results/hash9-2',
    );
    const text = card.textContent!;
    for (const part of [
      'Return',
      'Free',
      '08:50 – 10:32',
      '16:10 – 17:55',
      '1 hr 42 mins',
      '1 hr 45 mins',
      'No changes, return: 1 change',
    ])
      expect(text).toContain(part);
    expect(
      within(screen.getByRole('list', { name: 'Outbound stages' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Walk', 'Own car', 'Bus']);
    expect(within(screen.getByRole('list', { name: 'Return stages' })).getAllByRole('listitem')).toHaveLength(
      2,
    );
    // Named on screen as well: two lists of the same modes side by side said nothing of which is which.
    expect(within(card).getByText('Outbound stages', { selector: 'dt' })).toBeTruthy();
    expect(within(card).getByText('Return stages', { selector: 'dt' })).toBeTruthy();
  });
});
