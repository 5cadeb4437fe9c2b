import type { Step } from '@cairn/contracts';
import { formatElevation } from '@cairn/engine/format';

type Climb = Pick<Step, 'ascent_m' | 'descent_m'>;

/**
 * Metres climbed and descended over the steps that report them: the engine sets ascent_m and
 * descent_m on walk, cycle and bike-hire steps where heights are known (streets/directions.ts).
 * Null when no step knows its heights.
 */
export function totalClimb(steps: readonly Climb[]): { ascent: number; descent: number } | null {
  const known = steps.filter((s) => s.ascent_m !== undefined);
  if (known.length === 0) return null;
  return {
    ascent: known.reduce((sum, s) => sum + (s.ascent_m ?? 0), 0),
    descent: known.reduce((sum, s) => sum + (s.descent_m ?? 0), 0),
  };
}

/** "climb 150 m, descent 105 m" over the steps, or null when none knows its heights. */
export function gradientText(steps: readonly Climb[]): string | null {
  const climb = totalClimb(steps);
  if (!climb) return null;
  return `climb ${formatElevation(climb.ascent)}, descent ${formatElevation(climb.descent)}`;
}
