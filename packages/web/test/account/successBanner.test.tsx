// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FlashBanner, FlashProvider, SUCCESS_BANNER_MS, useFlash } from '../../src/ui/FlashContext.tsx';

function Buttons() {
  const { showSuccess, showError } = useFlash();
  return (
    <>
      <button type="button" onClick={() => showSuccess('Successfully logged in')}>
        ok
      </button>
      <button type="button" onClick={() => showError('These credentials do not match our records.')}>
        bad
      </button>
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('account messages banner (SPEC §4, §9)', () => {
  it('a success message clears after 10 seconds; an error stays', () => {
    vi.useFakeTimers();
    render(
      <FlashProvider>
        <FlashBanner />
        <Buttons />
      </FlashProvider>,
    );
    expect(SUCCESS_BANNER_MS).toBe(10_000);
    fireEvent.click(screen.getByText('ok'));
    expect(screen.getByRole('status').textContent).toContain('Successfully logged in');
    act(() => vi.advanceTimersByTime(9_900));
    expect(screen.queryByText('Successfully logged in')).not.toBeNull();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('Successfully logged in')).toBeNull();
    fireEvent.click(screen.getByText('bad'));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert').textContent).toContain('These credentials do not match our records.');
  });
});
