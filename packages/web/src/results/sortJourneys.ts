import { compareJourneys, type Journey, type SortKey } from '@cairn/contracts';

export const DEFAULT_SORT: SortKey = 'emissions';

export const SORT_LABELS: Record<SortKey, string> = {
  emissions: 'Lowest emissions',
  cost: 'Cheapest',
  // 'depature-time' is spelt so on purpose: SPEC §2 (Results) fixes the sort key, and old links and clients
  // send it as written; only the label the traveller reads is spelt right.
  'depature-time': 'Departure time',
  'travel-time': 'Shortest travel time',
  'arrival-time': 'Arrival time',
  'wait-time': 'Least waiting',
  'walk-distance': 'Least walking',
  'least-changes': 'Fewest changes',
};

export type Card = { kind: 'journey'; journey: Journey } | { kind: 'placeholder'; key: string };

/**
 * Orders journeys by a key with the engine's own comparator (contracts `compareJourneys`: a journey
 * live running broke goes after every one that still works); placeholders come last (SPEC §4).
 */
export function sortCards(journeys: readonly Journey[], placeholders: number, key: SortKey): Card[] {
  const ranked = [...journeys]
    .sort(compareJourneys(key))
    .map((journey): Card => ({ kind: 'journey', journey }));
  for (let i = 0; i < placeholders; i++) ranked.push({ kind: 'placeholder', key: `placeholder-${i}` });
  return ranked;
}
