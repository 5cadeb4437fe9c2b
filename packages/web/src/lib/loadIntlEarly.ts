import { clockFieldsIn } from '@cairn/engine/format';

/**
 * Builds the first Intl date formatter in a task of its own, while the page waits for its settings.
 * A page's first Intl formatter loads ICU's locale data (12 to 15 ms on this machine, four times
 * that on Lighthouse's phone); left to the first render, it landed in the task that draws the page,
 * lengthening it past what blocks input (issue 31). It loads en-GB's date data, which the planner's
 * clock of the region (useRegionNow) then finds loaded. Start-up calls it for the pages whose first
 * view writes a date with Intl, as the route table says (app/routes.tsx `firstScreen`).
 */
export function loadIntlEarly(): void {
  setTimeout(() => clockFieldsIn('UTC', new Date()), 0);
}
