/**
 * The destination's labels as one Pareto front on (time, walking) per vehicle count: front k holds
 * the labels with at most k vehicles, sorted by time with walking strictly falling. "Does a kept
 * destination label dominate (time, walk, k)?" is then one binary search in front k instead of a
 * walk through the whole bag: McRAPTOR asks it for every alighting and every transfer, and on a
 * dense network (NYC buses) the bag holds hundreds of labels.
 *
 * The answers equal a scan of the bag: a label the bag drops is dominated by the one that dropped
 * it, which sits in every front the dropped one was in.
 */
export class TargetFronts {
  private time: Int32Array[] = [];
  private walk: Int32Array[] = [];
  private len: Int32Array = new Int32Array(0);
  private rounds = 0;

  /** Empties the fronts for a query with up to `rounds` vehicles. */
  reset(rounds: number): void {
    this.rounds = rounds;
    if (this.len.length < rounds + 1) {
      this.len = new Int32Array(rounds + 1);
      while (this.time.length < rounds + 1) {
        this.time.push(new Int32Array(16));
        this.walk.push(new Int32Array(16));
      }
    } else this.len.fill(0);
  }

  /** Adds a destination label reached at `time` with `walk` seconds of walking and `k` vehicles. */
  add(time: number, walk: number, k: number): void {
    for (let r = Math.max(k, 0); r <= this.rounds; r++) if (!this.insert(r, time, walk)) return;
  }

  /** True when a label with at most `k` vehicles arrives no later than `time` and walks no more than `walk`. */
  dominates(time: number, walk: number, k: number): boolean {
    const r = Math.min(k, this.rounds);
    if (r < 0) return false;
    const i = this.countUpTo(r, time);
    return i > 0 && this.walk[r]![i - 1]! <= walk;
  }

  /** Labels of front r with time ≤ `time` (they come first). */
  private countUpTo(r: number, time: number): number {
    const ts = this.time[r]!;
    let lo = 0;
    let hi = this.len[r]!;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ts[mid]! <= time) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Puts (time, walk) into front r; false when the front already dominates it (so every larger front does too). */
  private insert(r: number, time: number, walk: number): boolean {
    const n = this.len[r]!;
    const upTo = this.countUpTo(r, time);
    if (upTo > 0 && this.walk[r]![upTo - 1]! <= walk) return false;
    let ts = this.time[r]!;
    let ws = this.walk[r]!;
    // The labels it dominates: from the first with time ≥ `time`, while their walking is ≥ `walk`.
    let from = upTo;
    while (from > 0 && ts[from - 1] === time) from--;
    let to = from;
    while (to < n && ws[to]! >= walk) to++;
    const next = n - (to - from) + 1;
    if (next > ts.length) {
      const t2 = new Int32Array(ts.length * 2);
      const w2 = new Int32Array(ws.length * 2);
      t2.set(ts.subarray(0, n));
      w2.set(ws.subarray(0, n));
      this.time[r] = ts = t2;
      this.walk[r] = ws = w2;
    }
    ts.copyWithin(from + 1, to, n);
    ws.copyWithin(from + 1, to, n);
    ts[from] = time;
    ws[from] = walk;
    this.len[r] = next;
    return true;
  }
}
