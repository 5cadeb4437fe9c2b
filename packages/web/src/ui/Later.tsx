import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders its children in a second pass, after the rest of the page has rendered. React runs that
 * pass as a transition, which it splits into short slices, so the content below the first screen
 * does not hold the page's first render (and input) in one long task.
 */
export function Later({ children }: { children: ReactNode }) {
  const ready = useDeferredValue(true, false);
  return ready ? children : null;
}
