// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SORT_KEYS } from '@cairn/contracts';
import { RefinePanel } from '../../src/results/RefinePanel.tsx';

afterEach(cleanup);
const stages = ['bus', 'train', 'walk'];

describe('Refine panel', () => {
  it('single filter: All by default, one stage chosen from a list', () => {
    const onFilter = vi.fn();
    render(
      <RefinePanel
        mode="single"
        stages={stages}
        selected={null}
        sort="emissions"
        onFilter={onFilter}
        onSort={() => {}}
      />,
    );
    const select = screen.getByLabelText('Showing') as HTMLSelectElement;
    expect(select.value).toBe('all');
    expect([...select.options].map((o) => o.value)).toEqual(['all', 'bus', 'train', 'walk']);
    fireEvent.change(select, { target: { value: 'train' } });
    expect(onFilter).toHaveBeenLastCalledWith(['train']);
    fireEvent.change(select, { target: { value: 'all' } });
    expect(onFilter).toHaveBeenLastCalledWith(null);
  });
  it('multiple filter: checkboxes start ticked; unticking and re-ticking all returns to the default', () => {
    const onFilter = vi.fn();
    const { rerender } = render(
      <RefinePanel
        mode="multiple"
        stages={stages}
        selected={null}
        sort="emissions"
        onFilter={onFilter}
        onSort={() => {}}
      />,
    );
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([true, true, true]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'train' }));
    expect(onFilter).toHaveBeenLastCalledWith(['bus', 'walk']);
    rerender(
      <RefinePanel
        mode="multiple"
        stages={stages}
        selected={['bus', 'walk']}
        sort="emissions"
        onFilter={onFilter}
        onSort={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'train' }));
    expect(onFilter).toHaveBeenLastCalledWith(null);
  });
  it('offers all eight sort keys, emissions first', () => {
    const onSort = vi.fn();
    render(
      <RefinePanel
        mode="single"
        stages={stages}
        selected={null}
        sort="emissions"
        onFilter={() => {}}
        onSort={onSort}
      />,
    );
    const select = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual([...SORT_KEYS]);
    fireEvent.change(select, { target: { value: 'least-changes' } });
    expect(onSort).toHaveBeenCalledWith('least-changes');
  });
});
