// @vitest-environment jsdom
// Feature under test: a lift reads "Lift", never "Car" (issue #14); the wire keeps SPEC's "car".
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ModeIcon } from '../../src/icons/Icons.tsx';
import { stageLabel } from '../../src/account/listFormat.ts';
import { modeLabel, modeName, modeWithCost } from '../../src/lib/modeLabel.ts';
import { RefinePanel } from '../../src/results/RefinePanel.tsx';

afterEach(cleanup);

describe('mode labels', () => {
  it('names a lift "Lift" and keeps the other travel types readable', () => {
    expect(modeLabel('car')).toBe('Lift');
    expect(modeLabel('own car')).toBe('Own car');
    expect(modeLabel('intercity bus')).toBe('Coach');
    expect(modeLabel('something new')).toBe('Something new');
    expect(stageLabel('car')).toBe('Lift');
    expect(modeName('car')).toBe('lift');
    expect(modeName('bus')).toBe('bus');
  });

  it('writes a free lift as "Lift · free", not "Car Free"', () => {
    expect(modeWithCost('car', 'Free')).toBe('Lift · free');
    expect(modeWithCost('bus', '£4.20')).toBe('Bus · £4.20');
  });

  it('labels the lift icon and the stage filter "lift" while filtering on "car"', () => {
    render(<ModeIcon mode="car" />);
    expect(screen.getByRole('img', { name: 'lift' })).toBeTruthy();
    cleanup();
    render(
      <RefinePanel
        mode="single"
        stages={['bus', 'car']}
        selected={null}
        sort="emissions"
        onFilter={() => {}}
        onSort={() => {}}
      />,
    );
    const option = screen.getByRole('option', { name: 'Journeys with lift' }) as HTMLOptionElement;
    expect(option.value).toBe('car');
  });

  it('spells out demand-responsive transport in the stage filter, where "drt" told a traveller nothing', () => {
    render(
      <RefinePanel
        mode="single"
        stages={['bus', 'drt']}
        selected={null}
        sort="emissions"
        onFilter={() => {}}
        onSort={() => {}}
      />,
    );
    const option = screen.getByRole('option', {
      name: 'Journeys with demand-responsive transport (DRT)',
    }) as HTMLOptionElement;
    expect(option.value).toBe('drt');
    cleanup();
    render(
      <RefinePanel
        mode="multiple"
        stages={['bus', 'drt']}
        selected={null}
        sort="emissions"
        onFilter={() => {}}
        onSort={() => {}}
      />,
    );
    expect(screen.getByRole('checkbox', { name: 'demand-responsive transport (DRT)' })).toBeTruthy();
  });
});
