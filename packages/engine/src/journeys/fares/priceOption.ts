import type { PaymentMethods, PricingLine } from '@cairn/contracts';
import type { RegionConfig } from '../../region/regionConfig.ts';
import { epochToLocal } from '../../time/service-day.ts';
import { formatPence } from '../format/money.ts';
import { haversineM } from '../geo.ts';
import { isPublicHoliday } from '../publicHoliday.ts';
import type { PlannedLeg, PlannedOption, PlannedStep } from '../model.ts';
import { applyEntitlements } from './entitlements.ts';
import type { FareQuote } from './entitlements.ts';
import type { GtfsFares } from './gtfsFares.ts';
import { priceThroughWithGtfsFares, priceWithGtfsFares } from './gtfsFares.ts';
import { findFareRule, priceWithRegionRule } from './regionFares.ts';
import type { AdultFare, RideForFare } from './rideFare.ts';
import { bikeHirePence, carClubPence, ownCarRunningPence, parkingPence, taxiFarePence } from './tariffs.ts';
import type { Traveller } from './traveller.ts';

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
  /** '£12.40', 'free' or 'unknown'. */
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
    text: totalPence === null ? 'unknown' : formatPence(totalPence),
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
    board: { lat: step.from.lat, lng: step.from.lng },
    alight: { lat: step.to.lat, lng: step.to.lng },
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
  const service = step.ride?.routeShortName ? ` ${step.ride.routeShortName}` : '';
  return `${mode}${service} ${step.from.name} to ${step.to.name}`;
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

function fareLine(step: PlannedStep, q: FareQuote, source: string): PricingLine {
  return { description: `${rideLabel(step)}: ${q.basis} (${source})`, cost: formatPence(q.pence) };
}

/** Public transport, taxi, bike hire and walking/cycling steps priced on their own. */
function priceStep(step: PlannedStep, ctx: PricingContext): StepPrice {
  const { region, traveller } = ctx;
  switch (step.type) {
    case 'walk':
    case 'cycle':
    case 'car':
      return FREE;
    case 'taxi': {
      const { pence, night, holiday } = taxiFarePence(
        region.taxi.tariff,
        step.distanceM,
        step.endSec - step.startSec,
        localMinutes(region.timeZone, step.startSec),
        isPublicHoliday(region.timeZone, step.startSec),
      );
      const rate = night ? ' (night rate)' : holiday ? ' (public holiday rate)' : '';
      const description = `Taxi ${step.from.name} to ${step.to.name}: estimated metered fare${rate}`;
      return {
        pence,
        text: formatPence(pence),
        lines: [{ description, cost: formatPence(pence) }],
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
      if (!priced) return unknownStep(`Bike hire ${step.from.name} to ${step.to.name}: price not known`);
      const { plan, pence } = priced;
      return {
        pence,
        text: formatPence(pence),
        lines: [
          {
            description: `Bike hire ${step.from.name} to ${step.to.name} (${plan.name})`,
            cost: formatPence(pence),
          },
        ],
        estimate: false,
      };
    }
    case 'own car':
    case 'car club':
      // Priced with the whole option's vehicle use in priceVehicles; reaching here means it was not.
      return unknownStep(`${step.type} ${step.from.name} to ${step.to.name}: price not known`);
    default: {
      const fare = adultFare(step, ctx);
      if (!fare) return unknownStep(`${rideLabel(step)}: fare not known`);
      const q = applyEntitlements(traveller, region.fares.concessions, {
        mode: step.type,
        adultPence: fare.singlePence,
        childPence: fare.childPence,
        childPercent: fare.childPercent,
        ruleConcessionsFree: fare.concessionsFree,
        ticket: 'single',
      });
      return {
        pence: q.pence,
        text: formatPence(q.pence),
        lines: [fareLine(step, q, fare.source)],
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
        haversineM(back.from.lat, back.from.lng, out.to.lat, out.to.lng) < NEAR_M &&
        haversineM(back.to.lat, back.to.lng, out.from.lat, out.from.lng) < NEAR_M,
    );
    if (j === undefined || j < 0) return;
    const back = option.ret?.steps[j];
    if (!back) return;
    const backFare = adultFare(back, ctx);
    if (!backFare || backFare.source !== outFare.source) return;
    const entitle = (fare: AdultFare, pence: number, ticket: 'single' | 'return', childPence?: number) =>
      applyEntitlements(traveller, region.fares.concessions, {
        mode: out.type,
        adultPence: pence,
        childPence,
        childPercent: fare.childPercent,
        ruleConcessionsFree: fare.concessionsFree,
        ticket,
      });
    const singles =
      entitle(outFare, outFare.singlePence, 'single', outFare.childPence).pence +
      entitle(backFare, backFare.singlePence, 'single', backFare.childPence).pence;
    const childReturn = outFare.childPence !== undefined ? outFare.childPence * 2 : undefined;
    const rq = entitle(outFare, outFare.returnPence, 'return', childReturn);
    if (rq.pence >= singles) return;
    depart[i] = {
      pence: rq.pence,
      text: formatPence(rq.pence),
      lines: [fareLine(out, rq, outFare.source)],
      estimate: false,
    };
    ret[j] = INCLUDED;
  });
}

/** The GTFS fares of a ride's feed when they (not a region rule) price it. */
function gtfsFaresFor(
  step: PlannedStep,
  ctx: PricingContext,
): { fares: GtfsFares; childPercent: number; concessionsFree: boolean } | undefined {
  const ride = rideForFare(step, ctx.region);
  if (!ride.feedId || step.flexibleServiceId) return undefined;
  const rule = findFareRule(ctx.region, ride);
  if (rule && rule.kind !== 'gtfs') return undefined;
  const fares = ctx.gtfsFares.get(rule?.kind === 'gtfs' ? rule.feedId : ride.feedId);
  return fares && fares.feedId === ride.feedId
    ? { fares, childPercent: rule?.childPercent ?? 50, concessionsFree: rule?.concessionsFree ?? false }
    : undefined;
}

/**
 * Sells one through ticket for consecutive rides of the same feed and mode (a change of train at
 * Perth on an Edinburgh–Aviemore ticket) when the feed's fares allow the change and it is cheaper
 * for the traveller than the separate tickets. Walking between the rides keeps the run going.
 */
function priceThroughTickets(
  leg: PlannedLeg,
  ctx: PricingContext,
  prices: Array<StepPrice | undefined>,
): void {
  const runs: number[][] = [];
  let run: number[] = [];
  leg.steps.forEach((step, i) => {
    if (step.ride && prices[i] === undefined && gtfsFaresFor(step, ctx)) {
      const prev = leg.steps[run[run.length - 1] ?? -1];
      if (prev && (prev.ride?.feedId !== step.ride.feedId || prev.type !== step.type)) {
        runs.push(run);
        run = [];
      }
      run.push(i);
    } else if (step.type !== 'walk') {
      runs.push(run);
      run = [];
    }
  });
  runs.push(run);
  for (const r of runs.filter((x) => x.length >= 2)) {
    const steps = r.map((i) => leg.steps[i]).filter((x): x is PlannedStep => x !== undefined);
    const first = steps[0];
    const source = first ? gtfsFaresFor(first, ctx) : undefined;
    if (!first || !source) continue;
    const through = priceThroughWithGtfsFares(
      source.fares,
      steps.map((x) => rideForFare(x, ctx.region)),
      source.childPercent,
      source.concessionsFree,
    );
    if (!through) continue;
    const q = applyEntitlements(ctx.traveller, ctx.region.fares.concessions, {
      mode: first.type,
      adultPence: through.singlePence,
      childPercent: through.childPercent,
      ruleConcessionsFree: through.concessionsFree,
      ticket: 'single',
    });
    // A known through fare beats separate tickets that are dearer or not known at all.
    const separate = steps.map((x) => priceStep(x, ctx).pence);
    const separateKnown = separate.every((p) => p !== null);
    if (separateKnown && q.pence >= separate.reduce<number>((sum, p) => sum + (p ?? 0), 0)) continue;
    const last = steps[steps.length - 1] ?? first;
    const label = `${rideLabel({ ...first, to: last.to })} (through ticket, ${steps.length - 1} change${steps.length > 2 ? 's' : ''})`;
    prices[r[0] ?? 0] = {
      pence: q.pence,
      text: formatPence(q.pence),
      lines: [{ description: `${label}: ${q.basis} (${through.source})`, cost: formatPence(q.pence) }],
      estimate: false,
    };
    for (const i of r.slice(1)) prices[i] = INCLUDED;
  }
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
    const running = ownCarRunningPence(region, s.distanceM);
    const lines: PricingLine[] = [
      {
        description: `Car running costs ${s.from.name} to ${s.to.name} (fuel and wear, estimate)`,
        cost: formatPence(running),
      },
    ];
    let pence = running;
    if (leg === 'depart') {
      const parkedAtStation = s.leavesVehicleAt !== undefined;
      const collect = option.ret?.steps.find((b) => b.type === 'own car');
      if (parkedAtStation && region.ownCar.parking.stationParkAndRideFree) {
        lines.push({ description: `Park and ride at ${s.to.name}`, cost: 'free' });
      } else if (option.ret && collect && returnStart !== undefined) {
        const staySec = (parkedAtStation ? collect.startSec : returnStart) - s.endSec;
        const park = parkingPence(region, staySec);
        pence += park;
        lines.push({
          description: `Parking at ${s.to.name} (estimate for your stay)`,
          cost: formatPence(park),
        });
      } else if (!option.ret) {
        lines.push({
          description: `Parking at ${s.to.name}: not included (depends on how long you stay)`,
          cost: 'not included',
        });
      }
    }
    set(leg, i, { pence, text: formatPence(pence), lines, estimate: true });
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
      text: formatPence(pence),
      lines: [
        {
          description: `${provider.name} car club: ${hours} hours booked and mileage${option.ret ? ' for the round trip' : ''}`,
          cost: formatPence(pence),
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
