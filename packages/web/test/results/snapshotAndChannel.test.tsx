// @vitest-environment jsdom
// Feature under test: a finished search's results come from its snapshot; the journeys the channel
// replays meanwhile are not fetched and decoded a second time, unless the snapshot is slow, when
// they stream in one by one (issue #20: no wasted work on a weak signal).
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Journey, SearchQuery } from '@cairn/contracts';
import ResultsPage from '../../src/results/ResultsPage.tsx';
import { loadJourney } from '../../../contracts/test/fixtures.ts';
import { renderRoutes, storedQuery, stubFetch } from '../support/harness.tsx';
import { streamTestSetup, TestEventSource } from '../support/testEventSource.ts';

streamTestSetup();

const journeys: Journey[] = ['walk-bus-walk-return', 'taxi-single'].map((name) => loadJourney(name));

const queryOf = (hash: string): SearchQuery => ({ ...storedQuery(hash), results_retrieved: journeys.length });

/** Serves the search's snapshot when `snapshotSent` resolves; answers which journeys were fetched alone. */
function serve(hash: string, snapshotSent: Promise<void>) {
  const calls = stubFetch(async (_method, url) => {
    if (url.pathname === `/v1/journey-planner/search/${hash}`) {
      await snapshotSent;
      return { body: { data: { journeys, query: queryOf(hash) } } };
    }
    const alone = journeys.find((j) => url.pathname === `/v1/journey-planner/search/${hash}/${j.id}`);
    return alone ? { body: { data: alone } } : undefined;
  });
  return () => calls.filter((c) => /\/search\/[0-9a-f]+\/.+/.test(c.url.pathname)).length;
}

function replayChannel() {
  const source = TestEventSource.opened[0]!;
  source.emit('results.retrieved', { journey_count: journeys.length });
  for (const journey of journeys) source.emit('journey.processed', { journeyID: journey.id });
}

const cards = () => document.querySelectorAll('.journey-card').length;

describe('results of a finished search', () => {
  it('take the journeys the channel replays from the snapshot, without fetching them again', async () => {
    const hash = 'a'.repeat(32);
    let send = (): void => undefined;
    const journeyFetches = serve(hash, new Promise((done) => (send = done)));
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    await waitFor(() => expect(TestEventSource.opened).toHaveLength(1));
    replayChannel();
    send();
    await waitFor(() => expect(cards()).toBe(journeys.length));
    await new Promise((done) => setTimeout(done, 50));
    expect(journeyFetches()).toBe(0);
  });

  it('stream the replayed journeys in one by one when the snapshot is slow', async () => {
    const hash = 'b'.repeat(32);
    const journeyFetches = serve(hash, new Promise(() => undefined));
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    await waitFor(() => expect(TestEventSource.opened).toHaveLength(1));
    replayChannel();
    expect(await screen.findAllByRole('article', {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(cards()).toBe(journeys.length), { timeout: 5_000 });
    expect(journeyFetches()).toBe(journeys.length);
  });
});
