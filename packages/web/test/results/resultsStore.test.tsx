// @vitest-environment jsdom
// Feature under test: opening results decodes each journey once. The channel replays
// journey.processed for journeys the snapshot also carries; the snapshot leaves those being fetched
// one by one undecoded, and still checks every other journey against the contract.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { Journey, SearchQuery } from '@cairn/contracts';
import ResultsPage from '../../src/results/ResultsPage.tsx';
import { loadJourney } from '../../../contracts/test/fixtures.ts';
import { renderRoutes, stubFetch } from '../support/harness.tsx';
import { TestEventSource } from '../support/testEventSource.ts';

beforeEach(() => {
  TestEventSource.opened = [];
  vi.stubGlobal('EventSource', TestEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const single = (id: string): Journey => ({ ...loadJourney('walk-bus-walk-return'), id, return: null });

const queryOf = (hash: string): SearchQuery => ({
  hash,
  origin_address: 'Grampian Road, Aviemore',
  destination_address: 'Glenmore Forest Park',
  out_departure_at: '2026/11/27 08:50:00',
  return_departure_at: null,
  arrive_at_time: null,
  return_time: null,
  results_retrieved: 2,
  status: 'done',
  has_return: false,
});

/**
 * Serves a search of journeys `a` and `b`. The channel announces `announced` while the snapshot is
 * requested; the snapshot carries both, its copy of `a` broken (no steps), which only a decode notices.
 */
function serve(hash: string, announced: string[]) {
  const [a, b] = [single(`${hash}-a`), single(`${hash}-b`)];
  const brokenA = { ...a, depart: { ...a.depart, steps: undefined } };
  stubFetch((_method, url) => {
    if (url.pathname === `/v1/journey-planner/search/${hash}`) {
      for (const id of announced)
        TestEventSource.opened[0]!.emit('journey.processed', { journeyID: `${hash}-${id}` });
      return { body: { data: { journeys: [brokenA, b], query: queryOf(hash) } } };
    }
    for (const journey of [a, b])
      if (url.pathname === `/v1/journey-planner/search/${hash}/${journey.id}`)
        return { body: { data: journey } };
    return undefined;
  });
}

describe('results decode each journey once', () => {
  it('leave undecoded the snapshot copy of a journey being fetched', async () => {
    const hash = '4'.repeat(32);
    serve(hash, ['a']);
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    expect(await screen.findByRole('link', { name: /Option 2/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Option 1/ })).toBeTruthy();
  });

  it('still check a journey nobody fetched: a broken one fails the snapshot', async () => {
    const hash = '5'.repeat(32);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(hash, []);
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('results fetch failed', expect.anything()));
    expect(screen.queryByRole('link', { name: /Option 1/ })).toBeNull();
  });
});
