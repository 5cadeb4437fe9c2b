// @vitest-environment jsdom
// Feature under test: issue #20 — long content renders in steps: the results list its first cards
// at once and the rest after yielding; a page's content below the first screen in a second pass.
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useRevealInSteps } from '../../src/lib/useRevealInSteps.ts';
import { Later } from '../../src/ui/Later.tsx';

afterEach(cleanup);

function List({ total }: { total: number }) {
  const shown = useRevealInSteps(total, 4, 4);
  return (
    <ol>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>card {i}</li>
      ))}
    </ol>
  );
}

const yieldOnce = () => act(() => new Promise((done) => setTimeout(done, 0)));

describe('useRevealInSteps', () => {
  it('renders the first items at once and the rest in steps, one step per yield', async () => {
    render(<List total={10} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    await yieldOnce();
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    await yieldOnce();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
  });

  it('goes on when more items arrive later, and never shows more than there are', async () => {
    const { rerender } = render(<List total={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    rerender(<List total={7} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    await yieldOnce();
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });
});

describe('Later', () => {
  it('leaves its children out of the first commit and adds them in a second pass', async () => {
    let inFirstCommit: boolean | null = null;
    function Page() {
      useLayoutEffect(() => {
        inFirstCommit = document.body.textContent?.includes('below the fold') ?? false;
      }, []);
      return (
        <main>
          <h1>Journey details</h1>
          <Later>
            <p>below the fold</p>
          </Later>
        </main>
      );
    }
    await act(async () => {
      render(<Page />);
    });
    expect(inFirstCommit).toBe(false);
    expect(screen.getByText('below the fold')).toBeTruthy();
  });
});
