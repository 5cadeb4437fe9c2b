// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StepGuide } from '../../src/journey/StepGuide.tsx';
import { TaxiModal } from '../../src/journey/modals/TaxiModal.tsx';
import { PricingModal } from '../../src/journey/modals/PricingModal.tsx';
import { TimetableModal, timetableCell } from '../../src/journey/modals/TimetableModal.tsx';
import { LeaveSiteModal } from '../../src/journey/modals/LeaveSiteModal.tsx';
import { CarClubPromo } from '../../src/journey/CarClubPromo.tsx';
import { PoiCards } from '../../src/journey/PoiCards.tsx';
import { loadJourney } from '../../../contracts/test/fixtures.ts';

afterEach(cleanup);
const wbw = loadJourney('walk-bus-walk-return');
const taxi = loadJourney('taxi-single');

describe('step-by-step guide', () => {
  it('shows steps, Arrive at the destination, return steps and Return Home', () => {
    render(
      <StepGuide
        depart={wbw.depart}
        ret={wbw.return}
        showReturn
        origin={wbw.origin}
        destination={wbw.destination}
        appointmentMinutes={null}
        onStep={() => {}}
      />,
    );
    expect(screen.getByText('Arrive at the destination')).toBeTruthy();
    expect(screen.getByText('Return Home')).toBeTruthy();
    expect(screen.queryByText('Attend Appointment')).toBeNull();
    expect(screen.getAllByText('Stage details', { exact: false })).toHaveLength(6);
  });
  it('shows the climb and descent of a walk or ride when the engine reports them', () => {
    const step = { ...wbw.depart.steps[0]!, ascent_m: 477, descent_m: 55 };
    render(
      <StepGuide
        depart={{ ...wbw.depart, steps: [step] }}
        ret={null}
        showReturn={false}
        origin={wbw.origin}
        destination={wbw.destination}
        appointmentMinutes={null}
        onStep={() => {}}
      />,
    );
    expect(screen.getByText('Climb: 477 m')).toBeTruthy();
    expect(screen.getByText('Descent: 55 m')).toBeTruthy();
  });

  it('toggles instructions with their count', () => {
    render(
      <StepGuide
        depart={wbw.depart}
        ret={null}
        showReturn={false}
        origin="A"
        destination="B"
        appointmentMinutes={null}
        onStep={() => {}}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Show instructions (2)' });
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide instructions (2)' })).toBeTruthy();
    expect(screen.getByText('Head south on Grampian Road')).toBeTruthy();
  });
  it('adds the Attend Appointment card for appointment brands', () => {
    render(
      <StepGuide
        depart={wbw.depart}
        ret={null}
        showReturn={false}
        origin="A"
        destination="B"
        appointmentMinutes={30}
        onStep={() => {}}
      />,
    );
    expect(screen.getByText('Attend Appointment')).toBeTruthy();
    expect(screen.getByText('30 mins')).toBeTruthy();
  });
});

describe('modals', () => {
  it('taxi operators: tel links, estimate text, empty text', () => {
    render(<TaxiModal taxis={taxi.depart.taxis} open onClose={() => {}} />);
    const link = screen.getByRole('link', { name: '+44 1479 000 002' });
    expect(link.getAttribute('href')).toBe('tel:+441479000002');
    expect(screen.getByText(/estimate only/)).toBeTruthy();
    cleanup();
    render(<TaxiModal taxis={[]} open onClose={() => {}} />);
    expect(screen.getByText('There are no local taxi operators.')).toBeTruthy();
  });
  it('pricing breakdown: the note, lines and Total Price', () => {
    render(<PricingModal journey={wbw} open onClose={() => {}} />);
    expect(screen.getByText('The price displayed in your journey plan is an estimate only')).toBeTruthy();
    expect(screen.getAllByText('£3.20')).toHaveLength(2);
    expect(screen.getByText('Total Price')).toBeTruthy();
    expect(screen.getByText('£6.40')).toBeTruthy();
  });
  it("timetable: a row per stop, a column per trip, '-' when missing", () => {
    const tt = wbw.depart.steps[1]!.timetable!;
    render(<TimetableModal timetable={tt} open onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Bus 31 timetable' })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(1 + tt.stops.length);
    expect(screen.getByText('-')).toBeTruthy();
    expect(timetableCell('9:05:00')).toBe('09:05');
  });
  it("timetable: the heading names the engine's lower-case travel type as a title", () => {
    const tt = wbw.depart.steps[1]!.timetable!;
    render(<TimetableModal timetable={{ ...tt, Mode: 'train' }} open onClose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Train 31 timetable' })).toBeTruthy();
  });
  it("timetable: the journey's own trip comes first and is marked, for sight and for screen readers", () => {
    const tt = wbw.depart.steps[1]!.timetable!;
    const columns = tt.columns.map((c, i) => (i === 1 ? { ...c, journey_trip: true as const } : c));
    render(<TimetableModal timetable={{ ...tt, columns }} open onClose={() => {}} />);
    const own = screen.getByRole('columnheader', { name: /your trip/ });
    expect(own.className).toContain('timetable-own');
    expect(screen.getAllByRole('columnheader')).toHaveLength(1 + tt.columns.length);
    // First after the stop names: on a phone it is the one column that shows beside them.
    expect(screen.getAllByRole('columnheader').indexOf(own)).toBe(1);
    expect(document.querySelectorAll('td.timetable-own')).toHaveLength(tt.stops.length);
    for (const row of screen.getAllByRole('row').slice(1))
      expect(row.querySelector('td')!.className).toBe('timetable-own');
    expect(screen.getByText(/Scroll sideways for the other trips/)).toBeTruthy();
  });
  it('leave-site guard has the SPEC texts', () => {
    render(<LeaveSiteModal site="Cairn" url="https://buses.example/31" open onClose={() => {}} />);
    expect(screen.getByText('Are you sure?')).toBeTruthy();
    expect(
      screen.getByText(
        'You are about to leave Cairn to visit https://buses.example/31, are you sure you want to do this?',
      ),
    ).toBeTruthy();
    expect(screen.getByText("Yes, I'm sure")).toBeTruthy();
    expect(screen.getByText('No, take me back')).toBeTruthy();
  });
});

describe('car-club promo', () => {
  it('shows the provider and promo link when the journey starts with a car-club drive', () => {
    const carclub = loadJourney('carclub-single');
    render(<CarClubPromo steps={carclub.depart.steps} />);
    const link = screen.getByRole('link', { name: /Join Example Co-Wheels car club/ });
    expect(link.getAttribute('href')).toBe('https://carclub.example/join?promo=CAIRN');
    expect(link.getAttribute('target')).toBe('_blank');
  });
  it("says 'car club' once when the provider's name already does", () => {
    const carclub = loadJourney('carclub-single');
    const steps = carclub.depart.steps.map((s) =>
      s.type === 'car club' ? { ...s, provider: 'Demo Spey Car Club' } : s,
    );
    render(<CarClubPromo steps={steps} />);
    expect(screen.getByRole('link').textContent).toBe('Join Demo Spey Car Club (offer for new members)');
  });
  it('stays hidden for other journeys', () => {
    const { container } = render(<CarClubPromo steps={wbw.depart.steps} />);
    expect(container.textContent).toBe('');
  });
});

describe('points of interest', () => {
  it('count one place and several places in words a screen reader says', () => {
    const [poi] = wbw.depart.pois;
    render(
      <PoiCards
        pois={[
          { ...poi!, name: 'Cafés near Glenmore', count: 1 },
          { ...poi!, name: 'Toilets near Glenmore', count: 3 },
        ]}
      />,
    );
    expect(screen.getByLabelText('1 place')).toBeTruthy();
    expect(screen.getByLabelText('3 places')).toBeTruthy();
  });
});
