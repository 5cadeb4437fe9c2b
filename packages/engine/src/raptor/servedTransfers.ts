import type { TransitData } from './transitData.ts';

/**
 * The transfers between two stops that patterns serve, in search order as CSR: forward the real
 * transfers from each stop, backward the real transfers into it (the `transferIn*` arrays).
 * A stop no pattern serves boards nothing, so a change or walk to it leads nowhere in the routers
 * (`VehicleBound.toBoard` is 255 there) and the vehicle bound's breadth-first search need not pass
 * through it. At GB x 1, 174,000 of 400,000 stops have no pattern and 0.9 M of the 4.5 M transfers
 * are between served stops: the routers' and the bound's transfer steps read a fifth of the edges.
 */
export interface ServedTransfers {
  /** The transfers of stop s (from it forward, into it backward) are i in [offsets[s], offsets[s + 1]). */
  offsets: Int32Array;
  /** The other stop. */
  other: Int32Array;
  /** Seconds, as stored. */
  sec: Int32Array;
  /** 1 for a walk, 0 for a change at one stop (as `transferIsWalk`). */
  isWalk: Uint8Array;
}

/**
 * By the patterns at each stop, then the direction's transfer stops and times (service days' views
 * share them; a live view may have patterns or transfers of its own).
 */
const built = new WeakMap<Int32Array, WeakMap<Int32Array, WeakMap<Int32Array, ServedTransfers>>>();

/** The served transfers of `d` in one search direction (built once per timetable and direction). */
export function servedTransfers(d: TransitData, fwd: boolean): ServedTransfers {
  const off = fwd ? d.transferOffsets : d.transferInOffsets;
  const to = fwd ? d.transferTo : d.transferInFrom;
  const secs = fwd ? d.transferSec : d.transferInSec;
  const walks = fwd ? d.transferIsWalk : d.transferInIsWalk;
  let byStops = built.get(d.stopPatternOffsets);
  if (!byStops) built.set(d.stopPatternOffsets, (byStops = new WeakMap()));
  let bySecs = byStops.get(to);
  if (!bySecs) byStops.set(to, (bySecs = new WeakMap()));
  const known = bySecs.get(secs);
  if (known) return known;
  const served = (s: number) => d.stopPatternOffsets[s + 1]! > d.stopPatternOffsets[s]!;
  const offsets = new Int32Array(d.stopCount + 1);
  let n = 0;
  for (let s = 0; s < d.stopCount; s++) {
    if (served(s)) for (let i = off[s]!; i < off[s + 1]!; i++) if (served(to[i]!)) n++;
    offsets[s + 1] = n;
  }
  const other = new Int32Array(n);
  const sec = new Int32Array(n);
  const isWalk = new Uint8Array(n);
  n = 0;
  for (let s = 0; s < d.stopCount; s++) {
    if (!served(s)) continue;
    for (let i = off[s]!; i < off[s + 1]!; i++) {
      if (!served(to[i]!)) continue;
      other[n] = to[i]!;
      sec[n] = secs[i]!;
      isWalk[n++] = walks[i]!;
    }
  }
  const result = { offsets, other, sec, isWalk };
  bySecs.set(secs, result);
  return result;
}
