import { matchPath } from 'react-router';
import { WEB_ROUTES } from '@cairn/contracts';
import { clockFieldsIn } from '@cairn/engine/format';

/**
 * Pages whose first view shows no Intl date: journey details and its print write days by hand, and
 * Results reads the region's clock only when its Edit journey panel opens.
 */
const WITHOUT_INTL_DATES = [WEB_ROUTES.results, WEB_ROUTES.journey, WEB_ROUTES.printJourney];

/**
 * Builds the first Intl date formatter in a task of its own, while the page at `path` waits for its
 * settings. A page's first Intl formatter loads ICU's locale data (12 to 15 ms on this machine,
 * four times that on Lighthouse's phone); left to the first render, it landed in the task that
 * draws the page, lengthening it past what blocks input (issue 31). It loads en-GB's date data,
 * which the planner's clock of the region (useRegionNow) then finds loaded. Results and a journey's
 * page show no Intl date at first (day labels and costs are written without it), so they are
 * spared the task.
 */
export function loadIntlEarly(path: string): void {
  if (WITHOUT_INTL_DATES.some((route) => matchPath(route, path))) return;
  setTimeout(() => clockFieldsIn('UTC', new Date()), 0);
}
