// Prices a whole option in named passes, each pricing the steps it can and leaving the rest: return
// tickets, then through tickets, then vehicle costs, then each remaining step on its own. Which
// fare source prices a ride is decided once (fareSource.ts); the words are in priceText.ts.
import type { PaymentMethods, PricingLine } from '@cairn/contracts';
import type { RegionConfig } from '../../region/regionConfig.ts';
import { formatMoney } from '../../format/money.ts';
import type { PlannedLeg, PlannedOption } from '../model.ts';
import { operatorOf } from './fareSource.ts';
import type { PassPrices, PricingContext, StepPrice } from './pricingContext.ts';
import { COST_TEXT } from './priceText.ts';
import { priceReturnTickets } from './returnTickets.ts';
import { priceStep } from './stepPrice.ts';
import { priceThroughTickets } from './throughTickets.ts';
import { priceVehicleCosts } from './vehicleCosts.ts';

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

/** Prices a whole option with the traveller's entitlements; never a wrong total (unknown instead). */
export function priceOption(option: PlannedOption, ctx: PricingContext): OptionPrice {
  const prices: PassPrices = priceReturnTickets(option, ctx);
  const addThroughTickets = (leg: PlannedLeg | null, priced: Map<number, StepPrice>) => {
    if (leg) for (const [i, p] of priceThroughTickets(leg, ctx, priced)) priced.set(i, p);
  };
  addThroughTickets(option.depart, prices.depart);
  addThroughTickets(option.ret, prices.ret);
  const vehicles = priceVehicleCosts(option, ctx);
  for (const leg of ['depart', 'ret'] as const) for (const [i, p] of vehicles[leg]) prices[leg].set(i, p);
  const stepPrices = (leg: PlannedLeg | null, priced: Map<number, StepPrice>): StepPrice[] =>
    (leg?.steps ?? []).map((step, i) => priced.get(i) ?? priceStep(step, ctx));
  const depart = stepPrices(option.depart, prices.depart);
  const ret = stepPrices(option.ret, prices.ret);

  const all = [...depart, ...ret];
  const unknown = all.some((p) => p.pence === null);
  const totalPence = unknown ? null : all.reduce((s, p) => s + (p.pence ?? 0), 0);
  return {
    totalPence,
    text: totalPence === null ? COST_TEXT.unknown : formatMoney(totalPence, ctx.region.currency),
    lines: all.flatMap((p) => p.lines),
    stepCosts: { depart: depart.map((p) => p.text), ret: ret.map((p) => p.text) },
    paymentMethods: paymentMethods(option, ctx.region),
    isEstimate: all.some((p) => p.estimate),
  };
}

/** Accepted payment methods per operator used on public transport (SPEC payment_methods_breakdown). */
function paymentMethods(option: PlannedOption, region: RegionConfig): PaymentMethods[] {
  const seen = new Map<string, PaymentMethods>();
  for (const step of [...option.depart.steps, ...(option.ret?.steps ?? [])]) {
    const operatorId = operatorOf(step, region);
    const operator = operatorId ? region.operators.find((o) => o.id === operatorId) : undefined;
    const name = operator?.name ?? step.ride?.agencyName;
    if (!name || seen.has(name)) continue;
    if (operator && operator.paymentMethods.length > 0)
      seen.set(name, { agency_name: name, methods: [...operator.paymentMethods] });
  }
  return [...seen.values()];
}
