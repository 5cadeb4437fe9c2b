import { POS_NO_DROP_OFF, POS_NO_PICKUP } from './transitData.ts';
import { withEndTransfers } from './endTransfers.ts';
import type { EndTransfers } from './endTransfers.ts';
import { servedTransfers } from './servedTransfers.ts';
import { mapRangeStarts } from './rangeStarts.ts';
import { toRealJourney } from './realJourney.ts';
import { TimeBound } from './timeBound.ts';
import { TripLookups } from './tripLookups.ts';
import { VehicleBound } from './vehicleBound.ts';
import type { PatternIdx, StopIdx, TransitData, TripHit, TripIdx } from './transitData.ts';
import { emptyStats } from './types.ts';
import type { AccessLeg, RaptorJourney, RaptorLeg, RaptorQuery, RaptorResult, RaptorStats } from './types.ts';

const INF = 0x3fffffff;
/**
 * Latest departures for fewer arrivals than this run without the time bound (issue 32, replays of
 * the planner's router queries): without it for up to three, Scotland scale's latest departures
 * cost 0.74× the CPU, RNV's router 0.92× and NYC's 0.99×; for up to six, NYC's router 1.16×.
 */
const LATEST_TIME_BOUND_MIN_ARRIVALS = 4;
/** The end groups of a query with one: its end legs need no group. */
const ONE_GROUP = new Int32Array(0);
/** Default bound on journey length (a day: rural services may mean waiting until the next morning). */
export const DEFAULT_MAX_DURATION_SEC = 24 * 3600;

/**
 * Round-based public transit routing (RAPTOR, Delling et al. 2012) with range iterations (rRAPTOR).
 *
 * One implementation serves both directions: it works in "search time", which is real time for
 * depart-after and negated time for arrive-by, so that "smaller is better" everywhere. Labels are
 * kept per round (round k = at most k vehicles), giving the Pareto set on arrival and transfers;
 * among equal arrivals the one with less walking wins.
 *
 * Each round has two label layers per stop: `t*` (arrived by a vehicle, can walk on or leave) and
 * `r*` (ready to board, after the change at or walk from an alighting stop).
 */
export class Raptor {
  private readonly data: TransitData;
  private readonly maxRounds: number;
  private readonly S: number;
  /** The query's walkTransferFactor (set at the start of each route call). */
  private walkFactor = 1;
  // Per round × stop (index k·S + s).
  private readonly tTime: Int32Array;
  private readonly tWalk: Int32Array;
  private readonly tTrip: Int32Array;
  private readonly tShift: Int32Array;
  private readonly tBoardPos: Int32Array;
  private readonly tAlightPos: Int32Array;
  /** Round of the r-layer this vehicle was boarded from. */
  private readonly tSrc: Uint8Array;
  private readonly rTime: Int32Array;
  private readonly rWalk: Int32Array;
  /** Stop whose t-label this r-label came from; -1 for access. */
  private readonly rFrom: Int32Array;
  /** Transfer duration, or the access index when rFrom is -1. */
  private readonly rSec: Int32Array;
  private readonly rIsWalk: Uint8Array;
  /** Round of the t-layer the change started from (0 for access). */
  private readonly rSrc: Uint8Array;
  /**
   * Target labels per round × end group (index k·G + g, G = `groupCount`): one group unless
   * `routeToEach` searches several egress lists at once.
   */
  private targetTime: Int32Array;
  private targetWalk: Int32Array;
  private targetEgress: Int32Array;
  /** Per query: the number of end groups, and the group of each end leg (G > 1 only). */
  private groupCount = 1;
  private endGroup: Int32Array = ONE_GROUP;
  // Scratch.
  private readonly markedT: Uint8Array;
  private readonly markedR: Uint8Array;
  /** Stops improved in the previous round: the only places where boarding can give something new. */
  private readonly boardable: Uint8Array;
  /** Best vehicle arrival / ready time at each stop over the finished rounds of this iteration (local pruning). */
  private readonly bestT: Int32Array;
  private readonly bestR: Int32Array;
  /** Stops whose bestT/bestR were set in this iteration (reset at the next, cheaper than a fill per iteration). */
  private bestSet: number[] = [];
  private readonly queuePos: Int32Array;
  /**
   * The stops labelled since the labels were last cleared (`touchedCount` of them in
   * `touchedList`, flagged in `touched`); touchedCount −1 when too many to list, or before the
   * first clear.
   */
  private readonly touched: Uint8Array;
  private readonly touchedList: Int32Array;
  private touchedCount = -1;
  /**
   * True once a query has run to its end: its labelled stops are all listed, and its runs left no
   * stop marked or boardable and no pattern queued (not after a throw).
   */
  private listed = false;
  /** Per queued pattern: its last (forward) or first (backward) marked position, past which nothing boards. */
  private readonly queueEnd: Int32Array;
  /** Per query: the vehicles still needed from each stop (labels needing more than are left are not written). */
  private readonly vehicles: VehicleBound;
  /**
   * Per query: the least time from each stop to the destination side, end leg included (the time
   * bound shared per timetable and direction, or `noTimeBound`).
   */
  private toEnd!: Int32Array;
  /** All zeros: no time bound, only the target and the journey length prune. */
  private readonly noTimeBound: Int32Array;
  /** Per query: the longest end leg (the bound less it is the least time to an end stop). */
  private longestEnd = 0;
  /**
   * Per query: trips never go back in time and `toEnd` is a time bound (`TimeBound.tripsMoveOn`),
   * so a carried trip that cannot reach the end in time from one stop cannot from any later one.
   */
  private tripsMoveOn = false;
  private readonly hit: TripHit = { trip: 0 as TripIdx, shiftSec: 0, timeSec: 0 };
  /** Trip lookups, each answered from the last one at its position while that holds (across queries). */
  private readonly lookups: TripLookups;

  /** Allocates label storage for up to `maxTransfers` changes; reuse one instance for many queries. */
  constructor(data: TransitData, maxTransfers = 5) {
    this.data = data;
    this.maxRounds = maxTransfers + 1;
    this.S = data.stopCount;
    const n = (this.maxRounds + 1) * this.S;
    this.tTime = new Int32Array(n);
    this.tWalk = new Int32Array(n);
    this.tTrip = new Int32Array(n);
    this.tShift = new Int32Array(n);
    this.tBoardPos = new Int32Array(n);
    this.tAlightPos = new Int32Array(n);
    this.tSrc = new Uint8Array(n);
    this.rTime = new Int32Array(n);
    this.rWalk = new Int32Array(n);
    this.rFrom = new Int32Array(n);
    this.rSec = new Int32Array(n);
    this.rIsWalk = new Uint8Array(n);
    this.rSrc = new Uint8Array(n);
    this.targetTime = new Int32Array(this.maxRounds + 1);
    this.targetWalk = new Int32Array(this.maxRounds + 1);
    this.targetEgress = new Int32Array(this.maxRounds + 1);
    this.markedT = new Uint8Array(this.S);
    this.markedR = new Uint8Array(this.S);
    this.boardable = new Uint8Array(this.S);
    this.bestT = new Int32Array(this.S).fill(INF);
    this.bestR = new Int32Array(this.S).fill(INF);
    this.touched = new Uint8Array(this.S);
    this.touchedList = new Int32Array(Math.ceil(this.S / 16));
    this.queuePos = new Int32Array(data.patternCount).fill(-1);
    this.queueEnd = new Int32Array(data.patternCount);
    this.vehicles = new VehicleBound(data);
    this.noTimeBound = new Int32Array(data.stopCount);
    this.lookups = new TripLookups(data);
  }

  /** Runs one query (single departure or range) and returns the Pareto set of journeys. */
  route(query: RaptorQuery): RaptorResult {
    const started = performance.now();
    const stats = emptyStats();
    const q = this.prepare(query);
    const found = this.rangeRun(query, q, stats)[0]!;
    stats.durationMs = performance.now() - started;
    return { journeys: paretoSort(found, q.fwd).map(q.endLegs.split), stats };
  }

  /**
   * A depart-after query to each of several egress lists (its own `egress` ignored): per list, the
   * journeys `route` returns for the query with that list as its egress, from one run. The labels
   * at the stops are shared; each list keeps its own target labels (and end-leg extensions,
   * endTransfers.ts), and a label is pruned only when it can improve none of them (the target
   * bound is the latest of the lists' targets, the time and vehicle bounds the least over all
   * their end legs). A way back (planner/returns.ts) asks this once for its walk home, its lift or
   * taxi home from the station and each car or bike to collect, instead of once for each.
   */
  routeToEach(query: RaptorQuery, egress: readonly AccessLeg[][]): RaptorJourney[][] {
    if (query.direction !== 'depart-after') throw new Error('routeToEach searches depart-after only');
    const rounds = Math.min(this.maxRounds, (query.maxTransfers ?? this.maxRounds - 1) + 1);
    const lists = egress.map((e) => withEndTransfers(this.data, { ...query, egress: e }));
    // A list's own query starts from the legs its vehicle bound keeps (those that can reach it),
    // and its range iterations are the times a vehicle leaves from them: lists run together only
    // where those legs are the same, so that each sees the iterations of its own query.
    // (The bound of several lists together can be tighter than each one's: its breadth-first search
    // may run out where theirs stop at their last level.)
    const together = new Map<string, { members: number[]; useful: AccessLeg[] }>();
    lists.forEach((l, g) => {
      this.vehicles.computeForSearch(l.access, l.egress, true, rounds);
      const useful = l.access.filter((a) => this.vehicles.toBoard[a.stopIdx]! <= rounds);
      const key = useful.map((a) => l.access.indexOf(a)).join(',');
      const run = together.get(key);
      if (run) run.members.push(g);
      else together.set(key, { members: [g], useful });
    });
    const out: RaptorJourney[][] = [];
    for (const { members, useful } of together.values()) {
      const found = this.routeTogether(
        query,
        members.map((g) => lists[g]!),
        useful,
      );
      members.forEach((g, i) => (out[g] = found[i]!));
    }
    return out;
  }

  /**
   * One run of `query` to the end legs of every list (each with its walking extensions), from the
   * start legs `useful`; answered per list.
   */
  private routeTogether(
    query: RaptorQuery,
    lists: readonly EndTransfers[],
    useful: AccessLeg[],
  ): RaptorJourney[][] {
    const offsets: number[] = [];
    const ends: AccessLeg[] = [];
    for (const l of lists) {
      offsets.push(ends.length);
      ends.push(...l.egress);
    }
    const group = new Int32Array(ends.length);
    lists.forEach((l, g) => group.fill(g, offsets[g]!, offsets[g]! + l.egress.length));
    const merged = { access: lists[0]!.access, egress: ends, split: (j: RaptorJourney) => j };
    const q = { ...this.prepare(query, merged, group, lists.length), usefulStarts: useful };
    return this.rangeRun(query, q, emptyStats()).map((found, g) =>
      paretoSort(found, true).map((j) =>
        lists[g]!.split({
          ...j,
          legs: j.legs.map((l) => (l.kind === 'egress' ? { ...l, index: l.index - offsets[g]! } : l)),
        }),
      ),
    );
  }

  /** The range iterations of a prepared query; per end group, every journey an iteration improved (not yet Pareto-sorted). */
  private rangeRun(query: RaptorQuery, q: PreparedSearch, stats: RaptorStats): RaptorJourney[][] {
    const maxDurationSec = query.maxDurationSec ?? DEFAULT_MAX_DURATION_SEC;
    const { fwd, usefulStarts } = q;
    const G = this.groupCount;
    const startTimes = mapRangeStarts(this.data, query, usefulStarts, fwd);
    // The time bound is a shortest-path search out to twice the nearest start stop's distance: a
    // single departure with no length limit runs one RAPTOR iteration, which on a large network
    // costs less than that search (`packages/engine/bench/transit.ts`, earliest arrival), and so
    // does a range in whose window no vehicle leaves (Scotland scale, issue 32). It pays over a
    // range's iterations, and for a length-limited query, whose search stops at the limit.
    if (startTimes.size > 1 || query.maxDurationSec !== undefined)
      this.boundTimes(q, maxDurationSec, query.windowSec ?? 0);
    const found: RaptorJourney[][] = Array.from({ length: G }, () => []);
    let latest = true;
    for (const [start, exact] of startTimes) {
      stats.iterations++;
      // The latest start tries every start stop (its journeys may leave after the window). An
      // earlier one only needs the stops where a vehicle leaves exactly then: from any other, the
      // first vehicle is one a later iteration already boarded, with the same labels after it.
      const improvedRounds = this.iterate(
        start,
        usefulStarts,
        latest ? undefined : exact,
        q.ends,
        q.rounds,
        fwd,
        q.wheelchair,
        stats,
        query.trace,
        maxDurationSec,
      );
      latest = false;
      for (const slot of improvedRounds) {
        const j = this.reconstruct(slot, usefulStarts, q.ends, fwd, q.starts);
        j.iterationSec = fwd ? start : -start;
        found[slot % G]!.push(j);
      }
    }
    this.listed = true;
    return found;
  }

  /**
   * The latest departures for each of several arrivals (view seconds, ascending) that leave no
   * earlier than `notBeforeSec`: for each, the journeys of the arrive-by query `query` at it with
   * `maxDurationSec` reaching back to `notBeforeSec` (the rest of `query` as given). One backward
   * run per arrival, earliest first, over the labels of the ones before (rRAPTOR: whatever arrives
   * by an earlier arrival arrives by a later one), so a run pays only for what the later arrival
   * improves; a number of changes it does not improve keeps the earlier arrival's journey.
   */
  latestDepartures(
    query: RaptorQuery,
    arrivalsSec: readonly number[],
    notBeforeSec: number,
  ): { journeys: RaptorJourney[][]; stats: RaptorStats } {
    const started = performance.now();
    const stats = emptyStats();
    if (arrivalsSec.length === 0) return { journeys: [], stats };
    const first = arrivalsSec[0]!;
    const last = arrivalsSec[arrivalsSec.length - 1]!;
    const backward: RaptorQuery = { ...query, direction: 'arrive-by', timeSec: last, windowSec: 0 };
    // The time bound's search pays over many runs (the walk family's, one per arrival), not over a
    // few: at Scotland scale three runs scan a few hundred patterns and the search cost more than that.
    const bounded = arrivalsSec.length >= LATEST_TIME_BOUND_MIN_ARRIVALS;
    const q = this.prepare(backward);
    if (bounded) this.boundTimes(q, last - notBeforeSec, 0);
    // Per number of vehicles: the journey of the latest run that improved it.
    const held: Array<RaptorJourney | undefined> = new Array<RaptorJourney | undefined>(q.rounds + 1);
    // After the first, a run needs only the end legs a vehicle reaches after the arrival before and
    // by its own: from any other, the last vehicle is the one the run before took (as a range's
    // earlier starts, rangeStarts.ts); with none, nothing improves. Search time falls as arrivals rise.
    const reached = [
      ...mapRangeStarts(this.data, { ...backward, windowSec: last - first }, q.usefulStarts, false),
    ];
    let next = 0;
    const journeys = arrivalsSec.map((arrivalSec, i) => {
      const legs = new Set<number>();
      for (; next < reached.length && reached[next]![0] >= -arrivalSec; next++)
        for (const leg of reached[next]![1]) legs.add(leg);
      if (i === 0 || legs.size > 0) {
        stats.iterations++;
        const improved = this.iterate(
          -arrivalSec,
          q.usefulStarts,
          i === 0 ? undefined : [...legs].sort((x, y) => x - y),
          q.ends,
          q.rounds,
          false,
          q.wheelchair,
          stats,
          query.trace,
          arrivalSec - notBeforeSec,
        );
        for (let k = 1; k <= q.rounds; k++) {
          if (improved.includes(k)) held[k] = this.reconstruct(k, q.usefulStarts, q.ends, false, q.starts);
          // Taken over from fewer vehicles: that number's journey answers for it.
          else if (this.targetEgress[k]! < 0) held[k] = undefined;
        }
      }
      const found = held.flatMap((j) => (j ? [{ ...j, iterationSec: arrivalSec }] : []));
      return paretoSort(found, false).map(q.endLegs.split);
    });
    stats.durationMs = performance.now() - started;
    this.listed = true;
    return { journeys, stats };
  }

  /**
   * Sets up a search: its end legs, label storage cleared and the vehicle bound (no time bound yet).
   * With `groups` > 1 (routeToEach), `group` gives each destination-side end leg its group.
   */
  private prepare(
    query: RaptorQuery,
    // Origin-side legs in search order: access forward, egress backward; vehicle end legs extended
    // by a walking transfer (endTransfers.ts).
    endLegs = withEndTransfers(this.data, query),
    group: Int32Array = ONE_GROUP,
    groups = 1,
  ): PreparedSearch {
    const fwd = query.direction === 'depart-after';
    const rounds = Math.min(this.maxRounds, (query.maxTransfers ?? this.maxRounds - 1) + 1);
    const starts = fwd ? endLegs.access : endLegs.egress;
    const ends = fwd ? endLegs.egress : endLegs.access;
    this.groupCount = groups;
    this.endGroup = group;
    if (this.targetTime.length !== (this.maxRounds + 1) * groups) {
      this.targetTime = new Int32Array((this.maxRounds + 1) * groups);
      this.targetWalk = new Int32Array((this.maxRounds + 1) * groups);
      this.targetEgress = new Int32Array((this.maxRounds + 1) * groups);
    }
    if (!this.listed) this.clearScratch();
    this.clearLabels();
    this.targetTime.fill(INF);
    this.targetWalk.fill(INF);
    this.vehicles.computeForSearch(starts, ends, fwd, rounds);
    const usefulStarts = starts.filter((a) => this.vehicles.toBoard[a.stopIdx]! <= rounds);
    this.walkFactor = query.walkTransferFactor ?? 1;
    this.longestEnd = ends.reduce((m, e) => Math.max(m, e.durationSec), 0);
    this.toEnd = this.noTimeBound;
    this.tripsMoveOn = false;
    return { fwd, rounds, endLegs, starts, ends, usefulStarts, wheelchair: query.wheelchair === true };
  }

  /**
   * Sets every label time to INF again: at the stops the last query labelled when it listed them
   * all and they were few (under a sixteenth of the stops: each costs a cache line per layer), else
   * at every stop. At GB x 1 the two
   * arrays are 22 MB and an earliest-arrival query labels a few thousand stops.
   */
  private clearLabels(): void {
    const { tTime, rTime, touched, touchedList, S } = this;
    const n = this.touchedCount;
    if (this.listed && n >= 0) {
      for (let i = 0; i < n; i++) {
        const s = touchedList[i]!;
        touched[s] = 0;
        for (let at = s; at < tTime.length; at += S) tTime[at] = rTime[at] = INF;
      }
    } else {
      tTime.fill(INF);
      rTime.fill(INF);
      touched.fill(0);
    }
    this.touchedCount = 0;
    this.listed = false;
  }

  /**
   * Unmarks every stop and unqueues every pattern, which a query that threw partway (its trace
   * hook, a failed allocation) may have left set: one pass per array, only after a throw (and before
   * the first query); a run that ends clears what it set. (`bestSet` is kept as it goes, so the next
   * run resets the local-pruning bests anyway; a throw leaves `listed` false, so the labels are
   * cleared at every stop.)
   */
  private clearScratch(): void {
    this.markedT.fill(0);
    this.markedR.fill(0);
    this.boardable.fill(0);
    this.queuePos.fill(-1);
  }

  /** Notes the stops of `list` as labelled in this query (for `clearLabels`); past a sixteenth of the stops, stops listing. */
  private touch(list: readonly number[]): void {
    let n = this.touchedCount;
    if (n < 0) return;
    const { touched, touchedList } = this;
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!;
      if (touched[s] === 1) continue;
      if (n === touchedList.length) {
        this.touchedCount = -1;
        return;
      }
      touched[s] = 1;
      touchedList[n++] = s;
    }
    this.touchedCount = n;
  }

  /** Prunes the prepared search `q` with the time bound out to `horizonSec` (journey length from the start, end leg added). */
  private boundTimes(q: PreparedSearch, horizonSec: number, slackSec: number): void {
    const times = TimeBound.shared(this.data, q.fwd);
    times.compute(q.usefulStarts, q.ends, q.fwd, this.walkFactor, horizonSec + this.longestEnd, slackSec);
    this.toEnd = times.toEnd;
    this.tripsMoveOn = times.tripsMoveOn;
  }

  /**
   * One RAPTOR run from `start` over kept labels; returns the target slots (round × end group,
   * k·G + g: the rounds with one group) whose label improved.
   */
  private iterate(
    start: number,
    starts: AccessLeg[],
    only: number[] | undefined,
    ends: AccessLeg[],
    rounds: number,
    fwd: boolean,
    wheelchair: boolean,
    stats: RaptorStats,
    trace: RaptorQuery['trace'],
    maxDurationSec: number,
  ): number[] {
    const d = this.data;
    const S = this.S;
    const { tTime, tWalk, rTime, rWalk, rFrom, rSec, rIsWalk, rSrc, markedR, queuePos, queueEnd } = this;
    let markedRList: number[] = [];
    let prevMarkedT: number[] = [];
    const legCount = only ? only.length : starts.length;
    for (let li = 0; li < legCount; li++) {
      const i = only ? only[li]! : li;
      const a = starts[i]!;
      const s = a.stopIdx;
      if (wheelchair && !d.stopWheelchairOk(s)) continue;
      const time = start + a.durationSec;
      if (time < rTime[s]! || (time === rTime[s]! && a.durationSec < rWalk[s]!)) {
        rTime[s] = time;
        rWalk[s] = a.durationSec;
        rFrom[s] = -1;
        rSec[s] = i;
        rIsWalk[s] = 1;
        rSrc[s] = 0;
        if (!markedR[s]) {
          markedR[s] = 1;
          markedRList.push(s);
        }
      }
    }
    const improved: number[] = [];
    const G = this.groupCount;
    const { targetTime, targetWalk, targetEgress, endGroup } = this;
    const improvedThisIteration = new Uint8Array((rounds + 1) * G);
    // Within one iteration a later arrival with more vehicles is dominated: prune against earlier rounds.
    const { bestT, bestR } = this;
    for (const s of this.bestSet) {
      bestT[s] = INF;
      bestR[s] = INF;
    }
    const bestSet: number[] = (this.bestSet = []);
    for (const s of markedRList) {
      bestR[s] = rTime[s]!;
      bestSet.push(s);
    }
    this.touch(markedRList);

    for (let k = 1; k <= rounds && markedRList.length > 0; k++) {
      stats.rounds++;
      const prev = (k - 1) * S;
      const cur = k * S;
      // Inherit: at most k vehicles is never worse than at most k−1.
      for (const s of markedRList) this.inherit(prev + s, cur + s, true);
      for (const s of prevMarkedT) this.inherit(prev + s, cur + s, false);
      // Per end group; pruning bounds on the latest target of them all (a label is no use only
      // when it can improve none).
      let target = -INF;
      for (let g = 0; g < G; g++) {
        const was = (k - 1) * G + g;
        const now = k * G + g;
        if (
          targetTime[was]! < targetTime[now]! ||
          (targetTime[was] === targetTime[now] && targetWalk[was]! < targetWalk[now]!)
        ) {
          targetTime[now] = targetTime[was]!;
          targetWalk[now] = targetWalk[was]!;
          targetEgress[now] = -1;
        }
        if (targetTime[now]! > target) target = targetTime[now]!;
      }
      // Queue each pattern at its first (forward) or last (backward) marked position.
      const queued: number[] = [];
      const boardable = this.boardable;
      const usefulRow = this.vehicles.row(rounds - k + 1);
      this.queuePatterns(markedRList, fwd, usefulRow, queued);
      const boardFrom = markedRList;
      markedRList = [];
      const markedTList: number[] = [];
      const bound = start + maxDurationSec;
      // Scan patterns (separate methods keep V8's optimiser on the hot loops).
      for (const r of queued) {
        const from = queuePos[r]!;
        queuePos[r] = -1;
        stats.patternsScanned++;
        this.scanPattern(
          r,
          from,
          queueEnd[r]!,
          this.vehicles.usefulTo[usefulRow + r]!,
          k,
          rounds - k,
          target,
          bound,
          fwd,
          wheelchair,
          markedTList,
        );
      }
      for (const s of boardFrom) boardable[s] = 0;
      // Transfers and changes from stops reached by a vehicle this round.
      prevMarkedT = markedTList;
      stats.transfersRelaxed += this.relaxTransfers(
        markedTList,
        k,
        rounds - k,
        fwd,
        wheelchair,
        target,
        bound,
        markedRList,
      );
      this.touch(markedTList);
      this.touch(markedRList);
      stats.stopsImproved += markedTList.length;
      for (const s of markedTList) {
        if (tTime[cur + s]! < bestT[s]!) bestT[s] = tTime[cur + s]!;
        bestSet.push(s);
      }
      for (const s of markedRList) {
        if (rTime[cur + s]! < bestR[s]!) bestR[s] = rTime[cur + s]!;
        bestSet.push(s);
      }
      // Destination.
      for (let i = 0; i < ends.length; i++) {
        const e = ends[i]!;
        const t = tTime[cur + e.stopIdx]!;
        if (t >= INF) continue;
        const time = t + e.durationSec;
        const w = tWalk[cur + e.stopIdx]! + e.durationSec;
        const slot = G === 1 ? k : k * G + endGroup[i]!;
        if (time < targetTime[slot]! || (time === targetTime[slot] && w < targetWalk[slot]!)) {
          targetTime[slot] = time;
          targetWalk[slot] = w;
          targetEgress[slot] = i;
          improvedThisIteration[slot] = 1;
        }
      }
      if (trace)
        trace({ iterationStartSec: fwd ? start : -start, round: k, improvedStops: [...markedTList] });
    }
    for (const s of markedRList) markedR[s] = 0;
    for (let slot = G; slot < (rounds + 1) * G; slot++)
      if (improvedThisIteration[slot] && targetEgress[slot]! >= 0) improved.push(slot);
    return improved;
  }

  /** Marks stops as boardable and queues their patterns at the earliest position to scan from. */
  private queuePatterns(markedRList: number[], fwd: boolean, usefulRow: number, queued: number[]): void {
    const d = this.data;
    const { markedR, boardable, queuePos, queueEnd } = this;
    const usefulTo = this.vehicles.usefulTo;
    const stopsOut = d.stopPatternOffsets;
    for (let m = 0; m < markedRList.length; m++) {
      const s = markedRList[m]!;
      markedR[s] = 0;
      boardable[s] = 1;
      const end = stopsOut[s + 1]!;
      for (let i = stopsOut[s]!; i < end; i++) {
        const r = d.stopPatterns[i]!;
        const pos = d.stopPatternPos[i]!;
        // Nothing worth alighting at further along this pattern.
        if (fwd ? pos >= usefulTo[usefulRow + r]! : pos <= usefulTo[usefulRow + r]!) continue;
        const q = queuePos[r]!;
        if (q === -1) {
          queuePos[r] = pos;
          queueEnd[r] = pos;
          queued.push(r);
        } else {
          if (fwd ? pos < q : pos > q) queuePos[r] = pos;
          if (fwd ? pos > queueEnd[r]! : pos < queueEnd[r]!) queueEnd[r] = pos;
        }
      }
    }
  }

  /**
   * Scans pattern r from position `from`: alight where it improves, board the earliest catchable
   * trip. Nothing is boarded past `boardTo` (the last marked position in search order), so a scan
   * that has boarded nothing by then stops there.
   */
  private scanPattern(
    r: number,
    from: number,
    boardTo: number,
    usefulTo: number,
    k: number,
    vehiclesLeft: number,
    target: number,
    bound: number,
    fwd: boolean,
    wheelchair: boolean,
    markedTList: number[],
  ): void {
    const d = this.data;
    const S = this.S;
    const prev = (k - 1) * S;
    const cur = k * S;
    const {
      tTime,
      tWalk,
      tTrip,
      tShift,
      tBoardPos,
      tAlightPos,
      tSrc,
      rTime,
      rWalk,
      markedT,
      boardable,
      hit,
      bestT,
    } = this;
    const needAfterRide = this.vehicles.afterRide;
    const { toEnd } = this;
    const longestEnd = this.longestEnd;
    const moveOn = this.tripsMoveOn;
    const sign = fwd ? 1 : -1;
    const flagsBoard = fwd ? POS_NO_PICKUP : POS_NO_DROP_OFF;
    const flagsAlight = fwd ? POS_NO_DROP_OFF : POS_NO_PICKUP;
    const boardTimes = fwd ? d.departures : d.arrivals;
    const alightTimes = fwd ? d.arrivals : d.departures;
    const patternStops = d.patternStops;
    const patternPosFlags = d.patternPosFlags;
    const tripTimeOffsets = d.tripTimeOffsets;
    const base = d.patternStopOffsets[r]!;
    const n = d.patternStopOffsets[r + 1]! - base;
    let trip = -1;
    let shift = 0;
    let tto = 0;
    let walk = 0;
    let boardPos = 0;
    const last = fwd ? Math.min(n - 1, usefulTo) : Math.max(0, usefulTo);
    for (let pos = from; fwd ? pos <= last : pos >= last; pos += sign) {
      if (trip < 0 && (fwd ? pos > boardTo : pos < boardTo)) break;
      const s = patternStops[base + pos]!;
      const flags = patternPosFlags[base + pos]!;
      const stopOk = !wheelchair || d.stopWheelchairOk(s);
      if (trip >= 0) {
        const time = sign * (alightTimes[tto + pos]! + shift);
        if (!reachesInTime(time, toEnd[s]!, longestEnd, target, bound)) {
          // No later stop of this ride reaches the end in time either: it is dropped, and a scan
          // with nothing carried ends after its last marked stop.
          if (moveOn) trip = -1;
        } else if (needAfterRide[s]! <= vehiclesLeft && (flags & flagsAlight) === 0 && stopOk) {
          const idx = cur + s;
          if ((time < tTime[idx]! || (time === tTime[idx]! && walk < tWalk[idx]!)) && time < bestT[s]!) {
            tTime[idx] = time;
            tWalk[idx] = walk;
            tTrip[idx] = trip;
            tShift[idx] = shift;
            tBoardPos[idx] = boardPos;
            tAlightPos[idx] = pos;
            tSrc[idx] = k - 1;
            if (markedT[s] === 0) {
              markedT[s] = 1;
              markedTList.push(s);
            }
          }
        }
      }
      if (boardable[s] === 1 && (flags & flagsBoard) === 0 && stopOk) {
        const ready = rTime[prev + s]!;
        const currentBoard = trip >= 0 ? sign * (boardTimes[tto + pos]! + shift) : INF;
        // Target pruning: a vehicle boarded too late to beat the target, even at the fastest, is no use.
        if (ready <= currentBoard && reachesInTime(ready, toEnd[s]!, longestEnd, target, bound)) {
          if (this.lookups.find(r, base + pos, pos, ready, fwd, wheelchair, hit)) {
            const t = hit.trip as number;
            // The finder returns the time: no second read of the (cold) trip row when it is the same trip.
            const bt = sign * hit.timeSec!;
            const w = rWalk[prev + s]!;
            if (bt < currentBoard || (bt === currentBoard && w < walk)) {
              trip = t;
              shift = hit.shiftSec;
              tto = tripTimeOffsets[t]!;
              walk = w;
              boardPos = pos;
            }
          }
        }
      }
    }
  }

  /** A transfer's time in this query: walks scaled for a slower walker, same-stop changes as stored. */
  private transferSec(storedSec: number, isWalk: number): number {
    return isWalk === 1 && this.walkFactor !== 1 ? Math.round(storedSec * this.walkFactor) : storedSec;
  }

  /** Relaxes transfers (walks and same-stop changes) from stops reached by a vehicle in round k; returns edges seen. */
  private relaxTransfers(
    markedTList: number[],
    k: number,
    vehiclesLeft: number,
    fwd: boolean,
    wheelchair: boolean,
    target: number,
    bound: number,
    markedRList: number[],
  ): number {
    const d = this.data;
    const cur = k * this.S;
    const { tTime, tWalk, rTime, rWalk, rFrom, rSec, rIsWalk, rSrc, markedT, markedR, bestR } = this;
    const needToBoard = this.vehicles.toBoard;
    // Only transfers to stops with patterns: elsewhere nothing boards (`toBoard` is 255 there).
    const { offsets: tOff, other: tOther, sec: tSecs, isWalk: tWalkFlag } = servedTransfers(d, fwd);
    let relaxed = 0;
    for (let m = 0; m < markedTList.length; m++) {
      const s = markedTList[m]!;
      markedT[s] = 0;
      const base = tTime[cur + s]!;
      const w0 = tWalk[cur + s]!;
      const end = tOff[s + 1]!;
      for (let i = tOff[s]!; i < end; i++) {
        relaxed++;
        const q = tOther[i]!;
        if (needToBoard[q]! > vehiclesLeft) continue;
        if (wheelchair && !d.stopWheelchairOk(q)) continue;
        const sec = this.transferSec(tSecs[i]!, tWalkFlag[i]!);
        const time = base + sec;
        const w = w0 + (tWalkFlag[i] === 1 ? sec : 0);
        const idx = cur + q;
        if (
          (time < rTime[idx]! || (time === rTime[idx]! && w < rWalk[idx]!)) &&
          time < bestR[q]! &&
          reachesInTime(time, this.toEnd[q]!, this.longestEnd, target, bound)
        ) {
          rTime[idx] = time;
          rWalk[idx] = w;
          rFrom[idx] = s;
          rSec[idx] = sec;
          rIsWalk[idx] = tWalkFlag[i]!;
          rSrc[idx] = k;
          if (markedR[q] === 0) {
            markedR[q] = 1;
            markedRList.push(q);
          }
        }
      }
    }
    return relaxed;
  }

  /** Copies a round-(k−1) label into round k when better (r-layer or t-layer). */
  private inherit(from: number, to: number, ready: boolean): void {
    if (ready) {
      const t = this.rTime[from]!;
      if (t < this.rTime[to]! || (t === this.rTime[to]! && this.rWalk[from]! < this.rWalk[to]!)) {
        this.rTime[to] = t;
        this.rWalk[to] = this.rWalk[from]!;
        this.rFrom[to] = this.rFrom[from]!;
        this.rSec[to] = this.rSec[from]!;
        this.rIsWalk[to] = this.rIsWalk[from]!;
        this.rSrc[to] = this.rSrc[from]!;
      }
    } else {
      const t = this.tTime[from]!;
      if (t < this.tTime[to]! || (t === this.tTime[to]! && this.tWalk[from]! < this.tWalk[to]!)) {
        this.tTime[to] = t;
        this.tWalk[to] = this.tWalk[from]!;
        this.tTrip[to] = this.tTrip[from]!;
        this.tShift[to] = this.tShift[from]!;
        this.tBoardPos[to] = this.tBoardPos[from]!;
        this.tAlightPos[to] = this.tAlightPos[from]!;
        this.tSrc[to] = this.tSrc[from]!;
      }
    }
  }

  /**
   * Builds the journey behind target slot k·G + g (round k, end group g; legs in real-time order).
   * `starts` are the start legs the search ran with; `queryStarts` the caller's list, which the
   * legs' `index` points into.
   */
  private reconstruct(
    slot: number,
    starts: AccessLeg[],
    ends: AccessLeg[],
    fwd: boolean,
    queryStarts: readonly AccessLeg[],
  ): RaptorJourney {
    const d = this.data;
    const S = this.S;
    const k = Math.floor(slot / this.groupCount);
    const egressIndex = this.targetEgress[slot]!;
    const egress = ends[egressIndex]!;
    const legs: RaptorLeg[] = [];
    let s = egress.stopIdx;
    let round = k;
    const endSearch = this.tTime[k * S + s]!;
    legs.push({
      kind: 'egress',
      stop: s as StopIdx,
      durationSec: egress.durationSec,
      mode: egress.mode,
      index: egressIndex,
      startSec: endSearch,
      endSec: endSearch + egress.durationSec,
    });
    // Walk down: t-label (vehicle) at round, then r-label at round−1.
    for (;;) {
      const ti = round * S + s;
      const trip = this.tTrip[ti]!;
      const shift = this.tShift[ti]!;
      const boardPos = this.tBoardPos[ti]!;
      const alightPos = this.tAlightPos[ti]!;
      const pattern = d.tripPattern[trip]!;
      const base = d.patternStopOffsets[pattern]!;
      const boardStop = d.patternStops[base + boardPos]!;
      const tto = d.tripTimeOffsets[trip]!;
      // Search-time start/end of the ride.
      const boardSearch = fwd
        ? d.departures[tto + boardPos]! + shift
        : -(d.arrivals[tto + boardPos]! + shift);
      const alightSearch = fwd
        ? d.arrivals[tto + alightPos]! + shift
        : -(d.departures[tto + alightPos]! + shift);
      legs.push({
        kind: 'transit',
        pattern: pattern as PatternIdx,
        trip: trip as TripIdx,
        shiftSec: shift,
        boardPos,
        alightPos,
        boardStop: boardStop as StopIdx,
        alightStop: s as StopIdx,
        startSec: boardSearch,
        endSec: alightSearch,
      });
      // The ready label the vehicle was boarded from (copies keep their original round).
      const ri = this.tSrc[ti]! * S + boardStop;
      const from = this.rFrom[ri]!;
      if (from === -1) {
        const a = starts[this.rSec[ri]!]!;
        legs.push({
          kind: 'access',
          stop: boardStop as StopIdx,
          durationSec: a.durationSec,
          mode: a.mode,
          index: queryStarts.indexOf(a),
          startSec: boardSearch - a.durationSec,
          endSec: boardSearch,
        });
        break;
      }
      const sec = this.rSec[ri]!;
      const isWalk = this.rIsWalk[ri] === 1;
      if (from !== boardStop || isWalk) {
        const arrive = this.rTime[ri]!;
        legs.push({
          kind: 'transfer',
          from: from as StopIdx,
          to: boardStop as StopIdx,
          durationSec: sec,
          isWalk,
          startSec: arrive - sec,
          endSec: arrive,
        });
      }
      round = this.rSrc[ri]!;
      s = from;
    }
    return toRealJourney(legs, fwd);
  }
}

/** Keeps journeys not dominated on (later start, earlier end, fewer transfers); ties go to less walking. */
function paretoSort(list: RaptorJourney[], fwd: boolean): RaptorJourney[] {
  const start = (j: RaptorJourney): number => (fwd ? j.iterationSec : -j.iterationSec);
  const end = (j: RaptorJourney): number => (fwd ? j.arrivalSec : -j.departureSec);
  const dominates = (o: RaptorJourney, j: RaptorJourney, oi: number, ji: number): boolean => {
    if (start(o) < start(j) || end(o) > end(j) || o.transfers > j.transfers) return false;
    if (start(o) > start(j) || end(o) < end(j) || o.transfers < j.transfers) return true;
    return o.walkSec < j.walkSec || (o.walkSec === j.walkSec && oi < ji);
  };
  const keep = list.filter((j, ji) => !list.some((o, oi) => oi !== ji && dominates(o, j, oi, ji)));
  return keep.sort(
    (a, b) => a.arrivalSec - b.arrivalSec || b.departureSec - a.departureSec || a.transfers - b.transfers,
  );
}

/**
 * Whether a label at `time` on a stop `toEndSec` from the destination side (end leg included) can
 * still match the target (`target`, end leg included) and reach an end stop by `bound` (the
 * query's longest journey; the end leg may go past it).
 */
function reachesInTime(
  time: number,
  toEndSec: number,
  longestEnd: number,
  target: number,
  bound: number,
): boolean {
  return time + toEndSec <= target && time + Math.max(0, toEndSec - longestEnd) <= bound;
}

/** A search set up by Raptor.prepare. */
interface PreparedSearch {
  fwd: boolean;
  rounds: number;
  endLegs: ReturnType<typeof withEndTransfers>;
  /** Origin-side legs in search order, and the ones a journey can start with in the vehicles allowed. */
  starts: AccessLeg[];
  usefulStarts: AccessLeg[];
  ends: AccessLeg[];
  wheelchair: boolean;
}
