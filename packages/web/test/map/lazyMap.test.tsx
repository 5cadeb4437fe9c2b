// @vitest-environment jsdom
// Feature under test: the journey map's picture (the route's decoded polylines) is made only when the map comes near the screen (issue 31, journey page speed).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { LazyMap } from '../../src/map/LazyMap.tsx';
import type { MapPicture } from '../../src/map/mapData.ts';

/** An IntersectionObserver the test drives: `enter()` brings every observed box near the screen. */
class ScreenEdge {
  static all: ScreenEdge[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    ScreenEdge.all.push(this);
  }
  observe() {}
  disconnect() {}
  static enter() {
    for (const o of ScreenEdge.all)
      o.callback(
        [{ isIntersecting: true } as IntersectionObserverEntry],
        o as unknown as IntersectionObserver,
      );
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  ScreenEdge.all = [];
});

describe('LazyMap', () => {
  it('draws nothing while the map is off screen, and draws its picture once it comes near', async () => {
    vi.stubGlobal('IntersectionObserver', ScreenEdge);
    const draw = vi.fn((): MapPicture => ({ lines: [], points: [], steps: [] }) as unknown as MapPicture);
    render(<LazyMap draw={draw} toiletNotice={null} trackPosition={false} />);
    expect(screen.getByText('Loading map')).toBeTruthy();
    expect(draw).not.toHaveBeenCalled();
    act(() => ScreenEdge.enter());
    expect(draw).toHaveBeenCalledTimes(1);
  });
});
