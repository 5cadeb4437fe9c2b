import type { TimetableInput } from '../../../src/timetable/types.ts';
import type { Timetable } from '../../../src/timetable/timetable.ts';
import type { AccessLeg, RaptorJourney } from '../../../src/raptor/types.ts';

/**
 * A deliberately plain reference search: a time-expanded Dijkstra over trip instances built
 * straight from the generator's input (not from the compact timetable), ordered by (time, walking).
 * Only the transfer list is taken from the built timetable: what is checked is routing, not how
 * footpaths are made. Times are seconds from the query day's midnight (networks are in UTC).
 */

interface Instance {
  stops: Int32Array;
  arr: number[];
  dep: number[];
  noPickup: boolean[];
  noDrop: boolean[];
  wheelchair: number;
}

const DAY = 86_400;

/** Trip instances of days D−2 … D+2 that run, from the raw input. */
export function listInstances(input: TimetableInput, queryDay: number, daysAround = 2): Instance[] {
  const out: Instance[] = [];
  for (let day = queryDay - daysAround; day <= queryDay + daysAround; day++) {
    const weekday = (((day + 3) % 7) + 7) % 7;
    const runs = input.services.map((s) => {
      if (s.removedDays.includes(day)) return false;
      if (s.addedDays.includes(day)) return true;
      return day >= s.startDay && day <= s.endDay && ((s.weekdays >> weekday) & 1) === 1;
    });
    for (const trip of input.trips) {
      if (!runs[trip.service]) continue;
      for (const shift of trip.runShiftsSec ?? [0]) {
        const off = (day - queryDay) * DAY + shift;
        const n = trip.stops.length;
        out.push({
          stops: trip.stops,
          arr: Array.from(trip.arrivals, (t) => t + off),
          dep: Array.from(trip.departures, (t) => t + off),
          noPickup: Array.from({ length: n }, (_, i) => trip.pickupType[i] === 1 || i === n - 1),
          noDrop: Array.from({ length: n }, (_, i) => trip.dropOffType[i] === 1 || i === 0),
          wheelchair: trip.wheelchair,
        });
      }
    }
  }
  return out;
}

export interface RefLabel {
  time: number;
  walk: number;
}

/** Binary heap keyed by (time, walk). */
class Heap<T> {
  private items: { time: number; walk: number; v: T }[] = [];
  get size(): number {
    return this.items.length;
  }
  push(time: number, walk: number, v: T): void {
    const a = this.items;
    a.push({ time, walk, v });
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (less(a[i]!, a[p]!)) {
        [a[i], a[p]] = [a[p]!, a[i]!];
        i = p;
      } else break;
    }
  }
  pop(): { time: number; walk: number; v: T } {
    const a = this.items;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && less(a[l]!, a[m]!)) m = l;
        if (r < a.length && less(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}
function less(a: { time: number; walk: number }, b: { time: number; walk: number }): boolean {
  return a.time < b.time || (a.time === b.time && a.walk < b.walk);
}

export interface ReferenceNetwork {
  instances: Instance[];
  /** instancesAt[stop] = list of [instance, position] where boarding may be possible. */
  at: [number, number][][];
  tt: Timetable;
  stopWheelchair: number[];
}

export function makeReferenceNetwork(
  input: TimetableInput,
  tt: Timetable,
  queryDay: number,
  daysAround = 2,
): ReferenceNetwork {
  const instances = listInstances(input, queryDay, daysAround);
  const at: [number, number][][] = input.stops.map(() => []);
  instances.forEach((inst, i) => inst.stops.forEach((s, p) => at[s]!.push([i, p])));
  return { instances, at, tt, stopWheelchair: input.stops.map((s) => s.wheelchair) };
}

/**
 * Best (time, walk) at the destination with exactly k vehicles, for k = 0 … maxRides
 * (index 0 unused: walking only is not a transit journey).
 */
export function referenceEarliest(
  net: ReferenceNetwork,
  startSec: number,
  access: AccessLeg[],
  egress: AccessLeg[],
  maxRides: number,
  wheelchair: boolean,
  /** Stop exploring past this time: results arriving later are then not reported. */
  cutoffSec = Infinity,
): (RefLabel | undefined)[] {
  const a = net.tt.a;
  const okStop = (s: number): boolean => !wheelchair || net.stopWheelchair[s] !== 2;
  type Node =
    | { kind: 'ready' | 'arrived'; stop: number; k: number }
    | { kind: 'onboard'; inst: number; pos: number; k: number };
  const S = net.stopWheelchair.length;
  const K = maxRides + 1;
  const key = (n: Node): number =>
    n.kind === 'onboard'
      ? 2 * S * K + ((n.inst * 512 + n.pos) * K + n.k)
      : (n.kind === 'ready' ? 0 : S * K) + n.k * S + n.stop;
  const best = new Map<number, RefLabel>();
  const heap = new Heap<Node>();
  const relax = (n: Node, time: number, walk: number): void => {
    const k = key(n);
    const old = best.get(k);
    if (old && !less({ time, walk }, old)) return;
    best.set(k, { time, walk });
    heap.push(time, walk, n);
  };
  for (const acc of access)
    if (okStop(acc.stopIdx))
      relax({ kind: 'ready', stop: acc.stopIdx, k: 0 }, startSec + acc.durationSec, acc.durationSec);
  const target: (RefLabel | undefined)[] = new Array(maxRides + 1).fill(undefined);
  while (heap.size > 0) {
    const { time, walk, v: n } = heap.pop();
    if (time > cutoffSec) break;
    const cur = best.get(key(n))!;
    if (cur.time !== time || cur.walk !== walk) continue;
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
      for (const eg of egress) {
        if (eg.stopIdx !== n.stop) continue;
        const cand = { time: time + eg.durationSec, walk: walk + eg.durationSec };
        if (cand.time > cutoffSec) continue;
        const old = target[n.k];
        if (!old || less(cand, old)) target[n.k] = cand;
      }
    }
  }
  return target;
}

/** Pareto (arrival, rides) from per-k results: keep k only when it arrives strictly earlier than with fewer rides. */
export function paretoFromPerK(
  perK: (RefLabel | undefined)[],
): { rides: number; time: number; walk: number }[] {
  const out: { rides: number; time: number; walk: number }[] = [];
  let bestTime = Infinity;
  for (let k = 1; k < perK.length; k++) {
    const l = perK[k];
    if (l && l.time < bestTime) {
      out.push({ rides: k, time: l.time, walk: l.walk });
      bestTime = l.time;
    }
  }
  return out;
}

/** The range-query candidates: every running departure at an access stop within the window, minus the access time. */
export function listStartTimes(
  net: ReferenceNetwork,
  t0: number,
  windowSec: number,
  access: AccessLeg[],
  wheelchair: boolean,
): number[] {
  const set = new Set<number>([t0]);
  for (const acc of access) {
    for (const [i, p] of net.at[acc.stopIdx]!) {
      const inst = net.instances[i]!;
      if (inst.noPickup[p] || (wheelchair && inst.wheelchair === 2)) continue;
      const t = inst.dep[p]! - acc.durationSec;
      if (t >= t0 && t <= t0 + windowSec) set.add(t);
    }
  }
  return [...set].sort((x, y) => y - x);
}

/** RAPTOR's journeys in paretoFromPerK's terms (rides, arrival, walking), those arriving before `horizon`. */
export function frontierOf(
  journeys: RaptorJourney[],
  horizon: number,
): { rides: number; time: number; walk: number }[] {
  return journeys
    .map((j) => ({ rides: j.transfers + 1, time: j.arrivalSec, walk: j.walkSec }))
    .filter((e) => e.time < horizon)
    .sort((a, b) => a.rides - b.rides);
}
