/** What pruning compares between options: smaller is better on each criterion. */
export interface OptionScore {
  /** Diversity group: the travel types and services used ('walk>bus 31>walk'). */
  family: string;
  /**
   * A wider group several families belong to (all lifts, door to door or to a station), capped
   * as a whole by pruneOptions' `groupCaps` so one kind of option cannot swamp the list.
   */
  group?: string;
  departSec: number;
  arriveSec: number;
  costPence: number | null;
  carbonKg: number;
  walkM: number;
  changes: number;
}

const TIME_SLACK_SEC = 120;

/**
 * A dominates B when it leaves no earlier, arrives no later, and costs, emits, walks and changes
 * no more, and is better on at least one of them. An option of unknown cost dominates nothing
 * (it might cost more); a known cost beats an unknown one.
 */
export function dominates(a: OptionScore, b: OptionScore): boolean {
  if (a.costPence === null) return false;
  const costA = a.costPence;
  const costB = b.costPence ?? Infinity;
  const noWorse =
    a.departSec >= b.departSec &&
    a.arriveSec <= b.arriveSec &&
    costA <= costB &&
    a.carbonKg <= b.carbonKg &&
    a.walkM <= b.walkM &&
    a.changes <= b.changes;
  const better =
    a.departSec > b.departSec ||
    a.arriveSec < b.arriveSec ||
    costA < costB ||
    a.carbonKg < b.carbonKg ||
    a.walkM < b.walkM ||
    a.changes < b.changes;
  return noWorse && better;
}

/** Same services at (nearly) the same times: one of them is enough. */
export function nearDuplicate(a: OptionScore, b: OptionScore): boolean {
  return (
    a.family === b.family &&
    Math.abs(a.departSec - b.departSec) <= TIME_SLACK_SEC &&
    Math.abs(a.arriveSec - b.arriveSec) <= TIME_SLACK_SEC
  );
}

/**
 * Keeps the options worth showing, in input order: drops dominated options and near-duplicates,
 * then keeps at most `perFamily` options of one family (the earliest arrivals, or for arrive-by
 * searches the latest departures) so the list is not
 * ten departures of the same bus, at most `groupCaps[g]` of a group g (the best of each of its
 * families first), and at most `max` in all.
 */
export function pruneOptions<T>(
  items: readonly T[],
  score: (t: T) => OptionScore,
  perFamily = 3,
  max = 12,
  arriveBy = false,
  groupCaps: Readonly<Record<string, number>> = {},
): T[] {
  const scored = items.map((item, index) => ({ item, index, s: score(item) }));
  const kept = scored.filter((x) => !scored.some((y) => y !== x && dominates(y.s, x.s)));
  const unique: typeof kept = [];
  for (const x of kept) {
    const dup = unique.findIndex((u) => nearDuplicate(u.s, x.s));
    if (dup < 0) unique.push(x);
    else if (better(x.s, unique[dup]!.s)) unique[dup] = x;
  }
  const byFamily = new Map<string, typeof unique>();
  for (const x of unique) {
    const list = byFamily.get(x.s.family) ?? [];
    list.push(x);
    byFamily.set(x.s.family, list);
  }
  const chosen: typeof unique = [];
  for (const list of byFamily.values()) {
    // Depart-after: the earliest arrivals; arrive-by: the latest departures that are still in time.
    list.sort((a, b) =>
      arriveBy
        ? b.s.departSec - a.s.departSec || a.s.arriveSec - b.s.arriveSec
        : a.s.arriveSec - b.s.arriveSec || b.s.departSec - a.s.departSec,
    );
    chosen.push(...list.slice(0, perFamily));
  }
  capGroups(chosen, groupCaps);
  // Round-robin over families when trimming to max, so every kind of option stays represented.
  const families = [...byFamily.keys()].map((f) => chosen.filter((x) => x.s.family === f));
  const result: typeof unique = [];
  for (let round = 0; result.length < max && families.some((f) => f.length > round); round++) {
    for (const f of families) {
      const x = f[round];
      if (x && result.length < max) result.push(x);
    }
  }
  return result.sort((a, b) => a.index - b.index).map((x) => x.item);
}

/** Drops, in place, a group's options beyond its cap: each family's best first, then its second best… */
function capGroups<X extends { s: OptionScore }>(chosen: X[], caps: Readonly<Record<string, number>>): void {
  for (const [group, cap] of Object.entries(caps)) {
    const members = chosen.filter((x) => x.s.group === group);
    if (members.length <= cap) continue;
    const rankInFamily = new Map<X, number>();
    const seen = new Map<string, number>();
    for (const x of members) {
      const r = seen.get(x.s.family) ?? 0;
      rankInFamily.set(x, r);
      seen.set(x.s.family, r + 1);
    }
    const keep = new Set(
      [...members]
        .sort(
          (a, b) => (rankInFamily.get(a) ?? 0) - (rankInFamily.get(b) ?? 0) || a.s.arriveSec - b.s.arriveSec,
        )
        .slice(0, cap),
    );
    for (let i = chosen.length - 1; i >= 0; i--) {
      const x = chosen[i]!;
      if (x.s.group === group && !keep.has(x)) chosen.splice(i, 1);
    }
  }
}

function better(a: OptionScore, b: OptionScore): boolean {
  return (
    (a.costPence ?? Infinity) < (b.costPence ?? Infinity) ||
    (a.costPence === b.costPence && a.arriveSec < b.arriveSec)
  );
}
