// @vitest-environment jsdom
// Feature under test: a search whose place cannot be found, or lies outside the area, says so on the results screen (issue #14).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { SearchQuery } from '@cairn/contracts';
import ResultsPage from '../../src/results/ResultsPage.tsx';
import { initialResults, isLoading, resultsReducer } from '../../src/search/resultsState.ts';
import { renderRoutes, stubFetch } from '../support/harness.tsx';

const NOT_FOUND = 'We couldn\'t find "Xyzzyqq". Try a town, village, station or street in Cairngorms.';
const OUTSIDE = '"London" is outside the area this planner covers: Cairngorms. Try a place in the area.';

const query = (hash: string): SearchQuery => ({
  hash,
  origin_address: 'Xyzzyqq',
  destination_address: 'London',
  out_departure_at: '2026/11/24 09:00:00',
  return_departure_at: null,
  arrive_at_time: null,
  return_time: null,
  results_retrieved: 0,
  status: 'done',
  has_return: false,
  place_errors: { origin: [NOT_FOUND], destination: [OUTSIDE] },
});

/** An EventSource that announces no journeys, with the place errors. */
class AnnouncingEventSource {
  listeners = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    setTimeout(() => {
      const data = JSON.stringify({ journey_count: 0, place_errors: query('x').place_errors });
      this.listeners.get('results.retrieved')?.(new MessageEvent('results.retrieved', { data }));
    }, 0);
  }
  addEventListener(name: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(name, fn);
  }
  close() {}
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('place errors on the results screen', () => {
  it('the reducer keeps them from results.retrieved or the stored query, and loading ends', () => {
    const errors = { origin: [NOT_FOUND] };
    const s = resultsReducer(initialResults, { type: 'retrieved', count: 0, placeErrors: errors });
    expect(s.placeErrors).toEqual(errors);
    expect(isLoading(s)).toBe(false);
    const snap = resultsReducer(initialResults, {
      type: 'snapshot',
      journeys: [],
      expected: 0,
      failed: null,
      query: query('h'),
    });
    expect(snap.placeErrors).toEqual(query('h').place_errors);
  });

  it('shows each message instead of the bare "No search results", with a way to change the places', async () => {
    const hash = 'c'.repeat(32);
    vi.stubGlobal('EventSource', AnnouncingEventSource);
    stubFetch((_method, url) =>
      url.pathname === `/v1/journey-planner/search/${hash}`
        ? { body: { data: { journeys: [], query: query(hash) } } }
        : undefined,
    );
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    expect(await screen.findByRole('heading', { name: "We couldn't plan this journey" })).toBeTruthy();
    expect(screen.getByText(NOT_FOUND)).toBeTruthy();
    expect(screen.getByText(OUTSIDE)).toBeTruthy();
    expect(screen.queryByText('No search results')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Change origin or destination' })).toBeTruthy();
  });
});
