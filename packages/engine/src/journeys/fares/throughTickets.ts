// The through-ticket pass: consecutive rides of one feed paid for together under the feed's fare
// transfer rules, where that is the cheapest way to cover them.
import type { PlannedLeg, PlannedStep } from '../model.ts';
import { applyEntitlements } from './entitlements.ts';
import type { FareCategory, FareSegment } from './fareTransfers.ts';
import { cheapestCover, fareModelOf, listFareSegments } from './fareTransfers.ts';
import type { FareSource } from './fareSource.ts';
import { fareSourceOf, rideForFare } from './fareSource.ts';
import type { PricingContext, StepPrice } from './pricingContext.ts';
import { RUN_UNKNOWN_WHY, changeText, rideLabel, runUnknownText, throughTicketText } from './priceText.ts';
import { INCLUDED, adultFare, pricedStep, priceStep, quoteSingle, unknownStep } from './stepPrice.ts';

type GtfsSource = Extract<FareSource, { kind: 'gtfs' }>;

/** The GTFS fares of a timetabled ride's own feed when they are its fare source; else undefined. */
function ownFeedFares(step: PlannedStep, ctx: PricingContext): GtfsSource | undefined {
  if (!step.ride) return undefined;
  const source = fareSourceOf(step, ctx.region, ctx.gtfsFares);
  if (source?.kind !== 'gtfs' || source.fares.feedId !== step.ride.feedId) return undefined;
  return source;
}

/** True when the traveller rides free on this ride by an entitlement (pass, Young Scot, infant). */
function freeByEntitlement(step: PlannedStep, ctx: PricingContext): boolean {
  const fare = adultFare(step, ctx);
  if (!fare) return false;
  const q = quoteSingle(step, fare, ctx);
  return q.pence === 0 && q.entitlement !== null;
}

/**
 * Consecutive rides of one feed (walking between them keeps the run going) that the feed's fare
 * transfer rules let the traveller pay for together: fares v1 transfer allowances (a through
 * ticket, e.g. a change of train at Perth on an Edinburgh–Aviemore ticket) and fares v2
 * fare_transfer_rules (see fareTransfers.ts). The cheapest cover of the run by single tickets and
 * such segments wins. Steps in `taken` are priced already (by a return ticket) and end a run.
 *
 * Entitlements and transfers:
 * - A ride the traveller makes free with an entitlement (National Entitlement Card, Young Scot
 *   under-22 free bus, infant) is not bought, so it never starts, continues or ends a paid chain:
 *   it splits the run, and the rides either side are priced apart. (A transfer product is a
 *   discount on holding the previous ticket, which a pass holder does not buy.)
 * - A railcard or Young Scot rail discount comes off a segment's whole price when every ride in
 *   it is of a discounted mode; when a change joins a discounted mode to another one (bus to
 *   train), the feed does not say whether the discount applies, so that segment's price is only
 *   known to lie between the discounted and the plain price.
 * - A child pays the segment's child price (each product's child row, else the rule's child
 *   percentage of the adult price, product by product).
 * Wherever the readings of the rules (see fareTransfers.ts) or of an entitlement give different
 * cheapest totals, the run's price is unknown rather than a guess.
 */
export function priceThroughTickets(
  leg: PlannedLeg,
  ctx: PricingContext,
  taken: ReadonlyMap<number, StepPrice>,
): Map<number, StepPrice> {
  const runs: Array<{ indexes: number[]; source: GtfsSource }> = [];
  let run: number[] = [];
  let runSource: GtfsSource | undefined;
  let runKey = '';
  const close = () => {
    if (runSource && run.length >= 2) runs.push({ indexes: run, source: runSource });
    run = [];
  };
  leg.steps.forEach((step, i) => {
    const source = taken.has(i) ? undefined : ownFeedFares(step, ctx);
    const model = source ? fareModelOf(source.fares, rideForFare(step, ctx.region)) : null;
    if (source && model && !freeByEntitlement(step, ctx)) {
      const key = [source.fares.feedId, model, source.childPercent, source.concessionsFree].join('\u0000');
      if (run.length > 0 && key !== runKey) close();
      if (run.length === 0) runSource = source;
      runKey = key;
      run.push(i);
    } else if (step.type !== 'walk') close();
  });
  close();
  const found = new Map<number, StepPrice>();
  for (const r of runs) for (const [i, p] of priceRun(leg, r.indexes, r.source, ctx)) found.set(i, p);
  return found;
}

type SegmentQuote = { pence: number; basis: string; segment: FareSegment };

/** Prices one run of rides with the feed's transfer rules; see priceThroughTickets. */
function priceRun(
  leg: PlannedLeg,
  indexes: number[],
  source: GtfsSource,
  ctx: PricingContext,
): Map<number, StepPrice> {
  const prices = new Map<number, StepPrice>();
  const { region, traveller } = ctx;
  const steps = indexes.map((i) => leg.steps[i]).filter((x): x is PlannedStep => x !== undefined);
  const first = steps[0];
  if (!first || steps.length !== indexes.length) return prices;
  const rides = steps.map((x) => rideForFare(x, region));
  const singles = steps.map((x) => priceStep(x, ctx));
  const age = traveller.age;
  const conc = region.fares.concessions;
  const categories: FareCategory[] =
    age !== null && age > conc.infantFreeMaxAge && age <= conc.childMaxAge ? ['adult', 'child'] : ['adult'];
  const lists = categories.map((category) => ({
    category,
    ...listFareSegments(source.fares, rides, category, source.childPercent),
  }));
  const label = (a: number, b: number) => {
    const from = steps[a] ?? first;
    return rideLabel({ ...from, to: (steps[b] ?? from).to });
  };
  const markUnknown = (why: string) => {
    indexes.forEach((i, k) => {
      prices.set(i, k === 0 ? unknownStep(runUnknownText(label(0, steps.length - 1), why)) : unknownStep());
    });
    return prices;
  };
  if (lists.some((l) => !l.complete)) return markUnknown(RUN_UNKNOWN_WHY.tooManyWays);

  // Cheapest segment quote for rides a..b under one reading: 'hi' is a price the traveller can
  // certainly pay, 'lo' the lowest any reading allows.
  const quote = (a: number, b: number, bound: 'lo' | 'hi'): SegmentQuote | undefined => {
    let best: SegmentQuote | undefined;
    for (const l of lists) {
      const segment = l.options[a]?.[b]?.[bound === 'hi' ? 'strict' : 'lenient'];
      if (!segment) continue;
      let q: { pence: number; basis: string };
      if (l.category === 'child') q = { pence: segment.pence, basis: 'child single' };
      else {
        const modes = [...new Set(steps.slice(a, b + 1).map((x) => x.type))];
        const entitled = modes.map((mode) =>
          applyEntitlements(traveller, conc, {
            mode,
            adultPence: segment.pence,
            // The adult segment price only: the child price is the child category's own segment.
            childPence: segment.pence,
            childPercent: 100,
            ruleConcessionsFree: source.concessionsFree,
            ticket: 'single',
            // A scheme limited to some operators covers the segment when one operator runs all of it.
            operatorId: soleOperator(steps.slice(a, b + 1)),
          }),
        );
        const only = entitled[0];
        if (modes.length === 1 && only) q = only;
        else if (bound === 'hi') q = { pence: segment.pence, basis: 'adult single' };
        else q = { pence: Math.min(...entitled.map((e) => e.pence)), basis: 'adult single' };
      }
      if (!best || q.pence < best.pence) best = { ...q, segment };
    }
    return best;
  };
  const chosen = new Map<string, SegmentQuote>();
  const cost = (bound: 'lo' | 'hi') => (a: number, b: number) => {
    if (a === b) return singles[a]?.pence ?? undefined;
    const q = quote(a, b, bound);
    if (q && bound === 'hi') chosen.set(`${a},${b}`, q);
    return q?.pence;
  };
  const hi = cheapestCover(steps.length, cost('hi'));
  const lo = cheapestCover(steps.length, cost('lo'));
  if (!hi && !lo) return prices;
  if (!hi || !lo || lo.pence < hi.pence) return markUnknown(RUN_UNKNOWN_WHY.ambiguous);
  for (const [a, b] of hi.segments) {
    const at = indexes[a];
    if (at === undefined) continue;
    if (a === b) {
      const single = singles[a];
      if (single) prices.set(at, single);
      continue;
    }
    const q = chosen.get(`${a},${b}`);
    if (!q) return markUnknown(RUN_UNKNOWN_WHY.internal);
    const changes = q.segment.changes.map((c, k) =>
      changeText(c, steps[a + k]?.to.name ?? '', k === 0, region.currency),
    );
    const description = throughTicketText(label(a, b), changes, q.basis, q.segment.source);
    prices.set(at, pricedStep(q.pence, description, region.currency, false));
    for (const i of indexes.slice(a + 1, b + 1)) prices.set(i, INCLUDED);
  }
  return prices;
}

/** The operator of every ride of some steps when it is one and the same, else null. */
function soleOperator(steps: readonly PlannedStep[]): string | null {
  const ids = new Set(steps.filter((s) => s.ride).map((s) => s.ride?.operatorId ?? null));
  const [only] = ids;
  return ids.size === 1 ? (only ?? null) : null;
}
