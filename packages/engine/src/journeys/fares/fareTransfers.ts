import type { FareTransferRuleV2, GtfsFares, LegOptionV2 } from './gtfsFares.ts';
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
 *   with several equally good rows may be bought as any of them, so each is tried).
 * - A rule matches a change from group F to group T when its from_leg_group_id is F, or empty and
 *   F is named in no rule's from_leg_group_id; likewise for to_leg_group_id.
 * - A sub-journey is consecutive rides joined by matching rules; its n-th change (n from 1) may
 *   use a rule whose transfer_count is −1 or ≥ n, and of those only the ones with the smallest
 *   such transfer_count (the reference's selection rule).
 * - duration_limit is measured per duration_limit_type between the "current leg" and the next
 *   one. For the second and later changes of a sub-journey, "current leg" may mean the ride just
 *   left or the sub-journey's first ride (a ticket valid 90 minutes from validation); the two
 *   readings are kept as strict (both hold) and lenient (either holds), as for v1.
 * - Cost: first change A+AB (type 0), A+AB+B (1) or AB (2); later changes S+BC, S+BC+C, S+BC,
 *   where S is the sub-journey's cost so far and AB the rule's fare product (empty = free).
 * - Several rules matching one change are alternatives the rider may choose from; the rider may
 *   also not use a transfer at all (buy the next ride on its own), so the cheapest cover wins.
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

/** True when the rule's from or to field matches a leg group (empty = the groups no rule names in that field). */
const groupMatches = (field: string, group: string, named: Set<string>): boolean =>
  field === group || (field === '' && group !== '' && !named.has(group));

/** Seconds between the two events duration_limit_type names: current leg → next leg. */
function durationSec(type: 0 | 1 | 2 | 3, current: RideForFare, next: RideForFare): number {
  const start = type === 0 || type === 1 ? current.startSec : current.endSec;
  const end = type === 0 || type === 3 ? next.endSec : next.startSec;
  return end - start;
}

/** The rules a change may use: groups match, within the duration limit, then the reference's transfer_count selection. */
function usableRules(
  fares: GtfsFares,
  fromGroup: string,
  toGroup: string,
  changeNo: number,
  within: (rule: FareTransferRuleV2) => boolean,
): FareTransferRuleV2[] {
  const v2 = fares.v2;
  if (!v2 || fromGroup === '' || toGroup === '') return [];
  const matching = v2.transferRules.filter(
    (r) =>
      groupMatches(r.fromLegGroupId, fromGroup, v2.transferFromGroups) &&
      groupMatches(r.toLegGroupId, toGroup, v2.transferToGroups) &&
      (r.transferCount === null || r.transferCount === -1 || r.transferCount >= changeNo) &&
      within(r),
  );
  const counted = matching.filter((r) => r.transferCount !== null && r.transferCount !== -1);
  if (counted.length === 0) return matching;
  const smallest = Math.min(...counted.map((r) => r.transferCount ?? Infinity));
  return matching.filter((r) => r.transferCount === null || r.transferCount === smallest);
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
  const start = rides[i];
  if (!start) return;
  const record = (j: number, seg: FareSegment) => {
    const cell = options[i]?.[j];
    if (!cell) return;
    const prev = cell[reading];
    if (!prev || seg.pence < prev.pence) cell[reading] = seg;
  };
  const visit = (k: number, leg: LegOptionV2, pence: number, sources: string[], changes: SegmentChange[]) => {
    if (--budget.left <= 0) return;
    if (k > i) record(k, { pence, source: sources.join(' + ') || `${fares.feedId} transfer`, changes });
    const current = rides[k];
    const next = rides[k + 1];
    if (!current || !next) return;
    const changeNo = k + 1 - i;
    const within = (r: FareTransferRuleV2): boolean => {
      if (r.durationLimitSec === null || r.durationLimitType === null) return true;
      const limit = r.durationLimitSec;
      const type = r.durationLimitType;
      const fromCurrent = durationSec(type, current, next) <= limit;
      const fromFirst = durationSec(type, start, next) <= limit;
      return reading === 'strict' ? fromCurrent && fromFirst : fromCurrent || fromFirst;
    };
    for (const nextLeg of legOptions[k + 1] ?? []) {
      for (const rule of usableRules(fares, leg.legGroupId, nextLeg.legGroupId, changeNo, within)) {
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
        const names = [...sources];
        if (rule.fareTransferType === 2 && changeNo === 1) names.splice(0, names.length);
        if (feeName && (feePence !== 0 || rule.fareTransferType === 2)) names.push(feeName);
        if (rule.fareTransferType === 1) names.push(nextLeg.name);
        visit(k + 1, nextLeg, total, names, [
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
    if (a !== undefined) visit(i, leg, a, [leg.name], []);
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
