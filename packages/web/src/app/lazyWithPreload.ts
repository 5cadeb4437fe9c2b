import { lazy, type ComponentType } from 'react';

type Module<T> = { default: T };

/**
 * A screen loaded on demand (React.lazy) whose code `preload` fetches ahead. Once that code is in,
 * the screen renders without suspending, so no loading fallback is shown and then swapped for it.
 * On a cold load of a journey, that fallback held the finished page back for React's reveal
 * throttle (300 ms after a fallback shows), and every update meanwhile made React build the whole
 * page again: 5 to 90 times (issue 31).
 */
export function lazyWithPreload<T extends ComponentType>(load: () => Promise<Module<T>>) {
  let loaded: Module<T> | undefined;
  let loading: Promise<Module<T>> | undefined;
  const preload = (): Promise<Module<T>> =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a later attempt fetches again (offline now, online later)
        throw error;
      },
    ));
  const Component = lazy(() => (loaded ? answeredAtOnce(loaded) : preload()));
  return { Component, preload };
}

/**
 * A thenable that calls back as its callback is attached: React.lazy, which reads its loader's
 * answer right after attaching, then renders the screen in the same pass.
 */
function answeredAtOnce<V>(value: V): Promise<V> {
  const thenable = { then: (onFulfilled: (value: V) => unknown) => void onFulfilled(value) };
  return thenable as unknown as Promise<V>;
}
