// @vitest-environment jsdom
// Feature under test: the Results route's loader starts a search's stream and snapshot before the
// page's code has arrived, and the page takes them over instead of starting its own (issue #20).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import ResultsPage from '../../src/results/ResultsPage.tsx';
import { noteSubmitted, prefetchResults, resultsDelayFor } from '../../src/search/resultsStore.ts';
import { loadJourney } from '../../../contracts/test/fixtures.ts';
import { renderRoutes, storedQuery, stubFetch } from '../support/harness.tsx';
import { streamTestSetup, TestEventSource } from '../support/testEventSource.ts';

streamTestSetup();

/** Serves the search's snapshot with one journey; returns the reads of that snapshot. */
function serve(hash: string) {
  const journey = { ...loadJourney('walk-bus-walk-return'), return: null };
  const calls = stubFetch((_method, url) =>
    url.pathname === `/v1/journey-planner/search/${hash}`
      ? { body: { data: { journeys: [journey], query: storedQuery(hash) } } }
      : undefined,
  );
  return () => calls.filter((c) => c.url.pathname === `/v1/journey-planner/search/${hash}`).length;
}

const route = [{ path: '/search/:hash/results', element: <ResultsPage /> }];

describe('results started by the route', () => {
  it('the page shows the snapshot read under way, with no second read or stream', async () => {
    const hash = 'a'.repeat(32);
    const reads = serve(hash);
    prefetchResults(hash, 0);
    expect(reads()).toBe(1);
    expect(TestEventSource.opened).toHaveLength(1);
    renderRoutes(route, `/search/${hash}/results`);
    await screen.findByRole('link', { name: /Option 1/ });
    expect(reads()).toBe(1);
    expect(TestEventSource.opened).toHaveLength(1);
  });

  it('a brand that waits before retrieving results leaves the start to the page, for a search just submitted', () => {
    const hash = 'b'.repeat(32);
    const reads = serve(hash);
    noteSubmitted(hash);
    prefetchResults(hash, 5);
    expect(reads()).toBe(0);
    expect(TestEventSource.opened).toHaveLength(0);
  });

  it("a search opened again (a reload, a shared link) does not wait the brand's delay a second time", () => {
    const hash = 'c'.repeat(32);
    const reads = serve(hash);
    expect(resultsDelayFor(hash, 10)).toBe(0);
    prefetchResults(hash, 10);
    expect(reads()).toBe(1);
    noteSubmitted(hash);
    expect(resultsDelayFor(hash, 10)).toBe(10);
  });
});
