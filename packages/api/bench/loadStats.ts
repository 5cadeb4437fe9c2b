// Pure figures for the load benches (packages/api/bench/load.ts, scale.ts): percentiles of
// latencies and the summary of a queue drain. Kept apart from the process handling so they can be
// unit-tested.
import { cpus, loadavg } from 'node:os';

/** The nearest-rank percentile of ascending `sorted` (NaN when empty). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** What a drain of a stored backlog took, from the moment the planners were started. */
export interface DrainSummary {
  /** Searches planned (finished, successfully or not). */
  planned: number;
  /** Seconds from starting the planners to the last search planned. */
  totalSec: number;
  /** Searches per second over totalSec (cold start included). */
  perSec: number;
  /** Seconds from starting the planners to the first search planned (region load, mostly). */
  firstSec: number;
  /** Searches per second from the first search planned to the last (the warm rate). */
  warmPerSec: number;
}

/**
 * Summarises a drain: `startedMs` is when the planners were started, `finishedMs` when each
 * search of the backlog was planned (same clock). The warm rate counts the searches after the
 * first over the time between the first and the last.
 */
export function summariseDrain(startedMs: number, finishedMs: readonly number[]): DrainSummary {
  if (finishedMs.length === 0)
    return { planned: 0, totalSec: NaN, perSec: NaN, firstSec: NaN, warmPerSec: NaN };
  const sorted = [...finishedMs].sort((a, b) => a - b);
  const first = sorted[0]! - startedMs;
  const last = sorted.at(-1)! - startedMs;
  const warmSec = (last - first) / 1000;
  return {
    planned: sorted.length,
    totalSec: last / 1000,
    perSec: sorted.length / (last / 1000),
    firstSec: first / 1000,
    warmPerSec: sorted.length > 1 && warmSec > 0 ? (sorted.length - 1) / warmSec : NaN,
  };
}

/** The machine's load as printed beside every figure: 1-minute load average over the core count. */
export function loadNote(): string {
  return `load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`;
}
