// @vitest-environment jsdom
// Feature under test: open results and journey pages follow live running on channel query.{hash}:
// a journey.updated event fetches that journey again and the page changes without a reload (issue #18).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Journey, StepLive } from '@cairn/contracts';
import ResultsPage from '../../src/results/ResultsPage.tsx';
import JourneyPage from '../../src/journey/JourneyPage.tsx';
import { loadJourney } from '../../../contracts/test/fixtures.ts';
import { renderRoutes, storedQuery, stubFetch } from '../support/harness.tsx';
import { busLive, withBus } from '../support/liveFixtures.ts';
import { streamTestSetup, TestEventSource } from '../support/testEventSource.ts';

/** Keeps the map from loading in jsdom: the page never scrolls near it. */
class FarAwayObserver {
  observe() {}
  disconnect() {}
}

streamTestSetup();
beforeEach(() => vi.stubGlobal('IntersectionObserver', FarAwayObserver));

const live = (version: string, patch: Partial<StepLive>) => busLive({ version, ...patch });

/** The fixture journey as a single whose bus runs as `live` says; without it, no live data at all. */
function journeyWith(live?: StepLive, departure = '09:05'): Journey {
  const journey = live ? withBus(live, departure) : loadJourney('walk-bus-walk-return');
  return { ...journey, return: null };
}

/** Serves the search and its one journey as `current()` has it now; counts the journey's fetches. */
function serve(hash: string, current: () => Journey) {
  const calls = stubFetch((_method, url) => {
    if (url.pathname === `/v1/journey-planner/search/${hash}`)
      return { body: { data: { journeys: [current()], query: storedQuery(hash) } } };
    if (url.pathname === `/v1/journey-planner/search/${hash}/${current().id}`)
      return { body: { data: current() } };
    if (url.pathname.startsWith('/v1/journey/viewed/')) return { body: {} };
    return undefined;
  });
  return () => calls.filter((c) => c.url.pathname.endsWith(`/${current().id}`)).length;
}

const fiveLate = live('v1', { status: 'late', departure_delay_sec: 300, arrival_delay_sec: 300 });
const twelveLate = live('v2', { status: 'late', departure_delay_sec: 720, arrival_delay_sec: 720 });

describe('results follow live running', () => {
  it('fetch a journey again on journey.updated and show its new status, keeping the channel open', async () => {
    const hash = '1'.repeat(32);
    let current = journeyWith(fiveLate, '09:10');
    const journeyFetches = serve(hash, () => current);
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    expect(await screen.findByText('5 min late')).toBeTruthy();
    const source = TestEventSource.opened[0]!;
    expect(source.closed).toBe(false);

    // A replayed event of the version shown changes nothing and fetches nothing.
    source.emit('journey.updated', { journeyID: current.id, live_version: 'v1', status: 'changed' });
    current = journeyWith(twelveLate, '09:17');
    source.emit('journey.updated', { journeyID: current.id, live_version: 'v2', status: 'changed' });
    expect(await screen.findByText('12 min late')).toBeTruthy();
    expect(screen.queryByText('5 min late')).toBeNull();
    expect(journeyFetches()).toBe(1);
    expect(source.closed).toBe(false);
  });

  it('close the channel once loaded when no journey has live running', async () => {
    const hash = '2'.repeat(32);
    serve(hash, () => journeyWith());
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
    await screen.findByRole('link', { name: /Option 1/ });
    await waitFor(() => expect(TestEventSource.opened[0]!.closed).toBe(true));
  });
});

describe('an open journey follows live running', () => {
  it('shows a bigger delay, then the banner of a cancellation, without leaving the page', async () => {
    const hash = '3'.repeat(32);
    let current = journeyWith(fiveLate, '09:10');
    serve(hash, () => current);
    const { router } = renderRoutes(
      [{ path: '/search/:hash/results/:journeyId', element: <JourneyPage /> }],
      `/search/${hash}/results/${current.id}`,
    );
    expect(await screen.findAllByText('5 min late')).not.toHaveLength(0);
    const source = TestEventSource.opened.find((s) => s.url === `/v1/realtime/query.${hash}`)!;
    expect(source).toBeTruthy();

    current = journeyWith(twelveLate, '09:17');
    source.emit('journey.updated', { journeyID: current.id, live_version: 'v2', status: 'changed' });
    expect(await screen.findAllByText('12 min late')).not.toHaveLength(0);

    const liveBreak = {
      reason: 'cancelled' as const,
      leg: 'depart' as const,
      step: 1,
      live_version: 'v3',
      replan_from: {
        name: 'Aviemore Station',
        location: { lat: 57.1893, lng: -3.8286 },
        out_time: '2026/11/27 09:00:00',
      },
    };
    current = { ...journeyWith(live('v3', { status: 'cancelled', cancelled: true })), live_break: liveBreak };
    source.emit('journey.updated', {
      journeyID: current.id,
      live_version: 'v3',
      status: 'broken',
      live_break: liveBreak,
    });
    expect(await screen.findByRole('heading', { name: 'The 09:05 bus 31 is cancelled' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Plan again from Aviemore Station' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/search/${hash}/results/${current.id}`);
  });

  it('says live updates are paused when the server ends the stream, reopens it from the last event and catches up', async () => {
    const hash = '5'.repeat(32);
    let current = journeyWith(fiveLate, '09:10');
    serve(hash, () => current);
    renderRoutes(
      [{ path: '/search/:hash/results/:journeyId', element: <JourneyPage /> }],
      `/search/${hash}/results/${current.id}`,
    );
    expect(await screen.findAllByText('5 min late')).not.toHaveLength(0);
    const channel = `/v1/realtime/query.${hash}`;
    const first = TestEventSource.opened.find((s) => s.url === channel)!;
    first.connect();
    first.emit('journey.updated', { journeyID: current.id, live_version: 'v1', status: 'changed' }, '7');
    expect(screen.queryByText(/Live updates paused/)).toBeNull();

    // The server restarts and answers the reconnect with 204: EventSource gives up for good.
    first.fail(true);
    expect(await screen.findByText(/Live updates paused/, {}, { timeout: 5_000 })).toBeTruthy();
    // Meanwhile the bus gets later; the page follows again once a new stream opens.
    current = journeyWith(twelveLate, '09:17');
    await waitFor(() => expect(TestEventSource.opened.length).toBe(2), { timeout: 5_000 });
    const again = TestEventSource.opened[1]!;
    expect(again.url).toBe(`${channel}?last_event_id=7`);
    again.connect();
    expect(await screen.findAllByText('12 min late', {}, { timeout: 5_000 })).not.toHaveLength(0);
    expect(screen.queryByText(/Live updates paused/)).toBeNull();
  });

  it('opens no channel for a journey without live running', async () => {
    const hash = '4'.repeat(32);
    const journey = journeyWith();
    serve(hash, () => journey);
    renderRoutes(
      [{ path: '/search/:hash/results/:journeyId', element: <JourneyPage /> }],
      `/search/${hash}/results/${journey.id}`,
    );
    await screen.findByRole('heading', { name: 'Journey details', level: 1 });
    expect(TestEventSource.opened).toEqual([]);
  });
});
