// @vitest-environment jsdom
// Feature under test: issue 31 (point 9) — a screen whose code was fetched ahead renders in the
// first pass, never through its loading fallback; before that it loads as React.lazy does.
import { Suspense, type ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { lazyWithPreload } from '../../src/app/lazyWithPreload.ts';

afterEach(cleanup);

const screenModule = { default: () => <h1>Journey details</h1> };

function withFallback(Component: ComponentType, fallbacks: string[]) {
  function Fallback() {
    fallbacks.push('fallback');
    return <p>Loading</p>;
  }
  return (
    <Suspense fallback={<Fallback />}>
      <Component />
    </Suspense>
  );
}

describe('lazyWithPreload', () => {
  it('renders a preloaded screen in the first pass, without its fallback', async () => {
    const { Component, preload } = lazyWithPreload(() => Promise.resolve(screenModule));
    await preload();
    const fallbacks: string[] = [];
    act(() => {
      render(withFallback(Component, fallbacks));
    });
    expect(screen.getByRole('heading', { name: 'Journey details' })).toBeTruthy();
    expect(fallbacks).toEqual([]);
  });

  it('loads a screen not preloaded as React.lazy does: fallback, then the screen', async () => {
    let loads = 0;
    const { Component } = lazyWithPreload(() => {
      loads++;
      return Promise.resolve(screenModule);
    });
    const fallbacks: string[] = [];
    await act(async () => {
      render(withFallback(Component, fallbacks));
    });
    expect(await screen.findByRole('heading', { name: 'Journey details' })).toBeTruthy();
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(loads).toBe(1);
  });

  it('fetches again after a failed preload (offline then online)', async () => {
    let attempts = 0;
    const { preload } = lazyWithPreload(() =>
      ++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(screenModule),
    );
    await expect(preload()).rejects.toThrow('offline');
    await expect(preload()).resolves.toBe(screenModule);
    expect(attempts).toBe(2);
  });
});
