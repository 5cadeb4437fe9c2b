// @vitest-environment jsdom
// Feature under test: opening results reads each journey once. The channel replays journey.processed
// for journeys the snapshot also carries; those are not fetched (and decoded) a second time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
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
});

const single = (name: string, id: string): Journey => ({ ...loadJourney(name), id, return: null });

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
 * Serves a search of two journeys whose snapshot holds only the first (`snapshotStatus` 200) or
 * fails; the channel announces both while the snapshot is being read. Answers each journey's fetches.
 */
function serve(hash: string, snapshotStatus: number) {
  const [first, second] = [
    single('walk-bus-walk-return', `${hash}-a`),
    single('walk-bus-walk-return', `${hash}-b`),
  ];
  const calls = stubFetch((_method, url) => {
    if (url.pathname === `/v1/journey-planner/search/${hash}`) {
      const source = TestEventSource.opened[0]!;
      for (const journey of [first, second]) source.emit('journey.processed', { journeyID: journey.id });
      if (snapshotStatus !== 200) return { status: snapshotStatus, body: { message: 'Server error' } };
      return { body: { data: { journeys: [first], query: queryOf(hash) } } };
    }
    for (const journey of [first, second])
      if (url.pathname === `/v1/journey-planner/search/${hash}/${journey.id}`)
        return { body: { data: journey } };
    return undefined;
  });
  return (journey: 'a' | 'b') => calls.filter((c) => c.url.pathname.endsWith(`/${hash}-${journey}`)).length;
}

describe('results read each journey once', () => {
  it('fetch only the announced journey the snapshot lacks', async () => {
    const hash = '4'.repeat(32);
    const journeyFetches = serve(hash, 200);
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    expect(await screen.findByRole('link', { name: /Option 2/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Option 1/ })).toBeTruthy();
    expect(journeyFetches('a')).toBe(0);
    expect(journeyFetches('b')).toBe(1);
  });

  it('fetch every announced journey when the snapshot fails', async () => {
    const hash = '5'.repeat(32);
    const journeyFetches = serve(hash, 500);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    expect(await screen.findByRole('link', { name: /Option 2/ })).toBeTruthy();
    expect(journeyFetches('a')).toBe(1);
    expect(journeyFetches('b')).toBe(1);
  });
});
