// @vitest-environment jsdom
// Feature under test: live running on result cards and journey details — status in words, timetable
// time struck through, alerts, the banner of a broken journey and its re-plan (issue #18).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Journey, LiveBreak, SearchQuery } from '@cairn/contracts';
import { JourneyCard } from '../../src/results/JourneyCard.tsx';
import { StepGuide } from '../../src/journey/StepGuide.tsx';
import { LiveBreakBanner } from '../../src/journey/LiveBreakBanner.tsx';
import { breakSentence, liveLabel, liveLegArrival, liveStopTimes } from '../../src/journey/liveText.ts';
import { SummaryCard } from '../../src/journey/SummaryCard.tsx';
import { replanRequest } from '../../src/journey/replan.ts';
import { loadJourney } from '../../../contracts/test/fixtures.ts';
import { renderRoutes, stubFetch } from '../support/harness.tsx';
import { busLive, withBus } from '../support/liveFixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ALERT = {
  id: 'alert-1',
  header: 'Roadworks on Ski Road',
  description: 'Buses call at the temporary stop opposite the visitor centre.',
  url: 'https://buses.example/roadworks',
  effect: 'DETOUR',
};

const late = busLive({ status: 'late', departure_delay_sec: 300, arrival_delay_sec: 240, alerts: [ALERT] });
const cancelled: LiveBreak = {
  reason: 'cancelled',
  leg: 'depart',
  step: 1,
  live_version: 'v2',
  replan_from: {
    name: 'Aviemore Station',
    location: { lat: 57.1893, lng: -3.8286 },
    out_time: '2026/11/27 09:00:00',
  },
};

function card(journey: Journey) {
  return render(
    <MemoryRouter>
      <JourneyCard hash="h" journey={journey} position={1} />
    </MemoryRouter>,
  );
}

describe('the status of a ride in words', () => {
  it('says late and early in whole minutes, on time, cancelled, stop closed and extra services', () => {
    expect(liveLabel(late)).toEqual({ text: '5 min late', tone: 'warn' });
    expect(liveLabel(busLive({ status: 'early', departure_delay_sec: -120 }))).toEqual({
      text: '2 min early',
      tone: 'warn',
    });
    // Boarding on time but arriving late: the arrival's delay is the one that matters.
    expect(
      liveLabel(busLive({ status: 'late', departure_delay_sec: 20, arrival_delay_sec: 420 }))?.text,
    ).toBe('7 min late');
    expect(liveLabel(busLive())).toEqual({ text: 'On time', tone: 'good' });
    expect(liveLabel(busLive({ status: 'cancelled', cancelled: true }))).toEqual({
      text: 'Cancelled',
      tone: 'bad',
    });
    expect(liveLabel(busLive({ stop_skipped: true }))).toEqual({ text: 'Stop closed', tone: 'bad' });
    expect(liveLabel(busLive({ status: 'added' }))?.text).toBe('Extra service');
    expect(liveLabel(busLive({ status: 'scheduled' }))).toBeNull();
  });

  it('names a broken journey by its ride, its change, or a skipped stop', () => {
    const journey = withBus(busLive({ status: 'cancelled', cancelled: true }));
    expect(breakSentence(journey, cancelled)).toBe('The 09:05 bus 31 is cancelled');
    expect(breakSentence(journey, { ...cancelled, reason: 'missed change' })).toBe(
      'You would miss your change at Aviemore Station',
    );
    expect(breakSentence(journey, { ...cancelled, reason: 'stop skipped' })).toBe(
      'The 09:05 bus 31 will not stop where you get on or off',
    );
  });
});

describe('when a leg now arrives', () => {
  it('moves the planned arrival by how far the last ride moved against the step after it', () => {
    // The fixture: bus 09:05–09:25, then a walk 09:25–09:32; the bus now arrives at 09:29.
    expect(liveLegArrival(withBus(late, '09:10', '09:29').depart)).toEqual({
      time: '09:36',
      planned: '09:32',
    });
    expect(liveLegArrival(withBus(busLive({ status: 'early' }), '09:03', '09:22').depart)).toEqual({
      time: '09:29',
      planned: '09:32',
    });
  });

  it('stays as planned when the journey was planned on the same live times, the ride is cancelled, or has no live data', () => {
    const plannedLate = withBus(late, '09:10', '09:29');
    const steps = plannedLate.depart.steps.map((step, i) =>
      i === 2 ? { ...step, departure_time: '09:29' } : step,
    );
    expect(liveLegArrival({ ...plannedLate.depart, steps, arrival_at: '09:36' })).toBeNull();
    expect(liveLegArrival(withBus(busLive({ status: 'cancelled', cancelled: true })).depart)).toBeNull();
    expect(liveLegArrival(loadJourney('walk-bus-walk-return').depart)).toBeNull();
  });
});

describe('a result card with live running', () => {
  it('shows the delay, the timetable time struck through beside the live one, and the alert header', () => {
    card(withBus(late, '09:10', '09:29'));
    const status = screen.getByRole('status');
    expect(within(status).getByText('5 min late')).toBeTruthy();
    expect(status.querySelector('s')?.textContent).toBe('timetabled 09:05');
    expect(status.textContent).toContain('09:10');
    expect(within(status).getByText('Roadworks on Ski Road')).toBeTruthy();
    // The card lists headers only; the full text is on the journey page.
    expect(screen.queryByText(ALERT.description)).toBeNull();
    expect(screen.getByRole('article').className).toContain('live-card-warn');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(
      'Option 1: 08:50 – timetabled 09:32 now 09:36, walk, bus 31, walk',
    );
  });

  it('says On time without striking anything through', () => {
    card(withBus(busLive()));
    expect(within(screen.getByRole('status')).getByText('On time')).toBeTruthy();
    expect(document.querySelector('s')).toBeNull();
  });

  it('says a cancelled journey no longer works', () => {
    card(
      withBus(busLive({ status: 'cancelled', cancelled: true, version: 'v2' }), '09:05', '09:25', cancelled),
    );
    const status = screen.getByRole('status');
    expect(within(status).getByText('Cancelled')).toBeTruthy();
    expect(status.textContent).toContain('This journey no longer works: The 09:05 bus 31 is cancelled.');
    expect(screen.getByRole('article').className).toContain('live-card-bad');
  });

  it('is unchanged without live data', () => {
    card(loadJourney('walk-bus-walk-return'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('article').className).toBe('journey-card');
  });
});

describe('journey details with live running', () => {
  it('shows the status, timetable and live times, and each alert in full with its link', () => {
    const journey = withBus(late, '09:10', '09:29');
    render(
      <StepGuide
        depart={journey.depart}
        ret={null}
        showReturn={false}
        origin={journey.origin}
        destination={journey.destination}
        appointmentMinutes={null}
        onStep={() => {}}
      />,
    );
    const status = screen.getByRole('status');
    expect(within(status).getByText('5 min late')).toBeTruthy();
    expect(status.textContent).toContain('Departs timetabled 09:05 now 09:10');
    expect(status.textContent).toContain('Arrives timetabled 09:25 now 09:29');
    expect(within(status).getByText(ALERT.description)).toBeTruthy();
    const link = within(status).getByRole('link', { name: /More about this alert/ });
    expect(link.getAttribute('href')).toBe(ALERT.url);
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});

describe('every view of a journey runs on the live times', () => {
  const elevenLate = busLive({
    status: 'late',
    departure_delay_sec: 660,
    arrival_delay_sec: 660,
    alerts: [ALERT],
  });
  const journey = withBus(elevenLate, '09:16', '09:36');

  it("moves the stage view's stop times with the delay, beside the timetable ones", () => {
    expect(liveStopTimes(journey.depart.steps[1]!)).toEqual([
      { time: '09:16', scheduled: '09:05' },
      { time: '09:36', scheduled: '09:25' },
    ]);
    const cancelledBus = withBus(busLive({ status: 'cancelled', cancelled: true }));
    expect(liveStopTimes(cancelledBus.depart.steps[1]!).map((t) => t.scheduled)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it('puts the delay and the alerts in the summary, not only in the step guide', () => {
    render(<SummaryCard journey={journey} showReturn={false} hospitalDeparture={false} />);
    expect(screen.getByText('11 min late')).toBeTruthy();
    expect(screen.getByText(ALERT.header)).toBeTruthy();
    cleanup();
    // A leg that starts with the late bus sets off at its live time.
    const fromTheStop = {
      ...journey,
      depart: { ...journey.depart, steps: journey.depart.steps.slice(1), departure_at: '09:05' },
    };
    render(<SummaryCard journey={fromTheStop} showReturn={false} hospitalDeparture={false} />);
    const depart = screen.getByText('Depart').nextElementSibling!;
    expect(depart.textContent).toBe('timetabled 09:05 now 09:16');
  });

  it('gives the duration between the live times shown, on the card and in the summary', () => {
    // Planned 08:50–09:32 (42 mins); the bus now reaches the stop 11 minutes late, so 09:43.
    card(journey);
    expect(screen.getByText('Duration').nextElementSibling!.textContent).toBe('53 mins');
    cleanup();
    // Leaving on the late bus itself: 09:16–09:43.
    const fromTheStop = {
      ...journey,
      depart: { ...journey.depart, steps: journey.depart.steps.slice(1), departure_at: '09:05' },
    };
    card(fromTheStop);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(
      /^Option 1: timetabled 09:05 now 09:16 – /,
    );
    expect(screen.getByText('Duration').nextElementSibling!.textContent).toBe('27 mins');
    cleanup();
    render(<SummaryCard journey={fromTheStop} showReturn={false} hospitalDeparture={false} />);
    expect(screen.getByText('Duration').nextElementSibling!.textContent).toBe('27 mins');
  });
});

const query: SearchQuery = {
  hash: 'a'.repeat(32),
  origin_address: 'Grampian Road, Aviemore',
  destination_address: 'Glenmore Forest Park',
  out_departure_at: '2026/11/27 08:50:00',
  return_departure_at: '2026/11/27 16:20:00',
  arrive_at_time: null,
  return_time: '2026/11/27 16:20:00',
  results_retrieved: 3,
  status: 'done',
  has_return: true,
  step_free: true,
};
const NOW = new Date('2026-11-27T08:00:00');

describe('re-planning a broken journey', () => {
  // The banner reads the clock: it must see the morning of the journey on any day the suite runs.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  const journey = withBus(busLive({ status: 'cancelled', cancelled: true }), '09:05', '09:25', cancelled);

  it('searches from where the traveller will be to the destination, keeping the options and a later return', () => {
    const request = replanRequest(query, journey, cancelled, null, NOW);
    expect(request).toMatchObject({
      origin: 'Aviemore Station',
      origin_location: cancelled.replan_from.location,
      destination: 'Glenmore Forest Park',
      destination_location: journey.destination_location,
      out_time: '2026/11/27 09:00:00',
      return_time: '2026/11/27 16:20:00',
      step_free: true,
    });
    expect(request.arrive_by).toBeUndefined();
  });

  it('goes back to the origin as a single when the return leg broke, and drops a return already past', () => {
    const onReturn = {
      ...cancelled,
      leg: 'return' as const,
      replan_from: { ...cancelled.replan_from, out_time: '2026/11/27 16:40:00' },
    };
    expect(replanRequest(query, journey, onReturn, null, NOW)).toMatchObject({
      destination: 'Grampian Road, Aviemore',
      destination_location: journey.origin_location,
      return_time: null,
    });
    const late = { ...cancelled, replan_from: { ...cancelled.replan_from, out_time: '2026/11/27 17:00:00' } };
    expect(replanRequest(query, journey, late, null, NOW).return_time).toBeNull();
  });

  it('leaves now, not in the past, when the break is read after the time to re-plan from', () => {
    const passed = {
      ...cancelled,
      replan_from: { ...cancelled.replan_from, out_time: '2026/11/27 07:50:00' },
    };
    const later = new Date(2026, 10, 27, 8, 5, 30);
    expect(replanRequest(query, journey, passed, null, later).out_time).toBe('2026/11/27 08:05:30');
  });

  it('the banner says why and its button starts that search, then opens its results', async () => {
    const calls = stubFetch((method, url) => {
      if (url.pathname === `/v1/journey-planner/search/${query.hash}`)
        return { body: { data: { journeys: [journey], query } } };
      if (method === 'POST' && url.pathname === '/v1/journey-planner/search')
        return { body: { data: { hash: 'b'.repeat(32) } } };
      return undefined;
    });
    const { router } = renderRoutes(
      [
        {
          path: '/search/:hash/results/:journeyId',
          element: <LiveBreakBanner hash={query.hash} journey={journey} liveBreak={cancelled} />,
        },
        { path: '/search/:hash/results', element: <p>new results</p> },
      ],
      `/search/${query.hash}/results/${journey.id}`,
    );
    expect(screen.getByRole('alert').textContent).toContain('The 09:05 bus 31 is cancelled');
    fireEvent.click(screen.getByRole('button', { name: 'Plan again from Aviemore Station' }));
    expect(await screen.findByText('new results')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/search/${'b'.repeat(32)}/results`);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ origin: 'Aviemore Station', out_time: '2026/11/27 09:00:00' });
  });

  it('says why when the new search is refused, and stays on the journey', async () => {
    stubFetch((method, url) => {
      if (url.pathname === `/v1/journey-planner/search/${query.hash}`)
        return { body: { data: { journeys: [journey], query } } };
      if (method === 'POST')
        return {
          status: 422,
          body: { message: 'Invalid search.', errors: { out_time: ['The time must be in the future.'] } },
        };
      return undefined;
    });
    renderRoutes(
      [
        {
          path: '/search/:hash/results/:journeyId',
          element: <LiveBreakBanner hash={query.hash} journey={journey} liveBreak={cancelled} />,
        },
      ],
      `/search/${query.hash}/results/${journey.id}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Plan again from Aviemore Station' }));
    expect(await screen.findByText('The time must be in the future.')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Plan again/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});
