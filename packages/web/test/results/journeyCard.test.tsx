// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Journey } from '@cairn/contracts';
import { JourneyCard } from '../../src/results/JourneyCard.tsx';
import { sortCards } from '../../src/results/sortJourneys.ts';
import { changesLabel } from '../../src/journey/costLabel.ts';
import { loadJourney } from '../../../contracts/test/fixtures.ts';

afterEach(cleanup);
const wbw = loadJourney('walk-bus-walk-return');
const taxi = loadJourney('taxi-single');

/** Walk, bus, bus, walk: two rides merge into one "bus" stage, and that is still one change. */
function busToBus(over: { changes?: number } = { changes: 1 }): Journey {
  const [walk, bus, last] = wbw.depart.steps;
  const steps = [walk!, bus!, { ...bus!, service_number: '32' }, last!];
  const { changes: _dropped, ...leg } = wbw.depart;
  return {
    ...wbw,
    id: 'bus-bus',
    return: null,
    depart: { ...leg, steps, ...over },
    sort: { ...wbw.sort, 'least-changes': 1 * 100 + 3 },
  };
}

const changesShown = (journey: Journey) => {
  const { container } = render(
    <MemoryRouter>
      <JourneyCard hash="h" journey={journey} position={1} />
    </MemoryRouter>,
  );
  const term = within(container).getByText('Changes');
  return term.nextElementSibling?.textContent;
};

describe('changes (issue #27): rides less one, as the engine counted them', () => {
  it('a results card shows one change for bus → bus, whose stages merge into one', () => {
    expect(busToBus().depart.stages).toEqual(['walk', 'bus', 'walk']);
    expect(changesShown(busToBus())).toBe('1');
  });
  it('a journey stored before the field counts its rides from its steps', () => {
    expect(changesShown(busToBus({}))).toBe('1');
    expect(changesShown(taxi)).toBe('0');
  });
  it('the summary and print label name the return leg too', () => {
    expect(changesLabel(busToBus())).toBe('1 change');
    expect(changesLabel(wbw)).toBe('No changes, return: No changes');
  });
  it('fewest changes puts the single bus before bus → bus, though both have three stages', () => {
    const ids = sortCards([busToBus(), wbw], 0, 'least-changes').map((c) =>
      c.kind === 'journey' ? c.journey.id : c.key,
    );
    expect(ids).toEqual(['wbw-return', 'bus-bus']);
  });
});

describe('line numbers on a card (issue 31)', () => {
  const renderCard = (journey: Journey) =>
    render(
      <MemoryRouter>
        <JourneyCard hash="h" journey={journey} position={1} />
      </MemoryRouter>,
    );

  it('shows each ride with its line number, in the stage list and the option’s accessible name', () => {
    renderCard(wbw);
    const stages = within(screen.getByRole('list', { name: 'Outbound stages' })).getAllByRole('listitem');
    expect(stages.map((li) => li.textContent?.trim())).toEqual(['', '31', '']);
    expect(stages.map((li) => accessibleText(li))).toEqual(['walk', 'bus 31', 'walk']);
    expect(screen.getByRole('link').textContent).toBe('Option 1: 08:50 – 09:32, walk, bus 31, walk');
  });

  it('tells two bus routes apart, and a bus → bus stage names both', () => {
    renderCard(busToBus());
    const stages = within(screen.getByRole('list', { name: 'Outbound stages' })).getAllByRole('listitem');
    expect(accessibleText(stages[1]!)).toBe('bus 31 and 32');
    expect(screen.getByRole('link').textContent).toContain('bus 31 and 32');
  });

  it('names a one-stage journey without a line in words: a lift reads "Lift", not a car beside "Free"', () => {
    const lift: Journey = {
      ...taxi,
      id: 'lift',
      cost: 'free',
      depart: {
        ...taxi.depart,
        stages: ['car'],
        steps: taxi.depart.steps.map((s) => ({ ...s, type: 'car' as const })),
      },
    };
    renderCard(lift);
    const stages = within(screen.getByRole('list', { name: 'Outbound stages' })).getAllByRole('listitem');
    expect(stages.map((li) => li.textContent?.trim())).toEqual(['Lift']);
    // Said once to a screen reader, by the icon's label.
    expect(stages.map((li) => accessibleText(li))).toEqual(['lift']);
  });

  it('keeps the stages of a journey whose steps do not give them, without numbers', () => {
    renderCard({ ...wbw, depart: { ...wbw.depart, stages: ['walk', 'bus', 'walk', 'cycle'] } });
    const stages = within(screen.getByRole('list', { name: 'Outbound stages' })).getAllByRole('listitem');
    expect(stages.map((li) => accessibleText(li))).toEqual(['walk', 'bus', 'walk', 'cycle']);
  });
});

/** What a screen reader reads for an element: image labels and text, in order. */
function accessibleText(el: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return;
    if (node instanceof Element && node.getAttribute('role') === 'img')
      parts.push(node.getAttribute('aria-label') ?? '');
    else if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    else node.childNodes.forEach(walk);
  };
  walk(el);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}
