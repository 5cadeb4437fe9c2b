// @vitest-environment jsdom
// Feature under test: issue 30 finding 6 — when the server's event stream slots are full it
// refuses the stream (429 or 503) and the Results page waited forever. It now reads the results
// again every few seconds until they have all arrived.
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { Journey, SearchQuery } from '@cairn/contracts';
import ResultsPage from '../../src/results/ResultsPage.tsx';
import { loadJourney } from '../../../contracts/test/fixtures.ts';
import { renderRoutes, storedQuery, stubFetch } from '../support/harness.tsx';
import { streamTestSetup, TestEventSource } from '../support/testEventSource.ts';

streamTestSetup();

const journeys: Journey[] = ['walk-bus-walk-return', 'taxi-single'].map((name) => loadJourney(name));

describe('results whose stream the server refused', () => {
  it('are read again until the search has finished, then no more', async () => {
    const hash = 'c'.repeat(32);
    let planned = false;
    const calls = stubFetch(async (_method, url) => {
      if (url.pathname !== `/v1/journey-planner/search/${hash}`) return undefined;
      const query: SearchQuery = planned
        ? { ...storedQuery(hash), results_retrieved: journeys.length }
        : { ...storedQuery(hash), results_retrieved: null, status: 'planning' };
      return { body: { data: { journeys: planned ? journeys : [], query } } };
    });
    const reads = () => calls.filter((c) => c.url.pathname === `/v1/journey-planner/search/${hash}`).length;
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    await waitFor(() => expect(TestEventSource.opened).toHaveLength(1));
    await waitFor(() => expect(reads()).toBe(1));
    TestEventSource.opened[0]!.refuse();
    await waitFor(() => expect(reads()).toBe(2), { timeout: 8_000 });
    planned = true;
    await waitFor(() => expect(document.querySelectorAll('.journey-card')).toHaveLength(journeys.length), {
      timeout: 8_000,
    });
    const afterDone = reads();
    await new Promise((done) => setTimeout(done, 3_500));
    expect(reads()).toBe(afterDone);
  }, 30_000);
});
