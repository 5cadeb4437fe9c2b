import type { AccessLeg } from '../../../src/raptor/types.ts';
import type { ReferenceNetwork } from './reference.ts';

/**
 * The multi-criteria reference: the same time-expanded graph as `referenceEarliest`, searched with a
 * set of labels per node instead of one (Martins' label setting: labels leave the heap in
 * (time, walk) order and a label is dropped when one already at its node is no later and walks no
 * more). The vehicle count is part of the node, so the destination collects every (arrival,
 * vehicles, walking) trade-off. Plain objects and maps on purpose: slow and obvious.
 */

export interface McEntry {
  rides: number;
  time: number;
  walk: number;
}

interface Label {
  time: number;
  walk: number;
  dead: boolean;
}

type Node =
  | { kind: 'ready' | 'arrived'; stop: number; k: number }
  | { kind: 'onboard'; inst: number; pos: number; k: number };

/** Binary heap of labels ordered by (time, walk). */
class LabelHeap {
  private items: { label: Label; node: Node }[] = [];
  get size(): number {
    return this.items.length;
  }
  push(label: Label, node: Node): void {
    const a = this.items;
    a.push({ label, node });
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(a[i]!.label, a[p]!.label)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  pop(): { label: Label; node: Node } {
    const a = this.items;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        let m = i;
        if (l < a.length && before(a[l]!.label, a[m]!.label)) m = l;
        if (l + 1 < a.length && before(a[l + 1]!.label, a[m]!.label)) m = l + 1;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

function before(a: Label, b: Label): boolean {
  return a.time < b.time || (a.time === b.time && a.walk < b.walk);
}

/**
 * Every Pareto-optimal (arrival, vehicles, walking) at the destination when leaving the origin at
 * or after `startSec`, with 1 … maxRides vehicles; arrivals after `cutoffSec` are not explored.
 */
export function referencePareto(
  net: ReferenceNetwork,
  startSec: number,
  access: AccessLeg[],
  egress: AccessLeg[],
  maxRides: number,
  wheelchair: boolean,
  cutoffSec = Infinity,
): McEntry[] {
  const a = net.tt.a;
  const okStop = (s: number): boolean => !wheelchair || net.stopWheelchair[s] !== 2;
  const S = net.stopWheelchair.length;
  const K = maxRides + 1;
  const key = (n: Node): number =>
    n.kind === 'onboard'
      ? 2 * S * K + ((n.inst * 512 + n.pos) * K + n.k)
      : (n.kind === 'ready' ? 0 : S * K) + n.k * S + n.stop;
  const labels = new Map<number, Label[]>();
  const heap = new LabelHeap();
  const relax = (n: Node, time: number, walk: number): void => {
    if (time > cutoffSec) return;
    const k = key(n);
    let list = labels.get(k);
    if (!list) labels.set(k, (list = []));
    if (list.some((l) => !l.dead && l.time <= time && l.walk <= walk)) return;
    for (const l of list) if (l.time >= time && l.walk >= walk) l.dead = true;
    const label = { time, walk, dead: false };
    list.push(label);
    heap.push(label, n);
  };
  for (const acc of access)
    if (okStop(acc.stopIdx))
      relax({ kind: 'ready', stop: acc.stopIdx, k: 0 }, startSec + acc.durationSec, acc.durationSec);
  const found: McEntry[] = [];
  while (heap.size > 0) {
    const { label, node: n } = heap.pop();
    if (label.dead) continue;
    const { time, walk } = label;
    if (n.kind === 'ready') {
      if (n.k >= maxRides) continue;
      for (const [i, p] of net.at[n.stop]!) {
        const inst = net.instances[i]!;
        if (inst.noPickup[p] || inst.dep[p]! < time) continue;
        if (wheelchair && inst.wheelchair === 2) continue;
        relax({ kind: 'onboard', inst: i, pos: p, k: n.k + 1 }, inst.dep[p]!, walk);
      }
    } else if (n.kind === 'onboard') {
      const inst = net.instances[n.inst]!;
      const q = n.pos + 1;
      if (q >= inst.stops.length) continue;
      relax({ kind: 'onboard', inst: n.inst, pos: q, k: n.k }, inst.dep[q]!, walk);
      if (!inst.noDrop[q] && okStop(inst.stops[q]!))
        relax({ kind: 'arrived', stop: inst.stops[q]!, k: n.k }, inst.arr[q]!, walk);
    } else {
      for (let e = a.transferOffsets[n.stop]!; e < a.transferOffsets[n.stop + 1]!; e++) {
        const to = a.transferTo[e]!;
        if (!okStop(to)) continue;
        const d = a.transferSec[e]!;
        relax({ kind: 'ready', stop: to, k: n.k }, time + d, walk + (a.transferIsWalk[e] ? d : 0));
      }
      for (const eg of egress)
        if (eg.stopIdx === n.stop && time + eg.durationSec <= cutoffSec)
          found.push({ rides: n.k, time: time + eg.durationSec, walk: walk + eg.durationSec });
    }
  }
  return paretoMin(found, (e) => [e.time, e.rides, e.walk]);
}

/** Entries no other entry matches or beats on every key (all keys: smaller is better); equal ones kept once. */
export function paretoMin<T>(list: T[], keys: (e: T) => number[]): T[] {
  const ks = list.map(keys);
  const out: T[] = [];
  const seen = new Set<string>();
  ks.forEach((k, i) => {
    const beaten = ks.some((o, j) => j !== i && o.every((v, x) => v <= k[x]!) && o.some((v, x) => v < k[x]!));
    const id = k.join('/');
    if (!beaten && !seen.has(id)) {
      seen.add(id);
      out.push(list[i]!);
    }
  });
  return out;
}

/** Arrive-by range candidates: every running arrival at an egress stop plus the egress time within [t1 − windowSec, t1]. */
export function listEndTimes(
  net: ReferenceNetwork,
  t1: number,
  windowSec: number,
  egress: AccessLeg[],
  wheelchair: boolean,
): number[] {
  const set = new Set<number>([t1]);
  // Like listStartTimes (and the engine), the stop's own wheelchair flag is not looked at here.
  for (const eg of egress) {
    for (const [i, p] of net.at[eg.stopIdx]!) {
      const inst = net.instances[i]!;
      if (inst.noDrop[p] || (wheelchair && inst.wheelchair === 2)) continue;
      const t = inst.arr[p]! + eg.durationSec;
      if (t >= t1 - windowSec && t <= t1) set.add(t);
    }
  }
  return [...set].sort((x, y) => x - y);
}
