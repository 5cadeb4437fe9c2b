// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, within } from '@testing-library/react';
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
