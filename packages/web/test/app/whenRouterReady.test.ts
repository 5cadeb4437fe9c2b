// Feature under test: issue 31 (point 9) — the app's first render waits until the router has the
// first screen's code when the route table draws that screen with its code in (route `lazy`).
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { whenRouterReady } from '../../src/app/whenRouterReady.ts';

const Screen = () => null;

describe('whenRouterReady', () => {
  it('waits for the code of a lazy first route, then resolves', async () => {
    let deliver!: () => void;
    const code = new Promise<typeof Screen>((resolve) => (deliver = () => resolve(Screen)));
    const router = createMemoryRouter([{ path: '/journey', lazy: { Component: () => code } }], {
      initialEntries: ['/journey'],
    });
    let ready = false;
    const waiting = whenRouterReady(router).then(() => (ready = true));
    await new Promise((next) => setTimeout(next, 10));
    expect(ready).toBe(false);
    deliver();
    await waiting;
    expect(router.state.initialized).toBe(true);
    router.dispose();
  });

  it('resolves at once for a first route that waits for nothing', async () => {
    const router = createMemoryRouter([{ path: '/', Component: Screen }]);
    expect(router.state.initialized).toBe(true);
    await whenRouterReady(router);
    router.dispose();
  });
});
