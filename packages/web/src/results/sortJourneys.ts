import type { Journey, SortKey } from '@cairn/contracts';
import { legChangeCount } from '@cairn/engine/format';
import { parseCost } from './parseCost.ts';

export const DEFAULT_SORT: SortKey = 'emissions';
/** SPEC §4: placeholders sort last. */
export const PLACEHOLDER_SORT_VALUE = 1_000_000;

export const SORT_LABELS: Record<SortKey, string> = {
  emissions: 'Lowest emissions',
  cost: 'Cheapest',
  'depature-time': 'Departure time',
  'travel-time': 'Shortest travel time',
  'arrival-time': 'Arrival time',
  'wait-time': 'Least waiting',
  'walk-distance': 'Least walking',
  'least-changes': 'Fewest changes',
};

/** The number a journey is ordered by for one sort key (smaller first). */
export function sortValue(journey: Journey, key: SortKey): number {
  switch (key) {
    case 'emissions':
      // The engine's value: small differences count as equal (its order then goes by arrival).
      return journey.sort.emissions ?? journey.carbon_emission;
    case 'cost':
      return parseCost(journey.cost);
    case 'depature-time':
      return Date.parse(journey.depart.departure_datetime);
    case 'travel-time':
      return journey.depart.duration.value + (journey.return?.duration.value ?? 0);
    case 'arrival-time':
      return Date.parse(journey.depart.arrival_datetime);
    case 'wait-time':
      return journey.total_wait_time.value;
    case 'walk-distance':
      return journey.total_walking_distance.value;
    case 'least-changes':
      // The engine's value: changes (rides less one), ties broken by stages. Older journeys lack it.
      return (
        journey.sort['least-changes'] ?? legChangeCount(journey.depart) * 100 + journey.depart.stages.length
      );
  }
}

export type Card = { kind: 'journey'; journey: Journey } | { kind: 'placeholder'; key: string };

/**
 * Orders journeys by a key (stable: ties keep arrival order); a journey live running broke (a
 * cancelled ride, a missed change) goes after every one that still works; placeholders come last.
 */
export function sortCards(journeys: readonly Journey[], placeholders: number, key: SortKey): Card[] {
  const ranked = journeys
    .map((journey, index) => ({
      journey,
      index,
      broken: journey.live_break ? 1 : 0,
      value: sortValue(journey, key),
    }))
    .sort((a, b) => a.broken - b.broken || a.value - b.value || a.index - b.index)
    .map(({ journey }): Card => ({ kind: 'journey', journey }));
  for (let i = 0; i < placeholders; i++) ranked.push({ kind: 'placeholder', key: `placeholder-${i}` });
  return ranked;
}
