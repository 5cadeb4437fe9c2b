import type { FareTransferRuleV2 } from '../../gtfs/types.ts';
import type { GtfsFares, LegOptionV2 } from './gtfsFares.ts';
import { findProductAmounts, findV1Fare, listV2LegOptions } from './gtfsFares.ts';
import type { RideForFare } from './rideFare.ts';

/*
 * Changes on one ticket: consecutive rides of one feed that the feed's own transfer rules let the
 * rider pay for together.
 *
 * Fares v1 (fare_attributes.transfers / transfer_duration): rides i..j share one ticket when one
 * fare matches them taken as a single journey (see findV1Fare) and allows j−i changes. The
 * reference only says transfer_duration is the "length of time before a transfer expires": read
 * strictly (Google's reading) the last ride must arrive within it, read leniently it must only be
 * boarded within it. Both readings are kept and the caller prices the case as unknown when they
 * disagree on the cheapest total.
 *
 * Fares v2 (fare_transfer_rules.txt), following the GTFS reference:
 * - Each ride's leg group is the leg_group_id of the fare_leg_rules row that prices it (a ride
 *   with several equally good rows may be bought as any of them, so each is tried). A ride whose
 *   row has no leg group never transfers.
 * - Cost: first change A+AB (type 0), A+AB+B (1) or AB (2); later changes S+BC, S+BC+C, S+BC,
 *   where S is the sub-journey's cost so far and AB the rule's fare product (empty = free).
 * - Several rules matching one change are alternatives the rider may choose from; the rider may
 *   also not use a transfer at all (buy the next ride on its own), so the cheapest cover wins.
 * Where the reference leaves the meaning open, every reading below is tried; a rule counts as
 * usable in the strict result when every reading allows it and in the lenient one when any does:
 * - Matching groups: an empty from_leg_group_id "corresponds to all leg groups … excluding the
 *   ones listed under from_leg_group_id" (read literally: listed in any rule), or, as for
 *   fare_leg_rules, an exact match on one field excludes the rules leaving it empty (from first
 *   or to first). Likewise for to_leg_group_id.
 * - transfer_count: "the rule with the minimum transfer_count that is greater than or equal to
 *   the current transfer count of the sub-journey"; the count may be the changes of the whole
 *   sub-journey or only the consecutive changes within the rule's group, and the rules may be
 *   filtered by duration_limit before or after that selection.
 * - duration_limit runs per duration_limit_type from the "current leg" to the next one; on the
 *   second and later changes the current leg may be the ride just left or the sub-journey's first
 *   ride (a ticket valid 90 minutes from validation).
 */

/** What the rider pays for consecutive rides on one ticket, in one rider category, before entitlements. */
export interface FareSegment {
  /** Pence for the category (adult or child). */
  pence: number;
  /** Names of the fare products or fares paid, for the breakdown. */
  source: string;
  /** One entry per change inside the segment (empty for a single ride). */
  changes: SegmentChange[];
}

export interface SegmentChange {
  /** 'v1' = covered by the same fare; otherwise the v2 fare_transfer_type. */
  kind: 'v1' | 0 | 1 | 2;
  /** Transfer fee in the category's pence (0 = free; negative = a discount). */
  feePence: number;
  feeName: string;
  /** The next ride's own fare when it is also charged (type 1), else null. */
  nextRidePence: number | null;
}

export type FareCategory = 'adult' | 'child';

/** Best segment for rides i..j under the strict and the lenient reading; undefined = no one ticket covers them. */
export interface SegmentOptions {
  strict: FareSegment | undefined;
  lenient: FareSegment | undefined;
}

const categoryPence = (
  amounts: { adultPence?: number; childPence?: number },
  category: FareCategory,
  childPercent: number,
): number | undefined => {
  if (category === 'adult') return amounts.adultPence;
  if (amounts.childPence !== undefined) return amounts.childPence;
  return amounts.adultPence === undefined ? undefined : Math.round((amounts.adultPence * childPercent) / 100);
};

/** Which fares model prices a ride of this feed: v2 when it has a matching leg rule, else v1, else none. */
export function fareModelOf(fares: GtfsFares, ride: RideForFare): 'v1' | 'v2' | null {
  if (fares.v2 && listV2LegOptions(fares, ride).length > 0) return 'v2';
  if (fares.v1 && findV1Fare(fares, [ride], () => true)) return 'v1';
  return null;
}

/** Upper bound on the sub-journeys tried for one run; past it the run's price is unknown. */
const MAX_PATHS = 20_000;

/**
 * For every i < j of a run of rides (same feed, same fares model), the cheapest one-ticket
 * segment in the category under the strict and the lenient reading: options[i][j]. Single rides
 * are priced by the caller as before. complete is false when the search was cut short (the
 * caller must then not trust a total).
 */
export function listFareSegments(
  fares: GtfsFares,
  rides: readonly RideForFare[],
  category: FareCategory,
  childPercent: number,
): { options: SegmentOptions[][]; complete: boolean } {
  const n = rides.length;
  const options: SegmentOptions[][] = rides.map(() =>
    rides.map(() => ({ strict: undefined, lenient: undefined })),
  );
  const model = rides[0] ? fareModelOf(fares, rides[0]) : null;
  if (model === 'v1') {
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const cell = options[i]?.[j];
        if (!cell) continue;
        const run = rides.slice(i, j + 1);
        const lenient = v1Segment(fares, run, 'lenient', category, childPercent);
        cell.lenient = lenient?.segment;
        // Strict fares are a subset of the lenient ones: when the cheapest lenient fare passes
        // the strict test it is the cheapest strict one too.
        cell.strict = lenient?.strictToo
          ? lenient.segment
          : v1Segment(fares, run, 'strict', category, childPercent)?.segment;
      }
  } else if (model === 'v2') {
    const legOptions = rides.map((r) => listV2LegOptions(fares, r));
    const budget = { left: MAX_PATHS };
    for (let i = 0; i < n; i++) {
      for (const reading of ['strict', 'lenient'] as const)
        v2Segments(fares, rides, legOptions, i, reading, category, childPercent, options, budget);
    }
    if (budget.left <= 0) return { options, complete: false };
  }
  return { options, complete: true };
}

function v1Segment(
  fares: GtfsFares,
  rides: readonly RideForFare[],
  reading: 'strict' | 'lenient',
  category: FareCategory,
  childPercent: number,
): { segment: FareSegment; strictToo: boolean } | undefined {
  const first = rides[0];
  const last = rides[rides.length - 1];
  if (!first || !last) return undefined;
  const changes = rides.length - 1;
  const strictSpanSec = last.endSec - first.startSec;
  const spanSec = (reading === 'strict' ? last.endSec : last.startSec) - first.startSec;
  const fare = findV1Fare(
    fares,
    rides,
    (attr) =>
      (attr.transfers === null || attr.transfers >= changes) &&
      (attr.transferDurationSec === null || attr.transferDurationSec >= spanSec),
  );
  if (!fare) return undefined;
  const pence = categoryPence({ adultPence: fare.pricePence }, category, childPercent);
  if (pence === undefined) return undefined;
  return {
    segment: {
      pence,
      source: `${fares.feedId} fare ${fare.fareId}`,
      changes: rides.slice(1).map(() => ({ kind: 'v1', feePence: 0, feeName: '', nextRidePence: null })),
    },
    strictToo: fare.transferDurationSec === null || fare.transferDurationSec >= strictSpanSec,
  };
}

/** Rules whose from and to groups match a change, under one reading of empty fields (see the file comment). */
function matchGroups(
  v2: V2,
  from: string,
  to: string,
  reading: 'literal' | 'fromFirst' | 'toFirst',
): FareTransferRuleV2[] {
  if (reading === 'literal') {
    const matches = (field: string, group: string, named: Set<string>) =>
      field === group || (field === '' && !named.has(group));
    return v2.transferRules.filter(
      (r) =>
        matches(r.fromLegGroupId, from, v2.transferFromGroups) &&
        matches(r.toLegGroupId, to, v2.transferToGroups),
    );
  }
  const rules = v2.transferRules.filter(
    (r) =>
      (r.fromLegGroupId === from || r.fromLegGroupId === '') &&
      (r.toLegGroupId === to || r.toLegGroupId === ''),
  );
  const narrow = (list: FareTransferRuleV2[], field: (r: FareTransferRuleV2) => string, group: string) => {
    const exact = list.filter((r) => field(r) === group);
    return exact.length > 0 ? exact : list.filter((r) => field(r) === '');
  };
  const byFrom = (list: FareTransferRuleV2[]) => narrow(list, (r) => r.fromLegGroupId, from);
  const byTo = (list: FareTransferRuleV2[]) => narrow(list, (r) => r.toLegGroupId, to);
  return reading === 'fromFirst' ? byTo(byFrom(rules)) : byFrom(byTo(rules));
}

type V2 = NonNullable<GtfsFares['v2']>;

/** Seconds between the two events duration_limit_type names: current leg → next leg. */
function durationSec(type: 0 | 1 | 2 | 3, current: RideForFare, next: RideForFare): number {
  const start = type === 0 || type === 1 ? current.startSec : current.endSec;
  const end = type === 0 || type === 3 ? next.endSec : next.startSec;
  return end - start;
}

/** One change as the rule selection sees it. */
interface ChangeFacts {
  fromGroup: string;
  toGroup: string;
  /** Changes of the sub-journey so far, this one included. */
  changeNo: number;
  /** Consecutive changes within one group ending with this one (1 when the groups differ). */
  sameGroupNo: number;
  /** The ride just left, the sub-journey's first ride, and the next ride. */
  current: RideForFare;
  first: RideForFare;
  next: RideForFare;
}

/**
 * The rules a change may use: strict = allowed by every reading of the reference, lenient =
 * allowed by at least one (see the file comment).
 */
function usableRules(
  v2: V2,
  c: ChangeFacts,
): { strict: FareTransferRuleV2[]; lenient: FareTransferRuleV2[] } {
  if (c.fromGroup === '' || c.toGroup === '') return { strict: [], lenient: [] };
  const results: Array<Set<FareTransferRuleV2>> = [];
  for (const matching of ['literal', 'fromFirst', 'toFirst'] as const) {
    const candidates = matchGroups(v2, c.fromGroup, c.toGroup, matching);
    for (const anchor of [c.current, c.first]) {
      const inTime = (r: FareTransferRuleV2) =>
        r.durationLimitSec === null ||
        r.durationLimitType === null ||
        durationSec(r.durationLimitType, anchor, c.next) <= r.durationLimitSec;
      for (const countNo of [c.changeNo, c.sameGroupNo]) {
        const countOk = (r: FareTransferRuleV2) =>
          r.transferCount === null || r.transferCount === -1 || r.transferCount >= countNo;
        // The smallest transfer_count that covers the change; rules without a count stay.
        const smallestCount = (list: FareTransferRuleV2[]) => {
          const counts = list.map((r) => r.transferCount).filter((n): n is number => n !== null && n !== -1);
          if (counts.length === 0) return list;
          const least = Math.min(...counts);
          return list.filter((r) => r.transferCount === null || r.transferCount === least);
        };
        results.push(new Set(smallestCount(candidates.filter((r) => countOk(r) && inTime(r)))));
        results.push(new Set(smallestCount(candidates.filter(countOk)).filter(inTime)));
      }
    }
  }
  const all = v2.transferRules;
  return {
    strict: all.filter((r) => results.every((set) => set.has(r))),
    lenient: all.filter((r) => results.some((set) => set.has(r))),
  };
}

/** Depth-first over the sub-journeys that start at ride i, recording the cheapest per end ride. */
function v2Segments(
  fares: GtfsFares,
  rides: readonly RideForFare[],
  legOptions: LegOptionV2[][],
  i: number,
  reading: 'strict' | 'lenient',
  category: FareCategory,
  childPercent: number,
  options: SegmentOptions[][],
  budget: { left: number },
): void {
  const v2 = fares.v2;
  const start = rides[i];
  if (!start || !v2) return;
  const record = (j: number, seg: FareSegment) => {
    const cell = options[i]?.[j];
    if (!cell) return;
    const prev = cell[reading];
    if (!prev || seg.pence < prev.pence) cell[reading] = seg;
  };
  const visit = (
    k: number,
    leg: LegOptionV2,
    sameGroupRun: number,
    pence: number,
    sources: string[],
    changes: SegmentChange[],
  ) => {
    if (--budget.left <= 0) return;
    if (k > i) record(k, { pence, source: sources.join(' + ') || `${fares.feedId} transfer`, changes });
    const current = rides[k];
    const next = rides[k + 1];
    if (!current || !next) return;
    const changeNo = k + 1 - i;
    for (const nextLeg of legOptions[k + 1] ?? []) {
      const same = leg.legGroupId === nextLeg.legGroupId;
      const sameGroupNo = same ? sameGroupRun + 1 : 1;
      const usable = usableRules(v2, {
        fromGroup: leg.legGroupId,
        toGroup: nextLeg.legGroupId,
        changeNo,
        sameGroupNo,
        current,
        first: start,
        next,
      })[reading];
      for (const rule of usable) {
        const fee =
          rule.productId === ''
            ? { name: '', adultPence: 0, childPence: 0 }
            : findProductAmounts(fares, rule.productId);
        const feePence = fee ? categoryPence(fee, category, childPercent) : undefined;
        const b = categoryPence(nextLeg, category, childPercent);
        if (feePence === undefined || b === undefined) continue;
        let total: number;
        if (rule.fareTransferType === 0) total = pence + feePence;
        else if (rule.fareTransferType === 1) total = pence + feePence + b;
        else total = changeNo === 1 ? feePence : pence + feePence;
        if (total < 0) continue;
        const feeName = fee?.name || rule.productId;
        const names = rule.fareTransferType === 2 && changeNo === 1 ? [] : [...sources];
        if (feeName && (feePence !== 0 || rule.fareTransferType === 2)) names.push(feeName);
        if (rule.fareTransferType === 1) names.push(nextLeg.name);
        visit(k + 1, nextLeg, same ? sameGroupNo : 0, total, names, [
          ...changes,
          {
            kind: rule.fareTransferType,
            feePence,
            feeName,
            nextRidePence: rule.fareTransferType === 1 ? b : null,
          },
        ]);
      }
    }
  };
  for (const leg of legOptions[i] ?? []) {
    const a = categoryPence(leg, category, childPercent);
    if (a !== undefined) visit(i, leg, 0, a, [leg.name], []);
  }
}

/**
 * Cheapest way to cover rides 0..n−1 with consecutive segments, cost(i, j) for rides i..j
 * (undefined = not one segment). On a tie the cover with more, shorter segments is kept, so a
 * change that saves nothing leaves separate tickets. Undefined when some ride cannot be covered.
 */
export function cheapestCover(
  n: number,
  cost: (i: number, j: number) => number | undefined,
): { pence: number; segments: Array<[number, number]> } | undefined {
  const best: Array<{ pence: number; segments: Array<[number, number]> } | undefined> = [
    { pence: 0, segments: [] },
  ];
  for (let end = 0; end < n; end++) {
    let found: { pence: number; segments: Array<[number, number]> } | undefined;
    for (let i = end; i >= 0; i--) {
      const before = best[i];
      const c = cost(i, end);
      if (!before || c === undefined) continue;
      const pence = before.pence + c;
      if (!found || pence < found.pence) found = { pence, segments: [...before.segments, [i, end]] };
    }
    best.push(found);
  }
  return best[n];
}
