// Step prices: the last pass, pricing each step on its own (a single ticket, a taxi, a bike hire,
// a free walk) where no earlier pass priced it together with others.
import type { PricingLine } from '@cairn/contracts';
import { epochToLocal } from '../../time/serviceDay.ts';
import { formatMoney } from '../../format/money.ts';
import { isPublicHoliday } from '../publicHoliday.ts';
import type { PlannedStep } from '../model.ts';
import { applyEntitlements } from './entitlements.ts';
import type { FareQuote } from './entitlements.ts';
import { fareSourceOf } from './fareSource.ts';
import type { PricingContext, StepPrice } from './pricingContext.ts';
import {
  COST_TEXT,
  bikeHireText,
  bikeHireUnknownText,
  fareText,
  fareUnknownText,
  liftText,
  taxiText,
  taxiUnknownText,
  vehicleUnknownText,
} from './priceText.ts';
import type { AdultFare } from './rideFare.ts';
import { bikeHirePence, taxiFarePence } from './tariffs.ts';

/** A step that costs nothing. */
const FREE: StepPrice = { pence: 0, text: COST_TEXT.free, lines: [], estimate: false };
/** A step paid for by a ticket priced on another step (a return, a through ticket, a car-club booking). */
export const INCLUDED: StepPrice = { pence: 0, text: COST_TEXT.included, lines: [], estimate: false };

/** A step with an unknown price, and one breakdown line saying so (none when `description` is absent). */
export function unknownStep(description?: string): StepPrice {
  const lines = description === undefined ? [] : [{ description, cost: COST_TEXT.unknown }];
  return { pence: null, text: COST_TEXT.unknown, lines, estimate: false };
}

/** A step priced at `pence` with one breakdown line. */
export function pricedStep(
  pence: number,
  description: string,
  currency: string,
  estimate: boolean,
): StepPrice {
  return pricedStepLines(pence, [{ description, cost: formatMoney(pence, currency) }], currency, estimate);
}

/** A step priced at `pence` with these breakdown lines. */
export function pricedStepLines(
  pence: number,
  lines: PricingLine[],
  currency: string,
  estimate: boolean,
): StepPrice {
  return { pence, text: formatMoney(pence, currency), lines, estimate };
}

/** Adult fare of a public-transport step from its fare source, or undefined when nothing prices it. */
export function adultFare(step: PlannedStep, ctx: PricingContext): AdultFare | undefined {
  return fareSourceOf(step, ctx.region, ctx.gtfsFares)?.fare;
}

/** The traveller's price for a single on this ride, entitlements applied. */
export function quoteSingle(step: PlannedStep, fare: AdultFare, ctx: PricingContext): FareQuote {
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

/** A ticket's price on the step it is bought for, with its breakdown line. */
export function ticketStep(step: PlannedStep, q: FareQuote, source: string, ctx: PricingContext): StepPrice {
  return pricedStep(q.pence, fareText(step, q.basis, source), ctx.region.currency, false);
}

const localMinutes = (tz: string, sec: number): number => Math.floor(epochToLocal(tz, sec).secondsOfDay / 60);

/** Public transport, taxi, bike hire and walking/cycling steps priced on their own. */
export function priceStep(step: PlannedStep, ctx: PricingContext): StepPrice {
  const { region } = ctx;
  switch (step.type) {
    case 'walk':
    case 'cycle':
      return FREE;
    case 'car':
      return { ...FREE, lines: [{ description: liftText(step), cost: COST_TEXT.free }] };
    case 'taxi': {
      const tariff = region.taxi.tariff;
      if (!tariff) return unknownStep(taxiUnknownText(step));
      const { pence, night, holiday } = taxiFarePence(
        tariff,
        step.distanceM,
        step.endSec - step.startSec,
        localMinutes(region.timeZone, step.startSec),
        isPublicHoliday(region.timeZone, step.startSec),
      );
      return pricedStep(pence, taxiText(step, { night, holiday }), region.currency, true);
    }
    case 'bike hire': {
      // The named plan when the step has one, else the cheapest plan for this ride.
      const plans = (region.bikeHire?.pricing_plans ?? []).filter(
        (p) => step.bikeHirePlanId === undefined || p.plan_id === step.bikeHirePlanId,
      );
      const priced = plans
        .map((plan) => ({ plan, pence: bikeHirePence(plan, step.endSec - step.startSec) }))
        .sort((a, b) => a.pence - b.pence)[0];
      if (!priced) return unknownStep(bikeHireUnknownText(step));
      return pricedStep(priced.pence, bikeHireText(step, priced.plan.name), region.currency, false);
    }
    case 'own car':
    case 'car club':
      // Priced with the whole option's vehicle use in vehicleCosts.ts; reaching here means it was not.
      return unknownStep(vehicleUnknownText(step));
    default: {
      const fare = adultFare(step, ctx);
      if (!fare) return unknownStep(fareUnknownText(step));
      return ticketStep(step, quoteSingle(step, fare, ctx), fare.source, ctx);
    }
  }
}
