// The return-ticket pass: an outbound ride and the ride back over the same stretch by the same
// fare source, sold as one return when that is cheaper for the traveller than two singles.
import { haversineM } from '../../geo/geometry.ts';
import type { PlannedOption } from '../model.ts';
import { applyEntitlements } from './entitlements.ts';
import type { PassPrices, PricingContext } from './pricingContext.ts';
import type { AdultFare } from './rideFare.ts';
import { INCLUDED, adultFare, ticketStep } from './stepPrice.ts';

/** How far apart the ends of the outbound and return rides may be and still be one stretch. */
const NEAR_M = 400;

/** Return tickets for the option's ride pairs: the outbound step carries the ticket, the return step is included. */
export function priceReturnTickets(option: PlannedOption, ctx: PricingContext): PassPrices {
  const found: PassPrices = { depart: new Map(), ret: new Map() };
  const back = option.ret;
  if (!back) return found;
  const { region, traveller } = ctx;
  option.depart.steps.forEach((out, i) => {
    if (!out.ride && !out.flexibleServiceId) return;
    const outFare = adultFare(out, ctx);
    if (!outFare || outFare.returnPence === null) return;
    const j = back.steps.findIndex(
      (b, k) =>
        !found.ret.has(k) &&
        b.type === out.type &&
        (b.ride?.operatorId ?? b.flexibleServiceId) === (out.ride?.operatorId ?? out.flexibleServiceId) &&
        haversineM(b.from.lat, b.from.lon, out.to.lat, out.to.lon) < NEAR_M &&
        haversineM(b.to.lat, b.to.lon, out.from.lat, out.from.lon) < NEAR_M,
    );
    const backStep = back.steps[j];
    if (j < 0 || !backStep) return;
    const backFare = adultFare(backStep, ctx);
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
    found.depart.set(i, ticketStep(out, rq, outFare.source, ctx));
    found.ret.set(j, INCLUDED);
  });
  return found;
}
