// @vitest-environment jsdom
// Feature under test: code fetched on demand outside the route table (the map) recovers from a failed
// fetch: the failure shows until Try again, which fetches again (a signal that dropped, then came back).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useCodeLoad } from '../../src/lib/useCodeLoad.ts';

afterEach(cleanup);

function Part({ load, wanted }: { load: () => Promise<{ text: string }>; wanted: boolean }) {
  const { code, failed, retry } = useCodeLoad(load, wanted);
  if (failed)
    return (
      <button type="button" onClick={retry}>
        Try again
      </button>
    );
  return <p>{code ? code.text : 'waiting'}</p>;
}

describe('useCodeLoad', () => {
  it('fetches only once wanted, shows a failure, and fetches again on retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = vi
      .fn<() => Promise<{ text: string }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ text: 'the map' });
    const { rerender } = render(<Part load={load} wanted={false} />);
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();

    rerender(<Part load={load} wanted />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('the map')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
