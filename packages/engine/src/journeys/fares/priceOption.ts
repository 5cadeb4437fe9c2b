import type { PaymentMethods, PricingLine } from '@cairn/contracts';
import type { RegionConfig } from '../../region/regionConfig.ts';
import { epochToLocal } from '../../time/serviceDay.ts';
import { formatMoney } from '../../format/money.ts';
import { haversineM } from '../../geo/geometry.ts';
import { isPublicHoliday } from '../publicHoliday.ts';
import type { PlannedLeg, PlannedOption, PlannedStep } from '../model.ts';
import { applyEntitlements } from './entitlements.ts';
import type { FareQuote } from './entitlements.ts';
import type { GtfsFares } from './gtfsFares.ts';
import { priceWithGtfsFares } from './gtfsFares.ts';
import type { FareCategory, FareSegment, SegmentChange } from './fareTransfers.ts';
import { cheapestCover, fareModelOf, listFareSegments } from './fareTransfers.ts';
import { findFareRule, priceWithRegionRule } from './regionFares.ts';
import type { AdultFare, RideForFare } from './rideFare.ts';
import { bikeHirePence, carClubPence, ownCarRunningPence, parkingPence, taxiFarePence } from './tariffs.ts';
import type { Traveller } from './traveller.ts';
import { fromToText } from '../../format/placeNames.ts';
import { serviceAfterMode } from '../../format/serviceName.ts';

/** Everything pricing needs besides the option. */
export interface PricingContext {
  region: RegionConfig;
  traveller: Traveller;
  /** GTFS fares by feed id (feeds without fare files are absent). */
  gtfsFares: ReadonlyMap<string, GtfsFares>;
}

/** Price of an option: total, per-step texts, breakdown and payment methods. */
export interface OptionPrice {
  /** Whole pence; null when any part is unknown. */
  totalPence: number | null;
  /** '£12.40' (in the region's currency), 'free' or 'unknown'. */
  text: string;
  lines: PricingLine[];
  /** Per leg ('depart' / 'return'), per step: '£3.20', 'free', 'included' or 'unknown'. */
  stepCosts: { depart: string[]; ret: string[] };
  paymentMethods: PaymentMethods[];
  isEstimate: boolean;
}

type StepPrice = { pence: number | null; text: string; lines: PricingLine[]; estimate: boolean };

const FREE: StepPrice = { pence: 0, text: 'free', lines: [], estimate: false };
const INCLUDED: StepPrice = { pence: 0, text: 'included', lines: [], estimate: false };

const localMinutes = (tz: string, sec: number): number => Math.floor(epochToLocal(tz, sec).secondsOfDay / 60);

/** Prices a whole option with the traveller's entitlements; never a wrong total (unknown instead). */
export function priceOption(option: PlannedOption, ctx: PricingContext): OptionPrice {
  const depart = option.depart.steps.map(() => undefined as StepPrice | undefined);
  const ret = (option.ret?.steps ?? []).map(() => undefined as StepPrice | undefined);

  priceReturnTickets(option, ctx, depart, ret);
  priceThroughTickets(option.depart, ctx, depart);
  if (option.ret) priceThroughTickets(option.ret, ctx, ret);
  priceVehicles(option, ctx, depart, ret);
  const fill = (leg: PlannedLeg | null, prices: Array<StepPrice | undefined>) => {
    leg?.steps.forEach((step, i) => {
      prices[i] ??= priceStep(step, ctx);
    });
  };
  fill(option.depart, depart);
  fill(option.ret, ret);

  const all = [...depart, ...ret].filter((p): p is StepPrice => p !== undefined);
  const unknown = all.some((p) => p.pence === null);
  const totalPence = unknown ? null : all.reduce((s, p) => s + (p.pence ?? 0), 0);
  const lines = all.flatMap((p) => p.lines);
  return {
    totalPence,
    text: totalPence === null ? 'unknown' : formatMoney(totalPence, ctx.region.currency),
    lines,
    stepCosts: { depart: depart.map((p) => p?.text ?? 'unknown'), ret: ret.map((p) => p?.text ?? 'unknown') },
    paymentMethods: paymentMethods(option, ctx.region),
    isEstimate: all.some((p) => p.estimate),
  };
}

/** The ride of a timetabled or flexible step as fares see it. */
export function rideForFare(step: PlannedStep, region: RegionConfig): RideForFare {
  const ride = step.ride;
  let operatorId = ride?.operatorId ?? null;
  if (step.flexibleServiceId)
    operatorId =
      region.flexibleServices.find((s) => s.id === step.flexibleServiceId)?.operatorId ?? operatorId;
  return {
    mode: step.type,
    operatorId,
    feedId: ride?.feedId ?? null,
    agencyId: ride?.agencyId ?? null,
    routeId: ride?.routeId ?? null,
    boardStopId: ride?.stops[0]?.stopId ?? null,
    alightStopId: ride?.stops[ride.stops.length - 1]?.stopId ?? null,
    stopIds: ride?.stops.map((s) => s.stopId) ?? [],
    board: { lat: step.from.lat, lon: step.from.lon },
    alight: { lat: step.to.lat, lon: step.to.lon },
    distanceM: step.distanceM,
    startSec: step.startSec,
    endSec: step.endSec,
  };
}

const MODE_LABEL: Partial<Record<PlannedStep['type'], string>> = {
  drt: 'DRT',
  'intercity bus': 'Coach',
  'community transport': 'Community transport',
};

function rideLabel(step: PlannedStep): string {
  const mode = MODE_LABEL[step.type] ?? step.type.charAt(0).toUpperCase() + step.type.slice(1);
  const name = serviceAfterMode(mode, step.ride?.routeShortName ?? '');
  const service = name ? ` ${name}` : '';
  return `${mode}${service} ${fromToText(step.from, step.to)}`;
}

/** Adult fare of a public-transport step, or undefined when nothing prices it. */
function adultFare(step: PlannedStep, ctx: PricingContext): AdultFare | undefined {
  const { region } = ctx;
  if (step.flexibleServiceId) {
    const svc = region.flexibleServices.find((s) => s.id === step.flexibleServiceId);
    if (!svc) return undefined;
    const f = svc.fare;
    return {
      singlePence: f.adultSinglePence,
      returnPence: f.returnPence ?? null,
      childPence: f.childSinglePence,
      childPercent: 50,
      concessionsFree: f.concessionsFree,
      source: svc.name,
      returnKey: svc.id,
    };
  }
  const ride = rideForFare(step, region);
  const rule = findFareRule(region, ride);
  const feedFares = ride.feedId ? ctx.gtfsFares.get(ride.feedId) : undefined;
  if (rule?.kind === 'gtfs') {
    const fares = ctx.gtfsFares.get(rule.feedId);
    return fares ? priceWithGtfsFares(fares, ride, rule.childPercent, rule.concessionsFree) : undefined;
  }
  // A feed's own fares win over a generic region rule; a region rule fills feeds without fares.
  if (feedFares) {
    const found = priceWithGtfsFares(
      feedFares,
      ride,
      rule?.childPercent ?? 50,
      rule?.concessionsFree ?? false,
    );
    if (found) return found;
  }
  return rule ? priceWithRegionRule(rule, ride) : undefined;
}

function fareLine(step: PlannedStep, q: FareQuote, source: string, currency: string): PricingLine {
  return { description: `${rideLabel(step)}: ${q.basis} (${source})`, cost: formatMoney(q.pence, currency) };
}

/** Public transport, taxi, bike hire and walking/cycling steps priced on their own. */
function priceStep(step: PlannedStep, ctx: PricingContext): StepPrice {
  const { region } = ctx;
  switch (step.type) {
    case 'walk':
    case 'cycle':
      return FREE;
    case 'car': {
      const description = `Lift ${fromToText(step.from, step.to)}: free as a passenger`;
      return { ...FREE, lines: [{ description, cost: 'free' }] };
    }
    case 'taxi': {
      const tariff = region.taxi.tariff;
      if (!tariff)
        return unknownStep(`Taxi ${fromToText(step.from, step.to)}: no tariff known for this region`);
      const { pence, night, holiday } = taxiFarePence(
        tariff,
        step.distanceM,
        step.endSec - step.startSec,
        localMinutes(region.timeZone, step.startSec),
        isPublicHoliday(region.timeZone, step.startSec),
      );
      const rate = night ? ' (night rate)' : holiday ? ' (public holiday rate)' : '';
      const description = `Taxi ${fromToText(step.from, step.to)}: estimated metered fare${rate}`;
      return {
        pence,
        text: formatMoney(pence, ctx.region.currency),
        lines: [{ description, cost: formatMoney(pence, ctx.region.currency) }],
        estimate: true,
      };
    }
    case 'bike hire': {
      // The named plan when the step has one, else the cheapest plan for this ride.
      const plans = (region.bikeHire?.pricing_plans ?? []).filter(
        (p) => step.bikeHirePlanId === undefined || p.plan_id === step.bikeHirePlanId,
      );
      const priced = plans
        .map((plan) => ({ plan, pence: bikeHirePence(plan, step.endSec - step.startSec) }))
        .sort((a, b) => a.pence - b.pence)[0];
      if (!priced) return unknownStep(`Bike hire ${fromToText(step.from, step.to)}: price not known`);
      const { plan, pence } = priced;
      return {
        pence,
        text: formatMoney(pence, ctx.region.currency),
        lines: [
          {
            description: `Bike hire ${fromToText(step.from, step.to)} (${plan.name})`,
            cost: formatMoney(pence, ctx.region.currency),
          },
        ],
        estimate: false,
      };
    }
    case 'own car':
    case 'car club':
      // Priced with the whole option's vehicle use in priceVehicles; reaching here means it was not.
      return unknownStep(`${step.type} ${fromToText(step.from, step.to)}: price not known`);
    default: {
      const fare = adultFare(step, ctx);
      if (!fare) return unknownStep(`${rideLabel(step)}: fare not known`);
      const q = quoteSingle(step, fare, ctx);
      return {
        pence: q.pence,
        text: formatMoney(q.pence, ctx.region.currency),
        lines: [fareLine(step, q, fare.source, ctx.region.currency)],
        estimate: false,
      };
    }
  }
}

function unknownStep(description: string): StepPrice {
  return { pence: null, text: 'unknown', lines: [{ description, cost: 'unknown' }], estimate: false };
}

const NEAR_M = 400;

/**
 * Pairs an outbound ride with the return ride over the same stretch by the same fare source, and
 * sells a return ticket when that is cheaper for the traveller than two singles.
 */
function priceReturnTickets(
  option: PlannedOption,
  ctx: PricingContext,
  depart: Array<StepPrice | undefined>,
  ret: Array<StepPrice | undefined>,
): void {
  if (!option.ret) return;
  const { region, traveller } = ctx;
  option.depart.steps.forEach((out, i) => {
    if (!out.ride && !out.flexibleServiceId) return;
    const outFare = adultFare(out, ctx);
    if (!outFare || outFare.returnPence === null) return;
    const j = option.ret?.steps.findIndex(
      (back, k) =>
        ret[k] === undefined &&
        back.type === out.type &&
        (back.ride?.operatorId ?? back.flexibleServiceId) ===
          (out.ride?.operatorId ?? out.flexibleServiceId) &&
        haversineM(back.from.lat, back.from.lon, out.to.lat, out.to.lon) < NEAR_M &&
        haversineM(back.to.lat, back.to.lon, out.from.lat, out.from.lon) < NEAR_M,
    );
    if (j === undefined || j < 0) return;
    const back = option.ret?.steps[j];
    if (!back) return;
    const backFare = adultFare(back, ctx);
    if (!backFare || outFare.returnKey === undefined || backFare.returnKey !== outFare.returnKey) return;
    const entitle = (fare: AdultFare, pence: number, ticket: 'single' | 'return', childPence?: number) =>
      applyEntitlements(traveller, region.fares.concessions, {
        mode: out.type,
        adultPence: pence,
        childPence,
        childPercent: fare.childPercent,
        ruleConcessionsFree: fare.concessionsFree,
        ticket,
        operatorId: out.ride?.operatorId ?? null,
      });
    const singles =
      entitle(outFare, outFare.singlePence, 'single', outFare.childPence).pence +
      entitle(backFare, backFare.singlePence, 'single', backFare.childPence).pence;
    const childReturn = outFare.childPence !== undefined ? outFare.childPence * 2 : undefined;
    const rq = entitle(outFare, outFare.returnPence, 'return', childReturn);
    if (rq.pence >= singles) return;
    depart[i] = {
      pence: rq.pence,
      text: formatMoney(rq.pence, ctx.region.currency),
      lines: [fareLine(out, rq, outFare.source, ctx.region.currency)],
      estimate: false,
    };
    ret[j] = INCLUDED;
  });
}

/** The GTFS fares of a ride's feed when they (not a region rule) price it, as adultFare decides. */
function gtfsFaresFor(
  step: PlannedStep,
  ctx: PricingContext,
): { fares: GtfsFares; childPercent: number; concessionsFree: boolean } | undefined {
  const ride = rideForFare(step, ctx.region);
  if (!ride.feedId || step.flexibleServiceId) return undefined;
  const rule = findFareRule(ctx.region, ride);
  if (rule?.kind === 'gtfs') {
    const fares = ctx.gtfsFares.get(rule.feedId);
    return fares && fares.feedId === ride.feedId
      ? { fares, childPercent: rule.childPercent, concessionsFree: rule.concessionsFree }
      : undefined;
  }
  // As in adultFare: a feed's own fares win over a generic region rule when they price the ride.
  const fares = ctx.gtfsFares.get(ride.feedId);
  if (!fares || fares.feedId !== ride.feedId || fareModelOf(fares, ride) === null) return undefined;
  return { fares, childPercent: rule?.childPercent ?? 50, concessionsFree: rule?.concessionsFree ?? false };
}

/** True when the traveller rides free on this ride by an entitlement (pass, Young Scot, infant). */
function freeByEntitlement(step: PlannedStep, ctx: PricingContext): boolean {
  const fare = adultFare(step, ctx);
  if (!fare) return false;
  const q = quoteSingle(step, fare, ctx);
  return q.pence === 0 && q.entitlement !== null;
}

/** The traveller's price for a single on this ride, entitlements applied. */
function quoteSingle(step: PlannedStep, fare: AdultFare, ctx: PricingContext) {
  return applyEntitlements(ctx.traveller, ctx.region.fares.concessions, {
    mode: step.type,
    adultPence: fare.singlePence,
    childPence: fare.childPence,
    childPercent: fare.childPercent,
    ruleConcessionsFree: fare.concessionsFree,
    ticket: 'single',
    operatorId: step.ride?.operatorId ?? null,
  });
}

/**
 * Consecutive rides of one feed (walking between them keeps the run going) that the feed's fare
 * transfer rules let the traveller pay for together: fares v1 transfer allowances (a through
 * ticket, e.g. a change of train at Perth on an Edinburgh–Aviemore ticket) and fares v2
 * fare_transfer_rules (see fareTransfers.ts). The cheapest cover of the run by single tickets and
 * such segments wins.
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
function priceThroughTickets(
  leg: PlannedLeg,
  ctx: PricingContext,
  prices: Array<StepPrice | undefined>,
): void {
  const runs: number[][] = [];
  let run: number[] = [];
  let runKey = '';
  const close = () => {
    runs.push(run);
    run = [];
  };
  leg.steps.forEach((step, i) => {
    const source = step.ride && prices[i] === undefined ? gtfsFaresFor(step, ctx) : undefined;
    const model = source ? fareModelOf(source.fares, rideForFare(step, ctx.region)) : null;
    if (source && model && !freeByEntitlement(step, ctx)) {
      const key = [source.fares.feedId, model, source.childPercent, source.concessionsFree].join('\u0000');
      if (run.length > 0 && key !== runKey) close();
      runKey = key;
      run.push(i);
    } else if (step.type !== 'walk') close();
  });
  close();
  for (const r of runs) if (r.length >= 2) priceRun(leg, r, ctx, prices);
}

type SegmentQuote = { pence: number; basis: string; segment: FareSegment };

/** Prices one run of rides with the feed's transfer rules; see priceThroughTickets. */
function priceRun(
  leg: PlannedLeg,
  indexes: number[],
  ctx: PricingContext,
  prices: Array<StepPrice | undefined>,
): void {
  const { region, traveller } = ctx;
  const steps = indexes.map((i) => leg.steps[i]).filter((x): x is PlannedStep => x !== undefined);
  const first = steps[0];
  const source = first ? gtfsFaresFor(first, ctx) : undefined;
  if (!first || !source || steps.length !== indexes.length) return;
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
      prices[i] =
        k === 0
          ? unknownStep(`${label(0, steps.length - 1)}: price not known (${why})`)
          : { pence: null, text: 'unknown', lines: [], estimate: false };
    });
  };
  if (lists.some((l) => !l.complete)) {
    markUnknown('too many ways to combine the tickets to check');
    return;
  }

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
  if (!hi && !lo) return;
  if (!hi || !lo || lo.pence < hi.pence) {
    markUnknown(
      "the feed's transfer rules, or how your discount applies to them, can be read more than one way for these changes",
    );
    return;
  }
  for (const [a, b] of hi.segments) {
    const at = indexes[a];
    if (at === undefined) continue;
    if (a === b) {
      prices[at] = singles[a];
      continue;
    }
    const q = chosen.get(`${a},${b}`);
    if (!q) {
      markUnknown('internal error pricing the changes');
      return;
    }
    const changes = q.segment.changes.map((c, k) =>
      changeText(c, steps[a + k]?.to.name ?? '', k === 0, ctx.region.currency),
    );
    const n = changes.length;
    const description = `${label(a, b)} (through ticket, ${n} change${n > 1 ? 's' : ''}: ${changes.join('; ')}): ${q.basis} (${q.segment.source})`;
    prices[at] = {
      pence: q.pence,
      text: formatMoney(q.pence, ctx.region.currency),
      lines: [{ description, cost: formatMoney(q.pence, ctx.region.currency) }],
      estimate: false,
    };
    for (const i of indexes.slice(a + 1, b + 1)) prices[i] = INCLUDED;
  }
}

/** Words for one change inside a through ticket: 'at Perth included in the ticket', 'at Carrbridge transfer fee £0.50'. */
function changeText(c: SegmentChange, at: string, firstChange: boolean, currency: string): string {
  // fare_transfer_type 2 on a sub-journey's first change: one product pays for both rides.
  if (c.kind === 2 && firstChange)
    return `at ${at} on one fare for both rides${c.feeName ? ` (${c.feeName})` : ''}`;
  const fee =
    c.feePence > 0
      ? `transfer fee ${formatMoney(c.feePence, currency)}${c.feeName ? ` (${c.feeName})` : ''}`
      : c.feePence < 0
        ? `transfer discount ${formatMoney(-c.feePence, currency)}${c.feeName ? ` (${c.feeName})` : ''}`
        : '';
  if (c.nextRidePence !== null)
    return `at ${at} next ride ${formatMoney(c.nextRidePence, currency)}${fee ? ` plus ${fee}` : ', no transfer fee'}`;
  return fee ? `at ${at} ${fee}` : `at ${at} included in the ticket`;
}

/** Own car and car club: running costs, parking and car-club booking across both legs. */
function priceVehicles(
  option: PlannedOption,
  ctx: PricingContext,
  depart: Array<StepPrice | undefined>,
  ret: Array<StepPrice | undefined>,
): void {
  const { region } = ctx;
  const steps = [
    ...option.depart.steps.map((s, i) => ({ s, i, leg: 'depart' as const })),
    ...(option.ret?.steps ?? []).map((s, i) => ({ s, i, leg: 'ret' as const })),
  ];
  const set = (leg: 'depart' | 'ret', i: number, p: StepPrice) => {
    (leg === 'depart' ? depart : ret)[i] = p;
  };
  const returnStart = option.ret?.steps[0]?.startSec;

  for (const { s, i, leg } of steps) {
    if (s.type !== 'own car') continue;
    const ownCar = region.ownCar;
    if (!ownCar) {
      set(leg, i, unknownStep(`Car running costs ${fromToText(s.from, s.to)}: not known for this region`));
      continue;
    }
    const running = ownCarRunningPence(ownCar, s.distanceM);
    const lines: PricingLine[] = [
      {
        description: `Car running costs ${fromToText(s.from, s.to)} (fuel and wear, estimate)`,
        cost: formatMoney(running, ctx.region.currency),
      },
    ];
    let pence = running;
    if (leg === 'depart') {
      const parkedAtStation = s.leavesVehicleAt !== undefined;
      const collect = option.ret?.steps.find((b) => b.type === 'own car');
      if (parkedAtStation && ownCar.parking.stationParkAndRideFree) {
        lines.push({ description: `Park and ride at ${s.to.name}`, cost: 'free' });
      } else if (option.ret && collect && returnStart !== undefined) {
        const staySec = (parkedAtStation ? collect.startSec : returnStart) - s.endSec;
        const park = parkingPence(ownCar, staySec);
        pence += park;
        lines.push({
          description: `Parking at ${s.to.name} (estimate for your stay)`,
          cost: formatMoney(park, ctx.region.currency),
        });
      } else if (!option.ret) {
        lines.push({
          description: `Parking at ${s.to.name}: not included (depends on how long you stay)`,
          cost: 'not included',
        });
      }
    }
    set(leg, i, { pence, text: formatMoney(pence, ctx.region.currency), lines, estimate: true });
  }

  const clubSteps = steps.filter((x) => x.s.type === 'car club');
  const first = clubSteps[0];
  if (first) {
    const provider = region.carClub.providers.find((p) => p.id === first.s.carClubProviderId);
    if (!provider) {
      for (const c of clubSteps) set(c.leg, c.i, unknownStep(`Car club: provider not known`));
      return;
    }
    const last = clubSteps[clubSteps.length - 1] ?? first;
    const bookedSec = last.s.endSec - first.s.startSec;
    const distanceM = clubSteps.reduce((sum, c) => sum + c.s.distanceM, 0);
    const { pence, bookedMin } = carClubPence(provider, bookedSec, distanceM);
    const hours = Math.round((bookedMin / 60) * 10) / 10;
    set(first.leg, first.i, {
      pence,
      text: formatMoney(pence, ctx.region.currency),
      lines: [
        {
          description: `${provider.name} car club: ${hours} hours booked and mileage${option.ret ? ' for the round trip' : ''}`,
          cost: formatMoney(pence, ctx.region.currency),
        },
      ],
      estimate: true,
    });
    for (const c of clubSteps.slice(1)) set(c.leg, c.i, INCLUDED);
  }
}

/** Accepted payment methods per operator used on public transport (SPEC payment_methods_breakdown). */
function paymentMethods(option: PlannedOption, region: RegionConfig): PaymentMethods[] {
  const seen = new Map<string, PaymentMethods>();
  for (const step of [...option.depart.steps, ...(option.ret?.steps ?? [])]) {
    let operatorId = step.ride?.operatorId ?? null;
    if (step.flexibleServiceId)
      operatorId = region.flexibleServices.find((s) => s.id === step.flexibleServiceId)?.operatorId ?? null;
    const operator = operatorId ? region.operators.find((o) => o.id === operatorId) : undefined;
    const name = operator?.name ?? step.ride?.agencyName;
    if (!name || seen.has(name)) continue;
    if (operator && operator.paymentMethods.length > 0)
      seen.set(name, { agency_name: name, methods: [...operator.paymentMethods] });
  }
  return [...seen.values()];
}

/** The operator of every ride of some steps when it is one and the same, else null. */
function soleOperator(steps: readonly PlannedStep[]): string | null {
  const ids = new Set(steps.filter((s) => s.ride).map((s) => s.ride?.operatorId ?? null));
  const [only] = ids;
  return ids.size === 1 ? (only ?? null) : null;
}
