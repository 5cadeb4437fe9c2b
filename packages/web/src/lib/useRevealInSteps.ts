import { useEffect, useState } from 'react';

/**
 * How many of `total` items to render: `first` at once, then `step` more after each yield to the
 * browser. A long list that arrives in one answer then paints its first screen sooner and leaves
 * room for input between batches, instead of rendering in one long task.
 */
export function useRevealInSteps(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  const more = shown < total;
  useEffect(() => {
    if (!more) return;
    const timer = window.setTimeout(() => setShown((count) => count + step), 0);
    return () => window.clearTimeout(timer);
  }, [more, shown, step]);
  return Math.min(total, shown);
}
