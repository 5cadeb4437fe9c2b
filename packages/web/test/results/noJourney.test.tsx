// @vitest-environment jsdom
// Feature under test: a search that found nothing says why, from the planner's typed reason, and offers the next action (issue #27).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { NoJourney, type Journey, type SearchQuery } from '@cairn/contracts';
import { loadJourney } from '../../../contracts/test/fixtures.ts';
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

  it('nothing running says when the next bus leaves the stops near the start, or that none does for a week', () => {
    const next = {
      stop: 'Health & Leisure Centre',
      line: 'A',
      towards: 'Freshwater Bay',
      departure: '2026-11-30T09:24:00+00:00',
    };
    // From an older server, which did not say whether the bus goes towards the destination.
    expect(noJourneyCard({ reason: 'no service', date: '2026-11-28', next_departure: next }).text).toContain(
      'The next departure from the stops near the start is A towards Freshwater Bay from Health & Leisure Centre at 09:24 on 2026-11-30.',
    );
    expect(
      noJourneyCard({
        reason: 'no service',
        date: '2026-11-28',
        next_departure: { ...next, reaches_destination: true },
      }).text,
    ).toContain(
      'The next departure from the stops near the start that calls near the destination is A towards Freshwater Bay from Health & Leisure Centre at 09:24 on 2026-11-30.',
    );
    // A bus the other way is not offered as the way to go.
    expect(
      noJourneyCard({
        reason: 'no service',
        date: '2026-11-28',
        next_departure: { ...next, reaches_destination: false },
      }).text,
    ).toContain(
      'Nothing from the stops near the start goes towards the destination without a change in the next 7 days: the next departure there, A towards Freshwater Bay from Health & Leisure Centre at 09:24 on 2026-11-30, does not go that way.',
    );
    expect(noJourneyCard({ reason: 'no service', date: '2026-11-28', next_departure: null }).text).toContain(
      'No public transport leaves the stops near the start in the next 7 days.',
    );
  });

  it('no way back because every way there arrives after the return time says when the first arrives', () => {
    const card = noJourneyCard({ reason: 'no return', first_arrival: '2026-12-02T13:49:00+00:00' });
    expect(card.text).toBe(
      'Every way there arrives after the return time you chose: the first arrives at 13:49 on 2026-12-02.',
    );
    expect(card.action).toMatch(/^Change /);
    expect(noJourneyCard({ reason: 'no return' }).text).toContain('none with a way back');
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
      screen.getByText(/No service runs between the stops near these places at that time on 2026-11-29/),
    ).toBeTruthy();
    expect(screen.queryByText('No search results')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Change the date or time' })).toBeTruthy();
  });
});

describe('a return search that lost every public-transport option (issue 31)', () => {
  const wbw = loadJourney('walk-bus-walk-return');
  const taxi = loadJourney('taxi-single');
  const returnQuery = (hash: string): SearchQuery => ({
    ...query(hash, { reason: 'no service' }),
    no_journey: undefined,
    return_departure_at: '2026/11/29 21:30:00',
    return_time: '2026/11/29 21:30:00',
    has_return: true,
    results_retrieved: 2,
  });
  const showResults = (hash: string, journeys: Journey[]) => {
    vi.stubGlobal('EventSource', SilentEventSource);
    stubFetch((_method, url) =>
      url.pathname === `/v1/journey-planner/search/${hash}`
        ? { body: { data: { journeys, query: returnQuery(hash) } } }
        : undefined,
    );
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
  };

  it('says plainly that nothing by public transport comes back, named above the bus-and-taxi options, and offers to change the return time', async () => {
    const hash = 'e'.repeat(32);
    // There by bus, back by taxi: the shape of a late-evening return on the demo.
    const taxiBack = { ...wbw, id: 'bus-taxi', return: { ...wbw.return!, steps: taxi.depart.steps } };
    showResults(hash, [taxiBack, taxi]);
    const heading = await screen.findByRole('heading', { name: 'No public transport back at 21:30' });
    expect(heading.parentElement!.textContent).toContain(
      'No bus, train or other public transport brings you back at 21:30',
    );
    // The status line above the options names it, so a traveller reads it before the taxis; the
    // note itself follows the options, known only once the last is in, so it moves none of them.
    const cards = screen.getByRole('list', { name: 'Journey options' });
    const status = screen.getByText('No public transport back at 21:30', { selector: '[role="status"]' });
    expect(status.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(heading.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change the return time' }));
    expect(await screen.findByRole('dialog', { name: 'Edit journey' })).toBeTruthy();
  });

  it('says nothing when an option rides a bus, or booked demand-responsive transport', async () => {
    showResults('f'.repeat(32), [taxi, wbw]);
    expect(await screen.findByRole('heading', { name: /Option 2/ })).toBeTruthy();
    expect(screen.queryByText(/No public transport/)).toBeNull();
    cleanup();
    const drtBack = {
      ...wbw,
      id: 'bus-drt',
      return: { ...wbw.return!, steps: loadJourney('drt-bus').depart.steps },
    };
    showResults('0'.repeat(32), [taxi, drtBack]);
    expect(await screen.findByRole('heading', { name: /Option 2/ })).toBeTruthy();
    expect(screen.queryByText(/No public transport/)).toBeNull();
  });
});

describe('options none of which is by public transport, and the server says why (no_public_transport)', () => {
  const taxi = loadJourney('taxi-single');
  const wbw = loadJourney('walk-bus-walk-return');
  // Dufftown → Nethy Bridge on a Tuesday: bus 366 runs on Wednesdays and Fridays only.
  const why: NoJourney = {
    reason: 'no service',
    date: '2026-12-01',
    next_departure: {
      stop: 'Dufftown, Balvenie Street',
      line: '366',
      towards: 'Keith',
      departure: '2026-12-02T09:14:00+00:00',
      reaches_destination: false,
    },
  };
  const showResults = (hash: string, journeys: Journey[]) => {
    vi.stubGlobal('EventSource', SilentEventSource);
    stubFetch((_method, url) =>
      url.pathname === `/v1/journey-planner/search/${hash}`
        ? {
            body: {
              data: {
                journeys,
                query: {
                  ...query(hash, why),
                  no_journey: undefined,
                  no_public_transport: why,
                  results_retrieved: journeys.length,
                },
              },
            },
          }
        : undefined,
    );
    renderRoutes([{ path: '/search/:hash/results', element: <ResultsPage /> }], `/search/${hash}/results`);
  };

  it('says that no public transport runs that day, names the next bus from the start, and offers to change the date', async () => {
    showResults('1'.repeat(32), [taxi]);
    const heading = await screen.findByRole('heading', { name: 'No public transport for this trip' });
    const text = heading.parentElement!.textContent ?? '';
    expect(text).toContain(
      'No bus, train or other public transport runs between the stops near these places at that time on 2026-12-01',
    );
    expect(text).toContain(
      '366 towards Keith from Dufftown, Balvenie Street at 09:14 on 2026-12-02, does not go that way',
    );
    // The option stays listed: the note is beside it, not instead of it.
    expect(screen.getByRole('list', { name: 'Journey options' }).textContent).not.toBe('');
    expect(screen.queryByText('No search results')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change the date or time' }));
    expect(await screen.findByRole('dialog', { name: 'Edit journey' })).toBeTruthy();
  });

  it('says nothing of it when an option rides a bus after all', async () => {
    showResults('2'.repeat(32), [taxi, wbw]);
    expect(await screen.findByRole('heading', { name: /Option 2/ })).toBeTruthy();
    expect(screen.queryByText(/No public transport/)).toBeNull();
  });
});
