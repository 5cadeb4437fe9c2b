import { MinHeap } from '../collections/minHeap.ts';
import { boundGraphOf, stopNumbering } from './boundGraph.ts';
import type { BoundGraph, StopNumbering } from './boundGraph.ts';
import type { TransitData } from './transitData.ts';
import type { AccessLeg } from './types.ts';

/** Time bound of a stop the end legs cannot be reached from. */
export const UNREACHABLE_SEC = 0x3fffffff;

/**
 * Per query, a lower bound on the time still needed from each stop to the destination side
 * (search order), end leg included: a shortest-path search from the end stops against the search
 * direction over the fastest hop any stored trip makes between consecutive stops of a pattern,
 * and over transfers. Timetables, waits, pickup/drop-off rules and wheelchair limits are ignored,
 * so the bound never overstates; being a shortest-path distance it is also consistent (never falls
 * by more than a hop or transfer takes), so whatever a label reaches from a stop is bounded too.
 *
 * McRAPTOR drops a label when a kept destination label arrives no later than the label's time plus
 * this bound, walks no more and uses no more vehicles (target pruning with a lower bound, as A*
 * does): on a dense network it stops the search from spreading away from the destination.
 *
 * Where the stops have coordinates (and, for the planner's shared bounds, the network has at least
 * AIM_MIN_STOPS stops), the search itself is aimed at the start stops (A*): each stop's
 * key adds the straight-line distance from it to a ball around the starts at the network's top
 * speed (`aim`), so stops away from the starts settle late or not at all. Unsettled stops get the
 * searched radius plus one second less their aim, still a consistent lower bound.
 */
export class TimeBound {
  /** Seconds from the stop to the end, at least (search order); UNREACHABLE_SEC when none. */
  readonly toEnd: Int32Array;
  /**
   * True when every stored trip's times never fall along its stops (no dwell or hop below zero):
   * then a time bound reached on board at one stop holds for every later stop of that ride too.
   */
  readonly tripsMoveOn: boolean;
  private readonly data: TransitData;
  /** Per pattern position (patternStops indexing): the fastest hop of any trip to the next position. */
  readonly fastestHop: Int32Array;
  /**
   * The shortest-path searches of the last few end-leg sets, most recently used first, each resumed
   * further when asked again: a search's families end at different stops (the walk, the bike, the
   * drive to a station) and take turns, and an arrive-by search with a buffer runs them all twice
   * (planner/withinBuffer.ts), so with one kept search nearly every query started again.
   */
  private readonly searches: EndSearch[] = [];
  /** The search `toEnd` was last filled from, and its `changes` then. */
  private filledFrom: EndSearch | undefined;
  private filledAt = -1;
  /**
   * The stops as the searches number them (near stops near in memory): their distances, aims,
   * queues and `isStart` are by number, `toEnd` by stop.
   */
  private readonly numbering: StopNumbering;
  /** Per stop number during compute: 1 for a start stop. */
  private readonly isStart: Uint8Array;
  /** Per block of stop numbers (`Geometry.blocks`): 1 while `toEnd` is 0 at each of its stops. */
  private readonly zeroBlocks: Uint8Array;
  /** Stop positions and the network's top speeds, to aim the searches; null without coordinates or aim. */
  private readonly geometry: Geometry | null;

  constructor(
    data: TransitData,
    fastest = fastestHops(data),
    geometry: Geometry | null = geometryOf(data, fastest.hops),
  ) {
    this.data = data;
    this.tripsMoveOn = fastest.tripsMoveOn;
    this.toEnd = new Int32Array(data.stopCount);
    this.isStart = new Uint8Array(data.stopCount);
    this.numbering = stopNumbering(data);
    this.zeroBlocks = new Uint8Array(Math.ceil(data.stopCount / BLOCK));
    this.fastestHop = fastest.hops;
    this.geometry = geometry;
  }

  /**
   * The bound of a timetable for one search direction, shared by its routers: a search's range
   * queries and McRAPTOR's mostly end at the same stops (the walk to the destination), and
   * queries never run inside one another.
   */
  static shared(data: TransitData, fwd: boolean): TimeBound {
    let pair = sharedBounds.get(data);
    if (!pair) {
      const hops = fastestHops(data);
      // Aimed only on a network large enough for it to pay (AIM_MIN_STOPS).
      const geometry = data.stopCount >= AIM_MIN_STOPS ? geometryOf(data, hops.hops) : null;
      sharedBounds.set(
        data,
        (pair = [new TimeBound(data, hops, geometry), new TimeBound(data, hops, geometry)]),
      );
    }
    return pair[fwd ? 0 : 1];
  }

  /**
   * Fills `toEnd` for a search from `starts` to `ends`; transfers walk at `walkFactor` times their
   * stored time. The shortest-path search needs to go no further than `horizonSec`, nor past twice
   * the time from the nearest start stop plus `slackSec` (a journey that long is rarely the one to
   * beat): stops beyond get the searched radius plus one second, still a consistent lower bound,
   * at a fraction of the cost on a large network. A search with the same end legs as one of the
   * last few resumes it (a search's latest-departure queries share their end legs, each reaching a
   * little further; its families take turns). An aimed search is aimed so that every start stop
   * has no aim (a ball around them all), so the start stops' bounds are what an unaimed search gives.
   */
  compute(
    starts: readonly AccessLeg[],
    ends: readonly AccessLeg[],
    fwd: boolean,
    walkFactor: number,
    horizonSec: number,
    slackSec: number,
  ): void {
    const { isStart, toEnd } = this;
    const { order, rank } = this.numbering;
    const key = `${fwd ? 'f' : 'b'} ${walkFactor} ${ends.map((e) => `${e.stopIdx}:${e.durationSec}`).join(',')}`;
    const search = this.searchFor(key, fwd, walkFactor, ends);
    const { dist } = search;
    try {
      this.aimAt(search, starts);
      let horizon = horizonSec;
      let nearestStart = UNREACHABLE_SEC;
      for (const a of starts) {
        const at = rank[a.stopIdx]!;
        isStart[at] = 1;
        if (dist[at]! <= search.settledSec) nearestStart = Math.min(nearestStart, dist[at]!);
      }
      if (nearestStart < UNREACHABLE_SEC) horizon = Math.min(horizon, 2 * nearestStart + slackSec);
      if (horizon > search.settledSec) this.settle(search, horizon, slackSec);
    } catch (e) {
      // Cut short (say an allocation failing as its queue grows), the search may have lost queued
      // stops: it is dropped, so that no later query (of any router sharing this bound) resumes it.
      this.searches.splice(this.searches.indexOf(search), 1);
      throw e;
    } finally {
      for (const a of starts) isStart[rank[a.stopIdx]!] = 0;
    }
    // Unchanged since this bound last filled `toEnd` from it (a range's latest-departure queries
    // mostly ask within what is settled): nothing to write.
    if (this.filledFrom === search && this.filledAt === search.changes) return;
    this.filledFrom = search;
    this.filledAt = search.changes;
    // Stops not settled are further than the searched radius (less their aim: dist + aim ≤ radius
    // holds for every settled stop). A search that ran out settled them all.
    const beyond = search.settledSec + 1;
    const { aim, ball } = search;
    const { zeroBlocks } = this;
    if (!aim || !ball || search.settledSec >= UNREACHABLE_SEC - 1) {
      // A stop the search never reached is as far as `beyond` at least: one sequential fill, then
      // only the reached stops (at Scotland scale a range's search reaches about a third of them).
      toEnd.fill(Math.min(UNREACHABLE_SEC, beyond));
      const { reached } = search;
      for (let j = 0; j < search.reachedCount; j++) {
        const i = reached[j]!;
        toEnd[order[i]!] = Math.min(dist[i]!, beyond);
      }
      zeroBlocks.fill(0);
      return;
    }
    const { xyz, blocks } = this.geometry!;
    // A stop further than this from the ball's centre has an aim of `beyond` or more, so a bound
    // of 0 (reached or not); with a margin far above the rounding in the distances. At GB x 1 two
    // stops in three are that far, mostly whole blocks, which need not be written again.
    const far = ball.r + beyond * ball.speed * (1 + 1e-6) + 1e-12;
    const n = toEnd.length;
    for (let b = 0; b * BLOCK < n; b++) {
      const first = b * BLOCK;
      const last = Math.min(n, first + BLOCK);
      const dx = blocks[4 * b]! - ball.x;
      const dy = blocks[4 * b + 1]! - ball.y;
      const dz = blocks[4 * b + 2]! - ball.z;
      if (Math.sqrt(dx * dx + dy * dy + dz * dz) - blocks[4 * b + 3]! > far) {
        if (zeroBlocks[b] === 1) continue;
        for (let i = first; i < last; i++) toEnd[order[i]!] = 0;
        zeroBlocks[b] = 1;
        continue;
      }
      zeroBlocks[b] = 0;
      for (let i = first; i < last; i++) {
        let a = aim[i]!;
        if (a < 0) a = aim[i] = aimSec(xyz, i, ball);
        toEnd[order[i]!] = Math.min(dist[i]!, Math.max(0, beyond - a));
      }
    }
  }

  /**
   * Aims the search at a ball holding every start stop: the ball of its earlier starts, widened to
   * hold these too (a search's families start within reach of one origin). The queue is keyed anew;
   * stops already settled stay settled (their distances are exact whatever the aim).
   */
  private aimAt(search: EndSearch, starts: readonly AccessLeg[]): void {
    const g = this.geometry;
    const speed = g?.topSpeed(search.walkFactor) ?? 0;
    if (!g || starts.length === 0 || !(speed > 0) || !Number.isFinite(speed)) return;
    const { xyz } = g;
    const { rank } = this.numbering;
    let { ball } = search;
    if (!ball) {
      ball = { x: 0, y: 0, z: 0, r: 0, speed };
      for (const a of starts) {
        const at = rank[a.stopIdx]!;
        ball.x += xyz[3 * at]! / starts.length;
        ball.y += xyz[3 * at + 1]! / starts.length;
        ball.z += xyz[3 * at + 2]! / starts.length;
      }
    }
    let r = ball.r;
    for (const a of starts) r = Math.max(r, chordTo(xyz, rank[a.stopIdx]!, ball));
    if (search.aim && r === ball.r) return;
    const before = search.aim;
    const aimed = (search.ball = { ...ball, r, speed });
    const aim = search.aimArray ?? new Int32Array(this.data.stopCount);
    const { dist, heap, reached } = search;
    heap.clear();
    // A reached stop was queued, so its earlier aim is known.
    for (let j = 0; j < search.reachedCount; j++) {
      const i = reached[j]!;
      if (dist[i]! + (before ? before[i]! : 0) > search.settledSec)
        heap.push(i, dist[i]! + aimSec(xyz, i, aimed));
    }
    // Aims are worked out when first needed (-1 until then): a stop the search reaches, or the fill.
    aim.fill(-1);
    for (let j = 0; j < search.reachedCount; j++) aim[reached[j]!] = aimSec(xyz, reached[j]!, aimed);
    search.aim = search.aimArray = aim;
    search.changes++;
    // Every stop with dist + aim below the queue's least key is settled now.
    search.settledSec = heap.size > 0 ? Math.min(search.settledSec, heap.peekKey() - 1) : UNREACHABLE_SEC - 1;
  }

  /** The kept search of these end legs, moved to the front; else a new one (reusing the least recent's arrays when all are taken). */
  private searchFor(key: string, fwd: boolean, walkFactor: number, ends: readonly AccessLeg[]): EndSearch {
    const { searches } = this;
    const at = searches.findIndex((s) => s.key === key);
    if (at >= 0) {
      const [kept] = searches.splice(at, 1);
      searches.unshift(kept!);
      return kept!;
    }
    const reused = searches.length >= KEPT_SEARCHES ? searches.pop() : undefined;
    const dist = reused?.dist ?? new Int32Array(this.data.stopCount);
    const heap = reused?.heap ?? new MinHeap(1024);
    const aimArray = reused?.aimArray;
    const reached = reused?.reached ?? new Int32Array(1024);
    const search: EndSearch = {
      key,
      fwd,
      walkFactor,
      graph: boundGraphOf(this.data, this.fastestHop, fwd, walkFactor, this.numbering),
      dist,
      reached,
      reachedCount: 0,
      heap,
      settledSec: -1,
      changes: 0,
      aimArray,
    };
    search.dist.fill(UNREACHABLE_SEC);
    search.heap.clear();
    for (const e of ends) {
      const at = this.numbering.rank[e.stopIdx]!;
      if (e.durationSec < search.dist[at]!) {
        if (search.dist[at] === UNREACHABLE_SEC) reachedBy(search, at);
        search.dist[at] = e.durationSec;
        search.heap.push(at, e.durationSec);
      }
    }
    searches.unshift(search);
    return search;
  }

  /**
   * Runs the shortest-path search on until the horizon (cut when it first settles a start stop);
   * queue keys are distance plus aim, which is 0 at every start stop.
   */
  private settle(search: EndSearch, horizonSec: number, slackSec: number): void {
    const { isStart } = this;
    const { dist, heap } = search;
    const aim = search.aim ?? zerosFor(this.data.stopCount);
    const { ball } = search;
    const xyz = this.geometry?.xyz;
    const { offsets, edges } = search.graph;
    let horizon = horizonSec;
    while (heap.size > 0) {
      const key = heap.peekKey();
      if (key > horizon) break;
      const s = heap.pop();
      const at = dist[s]!;
      const aimS = aim[s]!;
      if (key > at + aimS) continue;
      // Start stops have no aim (they are in the ball): most stops skip the look-up.
      if (aimS === 0 && isStart[s] === 1) horizon = Math.min(horizon, 2 * key + slackSec);
      const end = offsets[s + 1]!;
      for (let i = offsets[s]!; i < end; i++) {
        const q = edges[2 * i]!;
        const t = at + edges[2 * i + 1]!;
        const before = dist[q]!;
        if (t >= before) continue;
        if (before === UNREACHABLE_SEC) reachedBy(search, q);
        dist[q] = t;
        let a = aim[q]!;
        if (a < 0) a = aim[q] = aimSec(xyz!, q, ball!);
        heap.push(q, t + a);
      }
    }
    // Every stop within the horizon is settled now (and all of them when the search ran out).
    search.settledSec = heap.size > 0 ? Math.max(search.settledSec, horizon) : UNREACHABLE_SEC - 1;
    search.changes++;
  }
}

/** Notes that the search reached stop s (its distance was UNREACHABLE_SEC until now). */
function reachedBy(search: EndSearch, s: number): void {
  if (search.reachedCount === search.reached.length) {
    const grown = new Int32Array(2 * search.reached.length);
    grown.set(search.reached);
    search.reached = grown;
  }
  search.reached[search.reachedCount++] = s;
}

/**
 * The fewest stops for the shared bounds (the planner's) to aim their searches. Measured with the
 * whole-search benches (README, "Great-Britain scale"): at GB scale (400,000 stops) aiming cut a
 * whole search's CPU by about half; at Scotland scale (40,000) it did not pay (5.7–7.8 % more CPU
 * than main aimed, 2.5–5.8 % unaimed, alternating in one process: within this machine's noise),
 * as the bounds it leaves weaker beyond the settled radius prune less. Between the two: not measured.
 */
const AIM_MIN_STOPS = 100_000;

/** Stop numbers to a block of `Geometry.blocks` (two cache lines of `toEnd` order, of distances, of aims). */
const BLOCK = 32;

/** The end-leg sets whose searches a bound keeps (a search's families rarely end at more than four). */
const KEPT_SEARCHES = 6;

/** A shortest-path search from one set of end legs, kept to be resumed further. */
interface EndSearch {
  /** The end legs, direction and walking factor it is for. */
  key: string;
  fwd: boolean;
  walkFactor: number;
  /** The graph searched (the bound's, for this direction and walking factor). */
  graph: BoundGraph;
  dist: Int32Array;
  /** The stops with a distance below UNREACHABLE_SEC, in the order reached: reachedCount of them. */
  reached: Int32Array;
  reachedCount: number;
  heap: MinHeap;
  /** Every stop with dist + aim ≤ settledSec is settled (its dist is exact). */
  settledSec: number;
  /** Counts the changes to dist, settledSec and aim. */
  changes: number;
  /**
   * Per stop, seconds at the network's top speed from it to `ball` at least, added to its queue
   * key (-1: not worked out yet); undefined for an unaimed search (no coordinates, no starts, or a
   * hop or transfer of no time between two places).
   */
  aim?: Int32Array;
  /** The ball around the start stops the search is aimed at. */
  ball?: Ball;
  /** The array `aim` uses (kept when a search is reused). */
  aimArray?: Int32Array;
}

/** A ball in the space of `Geometry.xyz` (earth radii), and the speed a search aims at it with. */
interface Ball {
  x: number;
  y: number;
  z: number;
  r: number;
  /** Earth radii of straight line a second. */
  speed: number;
}

/** Seconds from the stop numbered `i` to the ball at its speed, at least (whole seconds down). */
function aimSec(xyz: Float64Array, i: number, b: Ball): number {
  return Math.floor(Math.max(0, chordTo(xyz, i, b) - b.r) / b.speed);
}

/**
 * Stop positions on the unit sphere (earth radii: the aim is a length over a speed in the same unit,
 * so the earth's size drops out), and the network's top speed for a walking factor.
 */
export interface Geometry {
  /** By stop number (`StopNumbering`), three a stop. */
  xyz: Float64Array;
  /**
   * Per block of BLOCK stop numbers (near stops: numbers are in Z-order), a ball holding its stops:
   * centre x, y, z and radius (a hair over), four a block.
   */
  blocks: Float64Array;
  topSpeed(walkFactor: number): number;
}

/** Zeros for an unaimed search's queue keys (shared, never written). */
let zeros = new Int32Array(0);
function zerosFor(stopCount: number): Int32Array {
  if (zeros.length < stopCount) zeros = new Int32Array(stopCount);
  return zeros;
}

/** Straight-line (chord) distance from the stop numbered `i` to the ball's centre, in earth radii. */
function chordTo(xyz: Float64Array, i: number, b: Ball): number {
  const dx = xyz[3 * i]! - b.x;
  const dy = xyz[3 * i + 1]! - b.y;
  const dz = xyz[3 * i + 2]! - b.z;
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Geometry by the timetable's arrival times (one array per timetable, shared by its views). */
const geometries = new WeakMap<Int32Array, Geometry>();

/**
 * Stop positions as points in space (straight lines through the earth are never longer than
 * the way round it) and, per walking factor, the top speed of the network: the most earth radii a
 * second of straight line any pattern hop (at its fastest trip) or transfer makes. An edge of no
 * time between two places makes it infinite (the search is not aimed). Null without
 * coordinates.
 */
export function geometryOf(d: TransitData, hops: Int32Array): Geometry | null {
  const lat = d.stopLat;
  const lon = d.stopLon;
  if (!lat || !lon || lat.length < d.stopCount) return null;
  // One per timetable: each service day's view shares its stops, trips and transfers.
  const known = geometries.get(d.arrivals);
  if (known) return known;
  const { rank } = stopNumbering(d);
  const at = new Float64Array(3 * d.stopCount);
  for (let s = 0; s < d.stopCount; s++) {
    const la = (lat[s]! * Math.PI) / 180;
    const lo = (lon[s]! * Math.PI) / 180;
    const i = rank[s]!;
    at[3 * i] = Math.cos(la) * Math.cos(lo);
    at[3 * i + 1] = Math.cos(la) * Math.sin(lo);
    at[3 * i + 2] = Math.sin(la);
  }
  // Between two stops (by stop, not number).
  const chord = (s: number, t: number) => {
    const u = rank[s]!;
    const v = rank[t]!;
    return Math.hypot(
      at[3 * u]! - at[3 * v]!,
      at[3 * u + 1]! - at[3 * v + 1]!,
      at[3 * u + 2]! - at[3 * v + 2]!,
    );
  };
  const blocks = new Float64Array(4 * Math.ceil(d.stopCount / BLOCK));
  for (let b = 0; b * BLOCK < d.stopCount; b++) {
    const first = b * BLOCK;
    const last = Math.min(d.stopCount, first + BLOCK);
    for (let i = first; i < last; i++)
      for (let k = 0; k < 3; k++) blocks[4 * b + k] = blocks[4 * b + k]! + at[3 * i + k]! / (last - first);
    const centre = { x: blocks[4 * b]!, y: blocks[4 * b + 1]!, z: blocks[4 * b + 2]!, r: 0, speed: 0 };
    let r = 0;
    for (let i = first; i < last; i++) r = Math.max(r, chordTo(at, i, centre));
    blocks[4 * b + 3] = r * (1 + 1e-9) + 1e-12;
  }
  const speedOf = (m: number, sec: number) => (m === 0 ? 0 : sec <= 0 ? Infinity : m / sec);
  let hopSpeed = 0;
  for (let r = 0; r < d.patternCount; r++)
    for (let p = d.patternStopOffsets[r]!; p + 1 < d.patternStopOffsets[r + 1]!; p++)
      hopSpeed = Math.max(hopSpeed, speedOf(chord(d.patternStops[p]!, d.patternStops[p + 1]!), hops[p]!));
  const bySpeed = new Map<number, number>();
  const geometry: Geometry = {
    xyz: at,
    blocks,
    topSpeed(walkFactor: number): number {
      let top = bySpeed.get(walkFactor);
      if (top !== undefined) return top;
      top = hopSpeed;
      for (let s = 0; s < d.stopCount && Number.isFinite(top); s++)
        for (let i = d.transferOffsets[s]!; i < d.transferOffsets[s + 1]!; i++) {
          const stored = d.transferSec[i]!;
          const sec =
            d.transferIsWalk[i] === 1 && walkFactor !== 1 ? Math.round(stored * walkFactor) : stored;
          top = Math.max(top, speedOf(chord(s, d.transferTo[i]!), Math.min(sec, stored)));
        }
      // A hair faster, so rounding in the distances never lets an aim outrun an edge.
      top *= 1 + 1e-9;
      bySpeed.set(walkFactor, top);
      return top;
    },
  };
  geometries.set(d.arrivals, geometry);
  return geometry;
}

const sharedBounds = new WeakMap<TransitData, [TimeBound, TimeBound]>();

/**
 * The fastest hop of any stored trip from each pattern position to the next (0 at a pattern's last
 * position), and whether every trip's times never fall along its stops.
 */
function fastestHops(d: TransitData): { hops: Int32Array; tripsMoveOn: boolean } {
  const out = new Int32Array(d.patternStops.length).fill(UNREACHABLE_SEC);
  const tripCount = d.tripPattern.length;
  let backwards = false;
  let dwellBelowZero = false;
  for (let t = 0; t < tripCount; t++) {
    const r = d.tripPattern[t]!;
    const base = d.patternStopOffsets[r]!;
    const n = d.patternStopOffsets[r + 1]! - base;
    const tto = d.tripTimeOffsets[t]!;
    for (let p = 0; p + 1 < n; p++) {
      const hop = d.arrivals[tto + p + 1]! - d.departures[tto + p]!;
      if (hop < 0) backwards = true;
      if (
        d.departures[tto + p]! < d.arrivals[tto + p]! ||
        d.departures[tto + p + 1]! < d.arrivals[tto + p + 1]!
      )
        dwellBelowZero = true;
      if (hop < out[base + p]!) out[base + p] = hop;
    }
  }
  // A trip arriving before it left the previous stop would make the bound overstate: with one in
  // the data, every hop counts as instant (the bound keeps only reachability and end legs).
  for (let i = 0; i < out.length; i++) if (backwards && out[i] !== UNREACHABLE_SEC) out[i] = 0;
  for (let r = 0; r < d.patternCount; r++) out[d.patternStopOffsets[r + 1]! - 1] = 0;
  return { hops: out, tripsMoveOn: !backwards && !dwellBelowZero };
}
