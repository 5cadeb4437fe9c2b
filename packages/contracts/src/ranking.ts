import type { Journey, SortKey } from './journey.ts';

/*
 * The one order of journeys for each SPEC sort key (issue 33), used by the engine when it ranks a
 * search and by the web when a traveller re-sorts the results: both read the `sort` values the
 * engine computed once, so they cannot disagree. Schema-free, so the web can import it (ADR 015).
 */

/**
 * Orders journeys by one sort key, best first. The tie-break chain: a journey live running broke
 * (a cancelled ride, a missed change) after every one that still works; then the key's value;
 * then less CO2; the earlier arrival; the later departure (of two runs of one route, the one with
 * the least waiting); and last the id, so the order never depends on the order given.
 */
export function compareJourneys(key: SortKey): (a: Journey, b: Journey) => number {
  return (a, b) =>
    Number(a.live_break !== undefined) - Number(b.live_break !== undefined) ||
    a.sort[key] - b.sort[key] ||
    a.sort.emissions - b.sort.emissions ||
    a.sort['arrival-time'] - b.sort['arrival-time'] ||
    b.sort['depature-time'] - a.sort['depature-time'] ||
    a.id.localeCompare(b.id);
}
