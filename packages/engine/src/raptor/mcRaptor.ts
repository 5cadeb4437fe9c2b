import { POS_NO_DROP_OFF, POS_NO_PICKUP } from './transitData.ts';
import type { PatternIdx, StopIdx, TransitData, TripHit, TripIdx } from './transitData.ts';
import { DEFAULT_MAX_DURATION_SEC } from './raptor.ts';
import { withEndTransfers } from './endTransfers.ts';
import { mapRangeStartSlots } from './rangeStarts.ts';
import type { RangeStart } from './rangeStarts.ts';
import { toRealJourney } from './realJourney.ts';
import { TargetFronts } from './targetFronts.ts';
import { RideBounds } from './rideBounds.ts';
import { TimeBound, UNREACHABLE_SEC } from './timeBound.ts';
import { servedTransfers } from './servedTransfers.ts';
import { TripLookups } from './tripLookups.ts';
import { VehicleBound } from './vehicleBound.ts';
import { emptyStats } from './types.ts';
import type { AccessLeg, RaptorJourney, RaptorLeg, RaptorQuery, RaptorResult, RaptorStats } from './types.ts';

/** Label kinds: how the label was reached. */
const KIND_ACCESS = 0;
const KIND_TRANSFER = 1;
const KIND_RIDE = 2;
const KIND_TARGET = 3;
const NONE = -1;
const INITIAL_LABELS = 1 << 12;
const INITIAL_ROUTE_BAG = 16;

/**
 * Multi-criteria RAPTOR (McRAPTOR, Delling et al. 2012) with range iterations: the Pareto set on
 * (later departure within the window, earlier arrival, fewer transfers, less walking), where
 * walking is access + walking transfers + egress (same-stop change times are not walking).
 *
 * Same query, result, search-time convention ("smaller is better": negated time for arrive-by) and
 * semantics as `Raptor`; only the criteria differ. Each stop has two bags, `t` (arrived by a
 * vehicle) and `r` (ready to board after a change or walk), each a Pareto set on
 * (time, walking, vehicles) kept over all rounds and over the range iterations (later starts first,
 * so a kept label always leaves no earlier than a new one). A route bag carries the trips boarded
 * during a pattern scan. Labels live in one growable typed-array pool, reused across queries.
 */
export class McRaptor {
  private readonly data: TransitData;
  private readonly maxRounds: number;
  private readonly S: number;
  /** The query's walkTransferFactor (set at the start of each route call). */
  private walkFactor = 1;
  // Label pool (index = label id).
  private cap = 0;
  private count = 0;
  private lTime = new Int32Array(0);
  private lWalk = new Int32Array(0);
  private lRound = new Uint8Array(0);
  private lKind = new Uint8Array(0);
  private lAlive = new Uint8Array(0);
  private lStop = new Int32Array(0);
  private lParent = new Int32Array(0);
  /** Next label in the stop's bag. */
  private lNext = new Int32Array(0);
  /** Next label created at the same stop in the same round (the labels to extend). */
  private lNewNext = new Int32Array(0);
  private lIter = new Int32Array(0);
  /** Ride: trip, shift, board position, alight position. Transfer: seconds, is-walk. Access/target: leg index. */
  private lA = new Int32Array(0);
  private lB = new Int32Array(0);
  private lC = new Int32Array(0);
  private lD = new Int32Array(0);
  // Bags per stop (heads of label chains) and their reset list.
  private readonly tHead: Int32Array;
  private readonly rHead: Int32Array;
  private readonly touched: Uint8Array;
  private readonly touchedList: Int32Array;
  private touchedCount = 0;
  private targetHead = NONE;
  /** The target bag as fronts per vehicle count, for the dominance test of every new label. */
  private readonly targetFronts = new TargetFronts();
  /** Labels created this round per stop, and the stops that have some. */
  private readonly newT: Int32Array;
  private readonly newR: Int32Array;
  private readonly markedT: Int32Array;
  private markedTCount = 0;
  private readonly markedR: Int32Array;
  private markedRCount = 0;
  /** Egress (search-order end) legs per stop: first leg index, then the next one per leg. */
  private readonly endFirst: Int32Array;
  private endNext = new Int32Array(8);
  // Pattern queue.
  private readonly queuePos: Int32Array;
  /** Per queued pattern: its last position (search order) with a new ready label. */
  private readonly queueEnd: Int32Array;
  private readonly queue: Int32Array;
  private readonly boardable: Uint8Array;
  /** Per stopPatterns slot during a range iteration's first round: 1 where a vehicle leaves exactly at the start. */
  private readonly exactSlot: Uint8Array;
  // Route bag.
  private rbCap = INITIAL_ROUTE_BAG;
  private rbTrip = new Int32Array(INITIAL_ROUTE_BAG);
  private rbShift = new Int32Array(INITIAL_ROUTE_BAG);
  private rbTto = new Int32Array(INITIAL_ROUTE_BAG);
  private rbWalk = new Int32Array(INITIAL_ROUTE_BAG);
  private rbBoardPos = new Int32Array(INITIAL_ROUTE_BAG);
  private rbParent = new Int32Array(INITIAL_ROUTE_BAG);
  private readonly hit: TripHit = { trip: 0 as TripIdx, shiftSec: 0, timeSec: 0 };
  /** Trip lookups, each answered from the last one at its position while that holds. */
  private readonly lookups: TripLookups;
  // Per query.
  private bound = 0;
  private iter = 0;
  private rounds = 0;
  private readonly vehicles: VehicleBound;
  /** Per query: the least time from each stop to the destination side (end leg included), shared per timetable and direction. */
  private times!: TimeBound;
  /** Per query: `times.toEnd`, or `noTimeBound` for a query not worth the bound's search. */
  private toEnd!: Int32Array;
  /** All zeros: no time bound, only the target and the journey length prune. */
  private readonly noTimeBound: Int32Array;
  /**
   * Per query once it has made `rideAfter` labels, where the network fits
   * (`RideBounds.fits`): the time and walking still needed per vehicle count still allowed, used
   * instead of `times.toEnd` from the next range iteration on; undefined before.
   */
  private ride: RideBounds | undefined;
  private rideBounds: RideBounds | undefined;
  private readonly rideFits: boolean;
  /** The labels a query makes before it works the ride bounds out (RideBounds.labelsToPay). */
  private readonly rideAfter: number;
  /** Per query: the least walking any end leg adds. */
  private endWalk = 0;
  private ends: AccessLeg[] = [];

  /** Allocates per-stop storage for up to `maxTransfers` changes; reuse one instance for many queries. */
  constructor(data: TransitData, maxTransfers = 5) {
    this.data = data;
    this.maxRounds = Math.min(maxTransfers + 1, 255);
    const S = data.stopCount;
    this.S = S;
    this.tHead = new Int32Array(S).fill(NONE);
    this.rHead = new Int32Array(S).fill(NONE);
    this.touched = new Uint8Array(S);
    this.touchedList = new Int32Array(S);
    this.newT = new Int32Array(S).fill(NONE);
    this.newR = new Int32Array(S).fill(NONE);
    this.markedT = new Int32Array(S);
    this.markedR = new Int32Array(S);
    this.endFirst = new Int32Array(S).fill(NONE);
    this.queuePos = new Int32Array(data.patternCount).fill(NONE);
    this.queueEnd = new Int32Array(data.patternCount);
    this.queue = new Int32Array(data.patternCount);
    this.boardable = new Uint8Array(S);
    this.exactSlot = new Uint8Array(data.stopPatterns.length);
    this.lookups = new TripLookups(data);
    this.vehicles = new VehicleBound(data);
    this.noTimeBound = new Int32Array(S);
    this.rideFits = RideBounds.fits(data);
    this.rideAfter = RideBounds.labelsToPay(data);
    this.growLabels(INITIAL_LABELS);
  }

  /** Runs one query (single departure or range) and returns the Pareto set of journeys. */
  route(query: RaptorQuery): RaptorResult {
    const started = performance.now();
    const fwd = query.direction === 'depart-after';
    const rounds = Math.min(this.maxRounds, (query.maxTransfers ?? this.maxRounds - 1) + 1);
    const stats = emptyStats();
    // Vehicle end legs extended by a walking transfer, as in Raptor (endTransfers.ts).
    const endLegs = withEndTransfers(this.data, query);
    const starts = fwd ? endLegs.access : endLegs.egress;
    const ends = fwd ? endLegs.egress : endLegs.access;
    this.walkFactor = query.walkTransferFactor ?? 1;
    const wheelchair = query.wheelchair === true;
    const maxDurationSec = query.maxDurationSec ?? DEFAULT_MAX_DURATION_SEC;
    this.resetQuery(ends, wheelchair);
    const found: RaptorJourney[] = [];
    // From here a throw (a trace hook, a trip finder, an allocation) leaves the end stops noted and
    // maybe stops marked: `resetStops` clears them in the finally.
    let finished = false;
    try {
      this.rounds = rounds;
      this.targetFronts.reset(rounds);
      this.vehicles.computeForSearch(starts, ends, fwd, rounds);
      this.endWalk = ends.length > 0 ? Math.min(...ends.map((e) => e.durationSec)) : 0;
      const longestEnd = ends.reduce((m, e) => Math.max(m, e.durationSec), 0);
      this.ride = undefined;
      const startTimes = [...mapRangeStartSlots(this.data, query, starts, fwd)];
      this.times = TimeBound.shared(this.data, fwd);
      // As in Raptor: the time bound's search pays over a range's iterations and for a length-limited
      // query, not for one departure (a window no vehicle leaves in; at Scotland scale the bound
      // was nearly all of such a query's CPU, 41 of 42 ms over 60 searches' seven).
      const bounded = startTimes.length > 1 || query.maxDurationSec !== undefined;
      if (bounded)
        this.times.compute(
          starts,
          ends,
          fwd,
          this.walkFactor,
          maxDurationSec + longestEnd,
          query.windowSec ?? 0,
        );
      this.toEnd = bounded ? this.times.toEnd : this.noTimeBound;
      for (let i = 0; i < startTimes.length; i++) {
        const [start, exact] = startTimes[i]!;
        this.iter = i;
        this.bound = start + maxDurationSec;
        stats.iterations++;
        // As in Raptor: after the latest start, only the start stops where a vehicle leaves exactly then.
        this.iterate(start, starts, i === 0 ? undefined : exact, rounds, fwd, wheelchair, stats, query.trace);
        // A search that has grown large prunes with the ride bounds from here on (both bounds
        // hold, so either keeps the answer exact); a small one never pays for working them out.
        if (!this.ride && this.rideFits && this.count >= (RideBounds.afterLabels ?? this.rideAfter)) {
          this.ride = this.rideBounds ??= new RideBounds(this.data, this.times.fastestHop);
          this.ride.compute(ends, fwd, rounds, this.walkFactor);
        }
        // What this iteration added and kept is not dominated by any later start.
        for (let t = this.targetHead; t !== NONE; t = this.lNext[t]!) {
          if (this.lIter[t] !== i) continue;
          const j = endLegs.split(this.reconstruct(t, starts, ends, fwd));
          j.iterationSec = fwd ? start : -start;
          found.push(j);
        }
      }
      finished = true;
    } finally {
      this.resetStops(ends, finished);
    }
    found.sort(
      (a, b) =>
        a.arrivalSec - b.arrivalSec ||
        b.departureSec - a.departureSec ||
        a.transfers - b.transfers ||
        a.walkSec - b.walkSec,
    );
    stats.durationMs = performance.now() - started;
    return { journeys: found, stats };
  }

  private resetQuery(ends: AccessLeg[], wheelchair: boolean): void {
    this.count = 0;
    this.ends = ends;
    this.targetHead = NONE;
    if (this.endNext.length < ends.length) this.endNext = new Int32Array(ends.length * 2);
    for (let i = 0; i < ends.length; i++) {
      const s = ends[i]!.stopIdx;
      if (wheelchair && !this.data.stopWheelchairOk(s)) continue;
      this.endNext[i] = this.endFirst[s]!;
      this.endFirst[s] = i;
    }
  }

  private resetStops(ends: AccessLeg[], finished: boolean): void {
    for (let i = 0; i < this.touchedCount; i++) {
      const s = this.touchedList[i]!;
      this.tHead[s] = NONE;
      this.rHead[s] = NONE;
      this.touched[s] = 0;
    }
    this.touchedCount = 0;
    for (const e of ends) this.endFirst[e.stopIdx] = NONE;
    this.ends = [];
    if (finished) return;
    // Left set only when a trace hook or a trip finder threw mid-round.
    for (let i = 0; i < this.markedTCount; i++) this.newT[this.markedT[i]!] = NONE;
    for (let i = 0; i < this.markedRCount; i++) {
      this.newR[this.markedR[i]!] = NONE;
      this.boardable[this.markedR[i]!] = 0;
    }
    this.markedTCount = 0;
    this.markedRCount = 0;
    this.queuePos.fill(NONE);
    this.exactSlot.fill(0);
  }

  /**
   * One McRAPTOR run from `start` over the kept bags; `only`, for a range iteration after the
   * first, holds the start legs that catch a vehicle exactly then and where.
   */
  private iterate(
    start: number,
    starts: AccessLeg[],
    only: RangeStart | undefined,
    rounds: number,
    fwd: boolean,
    wheelchair: boolean,
    stats: RaptorStats,
    trace: RaptorQuery['trace'],
  ): void {
    const d = this.data;
    const legCount = only ? only.legs.length : starts.length;
    for (let li = 0; li < legCount; li++) {
      const i = only ? only.legs[li]! : li;
      const a = starts[i]!;
      const s = a.stopIdx;
      if (wheelchair && !d.stopWheelchairOk(s)) continue;
      const time = start + a.durationSec;
      if (this.vehicles.toBoard[s]! > this.rounds) continue;
      if (!this.insert(this.rHead, s, time, a.durationSec, 0)) continue;
      const id = this.newLabel(KIND_ACCESS, s, time, a.durationSec, 0, NONE);
      this.lA[id] = i;
      this.linkR(s, id);
    }
    // Another pattern at a start stop leaves later than this start: an iteration already run (a
    // later start, or the latest) boarded its same trip from the same leg, so the first round
    // would only find its labels again.
    if (only) for (const slot of only.slots) this.exactSlot[slot] = 1;
    for (let k = 1; k <= rounds && this.markedRCount > 0; k++) {
      stats.rounds++;
      // Queue each pattern at its first (forward) or last (backward) position with a new ready label.
      const usefulRow = this.vehicles.row(rounds - k + 1);
      const queued = this.queuePatterns(fwd, usefulRow, k === 1 && only !== undefined);
      for (let i = 0; i < queued; i++) {
        const r = this.queue[i]!;
        const from = this.queuePos[r]!;
        this.queuePos[r] = NONE;
        const boardEnd = this.queueEnd[r]!;
        stats.patternsScanned++;
        this.scanPattern(r, from, boardEnd, this.vehicles.usefulTo[usefulRow + r]!, k, fwd, wheelchair);
      }
      for (let i = 0; i < this.markedRCount; i++) {
        const s = this.markedR[i]!;
        this.boardable[s] = 0;
        this.newR[s] = NONE;
      }
      this.markedRCount = 0;
      stats.stopsImproved += this.markedTCount;
      if (trace)
        trace({
          iterationStartSec: fwd ? start : -start,
          round: k,
          improvedStops: Array.from(this.markedT.subarray(0, this.markedTCount)),
        });
      // Changes and walks lead to one more vehicle: useless after the last round.
      if (k < rounds) stats.transfersRelaxed += this.relaxTransfers(k, fwd, wheelchair);
      for (let i = 0; i < this.markedTCount; i++) this.newT[this.markedT[i]!] = NONE;
      this.markedTCount = 0;
    }
    for (let i = 0; i < this.markedRCount; i++) this.newR[this.markedR[i]!] = NONE;
    this.markedRCount = 0;
    if (only) for (const slot of only.slots) this.exactSlot[slot] = 0;
  }

  /**
   * Marks stops with new ready labels as boardable and queues their patterns (with `exactOnly`,
   * those of the slots marked in exactSlot); returns the queue length.
   */
  private queuePatterns(fwd: boolean, usefulRow: number, exactOnly: boolean): number {
    const d = this.data;
    const { boardable, queuePos } = this;
    const usefulTo = this.vehicles.usefulTo;
    let n = 0;
    for (let m = 0; m < this.markedRCount; m++) {
      const s = this.markedR[m]!;
      boardable[s] = 1;
      const end = d.stopPatternOffsets[s + 1]!;
      for (let i = d.stopPatternOffsets[s]!; i < end; i++) {
        if (exactOnly && this.exactSlot[i] === 0) continue;
        const r = d.stopPatterns[i]!;
        const pos = d.stopPatternPos[i]!;
        // Nothing worth alighting at further along this pattern.
        if (fwd ? pos >= usefulTo[usefulRow + r]! : pos <= usefulTo[usefulRow + r]!) continue;
        const q = queuePos[r]!;
        if (q === NONE) {
          queuePos[r] = pos;
          this.queueEnd[r] = pos;
          this.queue[n++] = r;
        } else if (fwd ? pos < q : pos > q) queuePos[r] = pos;
        else if (fwd ? pos > this.queueEnd[r]! : pos < this.queueEnd[r]!) this.queueEnd[r] = pos;
      }
    }
    return n;
  }

  /** Scans pattern r from `from` with a route bag: alight every carried trip, board from new ready labels. */
  private scanPattern(
    r: number,
    from: number,
    boardEnd: number,
    usefulTo: number,
    k: number,
    fwd: boolean,
    wheelchair: boolean,
  ): void {
    const d = this.data;
    const sign = fwd ? 1 : -1;
    const flagsBoard = fwd ? POS_NO_PICKUP : POS_NO_DROP_OFF;
    const flagsAlight = fwd ? POS_NO_DROP_OFF : POS_NO_PICKUP;
    const boardTimes = fwd ? d.departures : d.arrivals;
    const alightTimes = fwd ? d.arrivals : d.departures;
    const base = d.patternStopOffsets[r]!;
    const n = d.patternStopOffsets[r + 1]! - base;
    const hit = this.hit;
    // Alighting with k vehicles where more than the rest are needed to finish is pointless.
    const { afterRide } = this.vehicles;
    const spare = this.rounds - k;
    // A label is dropped when kept destination labels beat the best it could still do
    // (alightBeaten, boardBeaten, stayBeaten: its time and walking plus the bounds, its vehicles
    // plus the ones it may still use).
    const moveOn = this.times.tripsMoveOn;
    let bag = 0;
    const last = fwd ? Math.min(n - 1, usefulTo) : Math.max(0, usefulTo);
    for (let pos = from; fwd ? pos <= last : pos >= last; pos += sign) {
      // Nothing carried and no new ready label further on: the rest of the scan would find nothing.
      if (bag === 0 && (fwd ? pos > boardEnd : pos < boardEnd)) break;
      const s = d.patternStops[base + pos]!;
      const flags = d.patternPosFlags[base + pos]!;
      const stopOk = !wheelchair || d.stopWheelchairOk(s);
      if (bag > 0 && (flags & flagsAlight) === 0 && stopOk && afterRide[s]! <= spare) {
        let kept = 0;
        for (let j = 0; j < bag; j++) {
          const time = sign * (alightTimes[this.rbTto[j]! + pos]! + this.rbShift[j]!);
          const walk = this.rbWalk[j]!;
          const beaten = time > this.bound || this.alightBeaten(s, time, walk, k);
          // Staying on, it gets no sooner to the end and keeps its vehicles: once beaten with
          // those alone, every later stop of the ride is too, and it leaves the route bag.
          if (beaten && moveOn && (time > this.bound || this.stayBeaten(s, base + pos, time, walk, k)))
            continue;
          if (kept !== j) this.moveRouteLabel(j, kept);
          const at = kept++;
          if (beaten || !this.insert(this.tHead, s, time, walk, k)) continue;
          const id = this.newLabel(KIND_RIDE, s, time, walk, k, this.rbParent[at]!);
          this.lA[id] = this.rbTrip[at]!;
          this.lB[id] = this.rbShift[at]!;
          this.lC[id] = this.rbBoardPos[at]!;
          this.lD[id] = pos;
          this.linkT(s, id);
          for (let e = this.endFirst[s]!; e !== NONE; e = this.endNext[e]!) this.reachTarget(id, e);
        }
        bag = kept;
      }
      if (this.boardable[s] === 1 && (flags & flagsBoard) === 0 && stopOk) {
        for (let L = this.newR[s]!; L !== NONE; L = this.lNewNext[L]!) {
          if (this.lAlive[L] === 0) continue;
          const ready = this.lTime[L]!;
          const w = this.lWalk[L]!;
          // A carried trip leaving no earlier than ready, with no more walking, is as good as any catchable one.
          let covered = false;
          for (let j = 0; j < bag && !covered; j++)
            covered =
              this.rbWalk[j]! <= w && sign * (boardTimes[this.rbTto[j]! + pos]! + this.rbShift[j]!) <= ready;
          if (covered || this.boardBeaten(s, base + pos, ready, w, k)) continue;
          if (!this.lookups.find(r, base + pos, pos, ready, fwd, wheelchair, hit)) continue;
          const bt = sign * hit.timeSec!;
          // The vehicle it catches may leave well after it is ready: beaten from there (the trip's
          // times never fall), it rides for nothing.
          if (bt > this.bound || (moveOn && bt > ready && this.boardBeaten(s, base + pos, bt, w, k)))
            continue;
          // Merge into the route bag on (time at this position, walking).
          let dominated = false;
          for (let j = 0; j < bag && !dominated; j++)
            dominated =
              this.rbWalk[j]! <= w && sign * (boardTimes[this.rbTto[j]! + pos]! + this.rbShift[j]!) <= bt;
          if (dominated) continue;
          let kept = 0;
          for (let j = 0; j < bag; j++) {
            const tj = sign * (boardTimes[this.rbTto[j]! + pos]! + this.rbShift[j]!);
            if (tj >= bt && this.rbWalk[j]! >= w) continue;
            if (kept !== j) this.moveRouteLabel(j, kept);
            kept++;
          }
          bag = kept;
          if (bag === this.rbCap) this.growRouteBag();
          const trip = hit.trip as number;
          this.rbTrip[bag] = trip;
          this.rbShift[bag] = hit.shiftSec;
          this.rbTto[bag] = d.tripTimeOffsets[trip]!;
          this.rbWalk[bag] = w;
          this.rbBoardPos[bag] = pos;
          this.rbParent[bag] = L;
          bag++;
        }
      }
    }
  }

  /** A transfer's time in this query: walks scaled for a slower walker, same-stop changes as stored. */
  private transferSec(storedSec: number, isWalk: number): number {
    return isWalk === 1 && this.walkFactor !== 1 ? Math.round(storedSec * this.walkFactor) : storedSec;
  }

  /** Relaxes transfers (walks and same-stop changes) from the ride labels of round k; returns edges seen. */
  private relaxTransfers(k: number, fwd: boolean, wheelchair: boolean): number {
    const d = this.data;
    // Only transfers to stops with patterns: elsewhere nothing boards (`toBoard` is 255 there).
    const { offsets: tOff, other: tOther, sec: tSecs, isWalk: tWalkFlag } = servedTransfers(d, fwd);
    let relaxed = 0;
    const markedT = this.markedT;
    const count = this.markedTCount;
    const toBoard = this.vehicles.toBoard;
    const spare = this.rounds - k;
    for (let m = 0; m < count; m++) {
      const s = markedT[m]!;
      const end = tOff[s + 1]!;
      for (let L = this.newT[s]!; L !== NONE; L = this.lNewNext[L]!) {
        if (this.lAlive[L] === 0) continue;
        const t0 = this.lTime[L]!;
        const w0 = this.lWalk[L]!;
        for (let i = tOff[s]!; i < end; i++) {
          relaxed++;
          const q = tOther[i]!;
          if (toBoard[q]! > spare || (wheelchair && !d.stopWheelchairOk(q))) continue;
          const sec = this.transferSec(tSecs[i]!, tWalkFlag[i]!);
          const time = t0 + sec;
          const isWalk = tWalkFlag[i]!;
          const w = isWalk === 1 ? w0 + sec : w0;
          // The next vehicle makes k + 1.
          if (time > this.bound || this.readyBeaten(q, time, w, k)) continue;
          if (!this.insert(this.rHead, q, time, w, k)) continue;
          const id = this.newLabel(KIND_TRANSFER, q, time, w, k, L);
          this.lA[id] = sec;
          this.lB[id] = isWalk;
          this.linkR(q, id);
        }
      }
    }
    return relaxed;
  }

  /** Adds the target label for leaving ride label `t` by end leg `e`, when no kept target label dominates it. */
  private reachTarget(t: number, e: number): void {
    const leg = this.ends[e]!;
    const time = this.lTime[t]! + leg.durationSec;
    const walk = this.lWalk[t]! + leg.durationSec;
    const k = this.lRound[t]!;
    let prev = NONE;
    for (let i = this.targetHead; i !== NONE;) {
      const next = this.lNext[i]!;
      const ti = this.lTime[i]!;
      const wi = this.lWalk[i]!;
      const ki = this.lRound[i]!;
      if (ti <= time && wi <= walk && ki <= k) return;
      if (ti >= time && wi >= walk && ki >= k) {
        this.lAlive[i] = 0;
        if (prev === NONE) this.targetHead = next;
        else this.lNext[prev] = next;
      } else prev = i;
      i = next;
    }
    const id = this.newLabel(KIND_TARGET, this.lStop[t]!, time, walk, k, t);
    this.targetFronts.add(time, walk, k);
    this.lA[id] = e;
    this.lNext[id] = this.targetHead;
    this.targetHead = id;
  }

  /** True when a kept target label is at least as good as (time, walk) with k vehicles or more: callers pass a label's best reachable end. */
  private targetDominates(time: number, walk: number, k: number): boolean {
    return this.targetFronts.dominates(time, walk, k);
  }

  /**
   * Target pruning of a label at `time` with `walk` and `k` vehicles whose bound with at most j more
   * vehicles is `bounds[j·stride + at]` (j from `from`): beaten when, for every j it may still use,
   * a kept destination label with at most k + j vehicles arrives no later than its time plus that
   * bound and walks no more than its walking plus the shortest end leg. A count it cannot finish
   * with (bound UNREACHABLE_SEC) needs no beating.
   */
  private beatenPerCount(
    bounds: Int32Array,
    walks: Int32Array,
    at: number,
    stride: number,
    from: number,
    time: number,
    walk: number,
    k: number,
  ): boolean {
    // The most vehicles first: its front is the widest and its bound the least, so it fails most.
    for (let j = this.rounds - k; j >= from; j--) {
      const b = bounds[j * stride + at]!;
      if (
        b < UNREACHABLE_SEC &&
        !this.targetFronts.dominates(time + b, walk + walks[j * stride + at]!, k + j)
      )
        return false;
    }
    return true;
  }

  /** Whether a ride label at stop s (arrived at `time`, k vehicles) is beaten (target pruning). */
  private alightBeaten(s: number, time: number, walk: number, k: number): boolean {
    const ride = this.ride;
    if (!ride)
      return this.targetDominates(
        time + this.toEnd[s]!,
        walk + this.endWalk,
        k + this.vehicles.afterRide[s]!,
      );
    return this.beatenPerCount(ride.alighted, ride.alightedWalk, s, this.S, 0, time, walk, k);
  }

  /**
   * Whether a carried trip arriving at stop s (pattern position p) at `time`, its k-th vehicle, is
   * beaten whether it gets off there or stays on.
   */
  private stayBeaten(s: number, p: number, time: number, walk: number, k: number): boolean {
    const ride = this.ride;
    if (!ride) return this.targetDominates(time + this.toEnd[s]!, walk + this.endWalk, k);
    const { alighted, onBoard, alightedWalk, onBoardWalk } = ride;
    const S = this.S;
    const P = this.data.patternStops.length;
    for (let m = this.rounds - k; m >= 0; m--) {
      const off = alighted[m * S + s]!;
      const on = onBoard[m * P + p]!;
      const offWalk = alightedWalk[m * S + s]!;
      const onWalk = onBoardWalk[m * P + p]!;
      if (
        (off < UNREACHABLE_SEC || on < UNREACHABLE_SEC) &&
        !this.targetFronts.dominates(
          time + (off < on ? off : on),
          walk + (offWalk < onWalk ? offWalk : onWalk),
          k + m,
        )
      )
        return false;
    }
    return true;
  }

  /** Whether boarding at stop s (pattern position p) at `time` as the k-th vehicle is beaten. */
  private boardBeaten(s: number, p: number, time: number, walk: number, k: number): boolean {
    const ride = this.ride;
    if (!ride)
      return this.targetDominates(
        time + this.toEnd[s]!,
        walk + this.endWalk,
        k - 1 + this.vehicles.toBoard[s]!,
      );
    const P = this.data.patternStops.length;
    return this.beatenPerCount(ride.onBoard, ride.onBoardWalk, p, P, 0, time, walk, k);
  }

  /** Whether a label ready at stop q at `time` after k vehicles is beaten. */
  private readyBeaten(q: number, time: number, walk: number, k: number): boolean {
    const ride = this.ride;
    if (!ride)
      return this.targetDominates(time + this.toEnd[q]!, walk + this.endWalk, k + this.vehicles.toBoard[q]!);
    return this.beatenPerCount(ride.ready, ride.readyWalk, q, this.S, 1, time, walk, k);
  }

  /**
   * Pareto check of (time, walk, round) against the bag of stop s (`head` = tHead or rHead): false
   * when a kept label is at least as good; otherwise unlinks the labels the new one dominates.
   */
  private insert(head: Int32Array, s: number, time: number, walk: number, round: number): boolean {
    let prev = NONE;
    for (let i = head[s]!; i !== NONE;) {
      const next = this.lNext[i]!;
      const ti = this.lTime[i]!;
      const wi = this.lWalk[i]!;
      const ki = this.lRound[i]!;
      if (ti <= time && wi <= walk && ki <= round) return false;
      if (ti >= time && wi >= walk && ki >= round) {
        this.lAlive[i] = 0;
        if (prev === NONE) head[s] = next;
        else this.lNext[prev] = next;
      } else prev = i;
      i = next;
    }
    return true;
  }

  private newLabel(
    kind: number,
    stop: number,
    time: number,
    walk: number,
    round: number,
    parent: number,
  ): number {
    if (this.count === this.cap) this.growLabels(this.cap * 2);
    const id = this.count++;
    this.lKind[id] = kind;
    this.lStop[id] = stop;
    this.lTime[id] = time;
    this.lWalk[id] = walk;
    this.lRound[id] = round;
    this.lParent[id] = parent;
    this.lIter[id] = this.iter;
    this.lAlive[id] = 1;
    return id;
  }

  private touch(s: number): void {
    if (this.touched[s] === 1) return;
    this.touched[s] = 1;
    this.touchedList[this.touchedCount++] = s;
  }

  /** Puts ride label `id` at the head of its stop's t-bag and among the stop's new labels. */
  private linkT(s: number, id: number): void {
    this.touch(s);
    this.lNext[id] = this.tHead[s]!;
    this.tHead[s] = id;
    if (this.newT[s] === NONE) this.markedT[this.markedTCount++] = s;
    this.lNewNext[id] = this.newT[s]!;
    this.newT[s] = id;
  }

  private linkR(s: number, id: number): void {
    this.touch(s);
    this.lNext[id] = this.rHead[s]!;
    this.rHead[s] = id;
    if (this.newR[s] === NONE) this.markedR[this.markedRCount++] = s;
    this.lNewNext[id] = this.newR[s]!;
    this.newR[s] = id;
  }

  private moveRouteLabel(from: number, to: number): void {
    this.rbTrip[to] = this.rbTrip[from]!;
    this.rbShift[to] = this.rbShift[from]!;
    this.rbTto[to] = this.rbTto[from]!;
    this.rbWalk[to] = this.rbWalk[from]!;
    this.rbBoardPos[to] = this.rbBoardPos[from]!;
    this.rbParent[to] = this.rbParent[from]!;
  }

  private growRouteBag(): void {
    const n = this.rbCap * 2;
    this.rbTrip = grow32(this.rbTrip, n);
    this.rbShift = grow32(this.rbShift, n);
    this.rbTto = grow32(this.rbTto, n);
    this.rbWalk = grow32(this.rbWalk, n);
    this.rbBoardPos = grow32(this.rbBoardPos, n);
    this.rbParent = grow32(this.rbParent, n);
    this.rbCap = n;
  }

  private growLabels(n: number): void {
    this.lTime = grow32(this.lTime, n);
    this.lWalk = grow32(this.lWalk, n);
    this.lRound = grow8(this.lRound, n);
    this.lKind = grow8(this.lKind, n);
    this.lAlive = grow8(this.lAlive, n);
    this.lStop = grow32(this.lStop, n);
    this.lParent = grow32(this.lParent, n);
    this.lNext = grow32(this.lNext, n);
    this.lNewNext = grow32(this.lNewNext, n);
    this.lIter = grow32(this.lIter, n);
    this.lA = grow32(this.lA, n);
    this.lB = grow32(this.lB, n);
    this.lC = grow32(this.lC, n);
    this.lD = grow32(this.lD, n);
    this.cap = n;
  }

  /** Builds the journey behind target label `target` (legs in real-time order). */
  private reconstruct(target: number, starts: AccessLeg[], ends: AccessLeg[], fwd: boolean): RaptorJourney {
    const d = this.data;
    const endIndex = this.lA[target]!;
    const end = ends[endIndex]!;
    // Collected in search order (origin side last), as search-time intervals.
    const legs: RaptorLeg[] = [];
    let t = this.lParent[target]!;
    const arrive = this.lTime[t]!;
    legs.push({
      kind: 'egress',
      stop: this.lStop[t]! as StopIdx,
      durationSec: end.durationSec,
      mode: end.mode,
      index: endIndex,
      startSec: arrive,
      endSec: arrive + end.durationSec,
    });
    for (;;) {
      const trip = this.lA[t]!;
      const shift = this.lB[t]!;
      const boardPos = this.lC[t]!;
      const alightPos = this.lD[t]!;
      const pattern = d.tripPattern[trip]!;
      const boardStop = d.patternStops[d.patternStopOffsets[pattern]! + boardPos]!;
      const tto = d.tripTimeOffsets[trip]!;
      const boardSec = fwd ? d.departures[tto + boardPos]! + shift : -(d.arrivals[tto + boardPos]! + shift);
      legs.push({
        kind: 'transit',
        pattern: pattern as PatternIdx,
        trip: trip as TripIdx,
        shiftSec: shift,
        boardPos,
        alightPos,
        boardStop: boardStop as StopIdx,
        alightStop: this.lStop[t]! as StopIdx,
        startSec: boardSec,
        endSec: this.lTime[t]!,
      });
      const r = this.lParent[t]!;
      if (this.lKind[r] === KIND_ACCESS) {
        const a = starts[this.lA[r]!]!;
        legs.push({
          kind: 'access',
          stop: boardStop as StopIdx,
          durationSec: a.durationSec,
          mode: a.mode,
          index: this.lA[r]!,
          startSec: boardSec - a.durationSec,
          endSec: boardSec,
        });
        break;
      }
      t = this.lParent[r]!;
      const from = this.lStop[t]!;
      const sec = this.lA[r]!;
      const isWalk = this.lB[r] === 1;
      // A same-stop change is not a leg: the next ride shows it.
      if (from !== boardStop || isWalk)
        legs.push({
          kind: 'transfer',
          from: from as StopIdx,
          to: boardStop as StopIdx,
          durationSec: sec,
          isWalk,
          startSec: this.lTime[t]!,
          endSec: this.lTime[t]! + sec,
        });
    }
    return toRealJourney(legs, fwd);
  }
}

function grow32(a: Int32Array, n: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(n, 8));
  b.set(a.subarray(0, Math.min(a.length, b.length)));
  return b;
}

function grow8(a: Uint8Array, n: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(Math.max(n, 8));
  b.set(a.subarray(0, Math.min(a.length, b.length)));
  return b;
}
