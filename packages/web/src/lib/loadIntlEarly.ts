import { matchPath } from 'react-router';
import { WEB_ROUTES } from '@cairn/contracts';
import { clockFieldsIn, formatMoney } from '@cairn/engine/format';

/** Pages whose first view shows no Intl date: journey details and its print write days by hand. */
const WITHOUT_INTL_DATES = [WEB_ROUTES.journey, WEB_ROUTES.printJourney];

/**
 * Builds the first date and number formatters in tasks of their own, while the page at `path` waits
 * for its settings. A page's first Intl formatter loads ICU's locale data (15 ms for dates and 8 ms
 * for numbers on this machine, four times that on Lighthouse's phone); left to the first render,
 * both landed in the task that draws the page, lengthening it past what blocks input (issue 31).
 * The money formatter is cached where it is used; the date one loads en-GB's date data, which the
 * planner's and Results' clock of the region (useRegionNow) then find loaded. A journey's page
 * needs no date data, so it is spared that task.
 */
export function loadIntlEarly(path: string): void {
  if (!WITHOUT_INTL_DATES.some((route) => matchPath(route, path)))
    setTimeout(() => clockFieldsIn('UTC', new Date()), 0);
  setTimeout(() => formatMoney(100, 'GBP'), 0);
}
