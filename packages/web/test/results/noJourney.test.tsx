// @vitest-environment jsdom
// Feature under test: a search that found nothing says why, from the planner's typed reason, and offers the next action (issue #27).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { NoJourney, type SearchQuery } from '@cairn/contracts';
import ResultsPage from '../../src/results/ResultsPage.tsx';
import { noJourneyCard } from '../../src/results/noJourneyCards.ts';
import { renderRoutes, stubFetch } from '../support/harness.tsx';

const query = (hash: string, why: NoJourney): SearchQuery => ({
  hash,
  origin_address: 'Laggan',
  destination_address: 'Tomintoul',
  out_departure_at: '2026/11/29 07:00:00',
  return_departure_at: null,
  arrive_at_time: null,
  return_time: null,
  results_retrieved: 0,
  status: 'done',
  has_return: false,
  no_journey: why,
});

/** An EventSource that announces no journeys and says nothing more. */
class SilentEventSource {
  constructor(readonly url: string) {}
  addEventListener() {}
  close() {}
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('why there is no journey', () => {
  it('every reason of the engine has a card that says why and offers an action', () => {
    for (const reason of NoJourney.shape.reason.options) {
      const card = noJourneyCard({ reason });
      expect(card.title.length, reason).toBeGreaterThan(0);
      expect(card.text.length, reason).toBeGreaterThan(0);
      expect(card.action, reason).toMatch(/^Change /);
    }
    expect(noJourneyCard({ reason: 'no stop near', ends: ['destination'] }).text).toContain(
      'the destination',
    );
    expect(noJourneyCard({ reason: 'no service', date: '2026-11-29' }).text).toContain('2026-11-29');
  });

  it('the results page shows the reason of a search that found nothing, not the bare "No search results"', async () => {
    const hash = 'd'.repeat(32);
    vi.stubGlobal('EventSource', SilentEventSource);
    stubFetch((_method, url) =>
      url.pathname === `/v1/journey-planner/search/${hash}`
        ? {
            body: {
              data: { journeys: [], query: query(hash, { reason: 'no service', date: '2026-11-29' }) },
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    expect(await screen.findByRole('heading', { name: 'Nothing runs then' })).toBeTruthy();
    expect(
      screen.getByText(/No service runs from the stops near these places at that time on 2026-11-29/),
    ).toBeTruthy();
    expect(screen.queryByText('No search results')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Change the date or time' })).toBeTruthy();
  });
});
