/** What pruning compares between options: smaller is better on each criterion. */
export interface OptionScore {
  /** Diversity group: the travel types and services used ('walk>bus 31>walk'). */
  family: string;
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
 * ten departures of the same bus, and at most `max` in all.
 */
export function pruneOptions<T>(
  items: readonly T[],
  score: (t: T) => OptionScore,
  perFamily = 3,
  max = 12,
  arriveBy = false,
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

function better(a: OptionScore, b: OptionScore): boolean {
  return (
    (a.costPence ?? Infinity) < (b.costPence ?? Infinity) ||
    (a.costPence === b.costPence && a.arriveSec < b.arriveSec)
  );
}
