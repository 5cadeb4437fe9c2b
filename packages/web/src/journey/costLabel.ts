import type { Journey } from '@cairn/contracts';
import { formatChanges, legChangeCount } from '@cairn/engine/format';

/** The total cost as shown: 'Free', 'Unknown', or the price with "(estimate)" when estimated. */
export function costLabel(journey: Pick<Journey, 'cost' | 'cost_is_estimate'>): string {
  return formatCostText(journey.cost, journey.cost_is_estimate);
}

export function formatCostText(cost: string, estimate = false): string {
  const text = cost.trim().toLowerCase();
  if (text === 'free') return 'Free';
  if (text === 'unknown' || text === '') return 'Unknown';
  if (text === 'included') return 'Included';
  return estimate ? `${cost} (estimate)` : cost;
}

/** The changes as shown: the outbound leg's, and the return's when there is one ("1 change, return: No changes"). */
export function changesLabel(journey: Pick<Journey, 'depart' | 'return'>): string {
  const out = formatChanges(legChangeCount(journey.depart));
  return journey.return ? `${out}, return: ${formatChanges(legChangeCount(journey.return))}` : out;
}
