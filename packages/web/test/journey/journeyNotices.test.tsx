// @vitest-environment jsdom
// Feature under test: the notices of a journey (a tight change onto the last departure, an arrival inside the buffer, an estimate beyond the region) shown on its result card (issue 27).
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Journey } from '@cairn/contracts';
import { JourneyCard } from '../../src/results/JourneyCard.tsx';
import { loadJourney } from '../../../contracts/test/fixtures.ts';

afterEach(cleanup);

const card = (journey: Journey) =>
  render(
    <MemoryRouter>
      <JourneyCard hash="h" journey={journey} position={1} />
    </MemoryRouter>,
  );

describe('journey notices', () => {
  it('shows each notice of the journey on its card, and nothing without them', () => {
    const journey = loadJourney('walk-bus-walk-return');
    const text = 'Only 5 min to make the 19:22 train HML from Aviemore: it is the last one today.';
    card({ ...journey, notices: [{ kind: 'tight last connection', text, margin_min: 5 }] });
    expect(screen.getByText(text).tagName).toBe('LI');
    cleanup();
    const { container } = card({ ...journey, notices: undefined });
    expect(container.querySelector('.journey-notices')).toBeNull();
  });
});
