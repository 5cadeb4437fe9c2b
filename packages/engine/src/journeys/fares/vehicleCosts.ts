// The vehicle-cost pass: own-car running costs and parking, and one car-club booking, across both
// legs of the option (a car parked on the way out is collected on the way back).
import type { PricingLine } from '@cairn/contracts';
import { formatMoney } from '../../format/money.ts';
import type { PlannedOption, PlannedStep } from '../model.ts';
import type { PassPrices, PricingContext } from './pricingContext.ts';
import {
  CAR_CLUB_UNKNOWN_TEXT,
  NOT_INCLUDED_TEXT,
  carClubText,
  carRunningText,
  carRunningUnknownText,
  parkAndRideText,
  parkingNotIncludedText,
  parkingText,
  COST_TEXT,
} from './priceText.ts';
import { INCLUDED, pricedStep, pricedStepLines, unknownStep } from './stepPrice.ts';
import { carClubPence, ownCarRunningPence, parkingPence } from './tariffs.ts';

/** Own car and car club: running costs, parking and car-club booking across both legs. */
export function priceVehicleCosts(option: PlannedOption, ctx: PricingContext): PassPrices {
  const found: PassPrices = { depart: new Map(), ret: new Map() };
  const { region } = ctx;
  const { currency } = region;
  const steps: Array<{ s: PlannedStep; i: number; leg: keyof PassPrices }> = [
    ...option.depart.steps.map((s, i) => ({ s, i, leg: 'depart' as const })),
    ...(option.ret?.steps ?? []).map((s, i) => ({ s, i, leg: 'ret' as const })),
  ];
  const returnStart = option.ret?.steps[0]?.startSec;

  for (const { s, i, leg } of steps) {
    if (s.type !== 'own car') continue;
    const ownCar = region.ownCar;
    if (!ownCar) {
      found[leg].set(i, unknownStep(carRunningUnknownText(s)));
      continue;
    }
    const running = ownCarRunningPence(ownCar, s.distanceM);
    const lines: PricingLine[] = [{ description: carRunningText(s), cost: formatMoney(running, currency) }];
    let pence = running;
    if (leg === 'depart') {
      const parkedAtStation = s.leavesVehicleAt !== undefined;
      const collect = option.ret?.steps.find((b) => b.type === 'own car');
      if (parkedAtStation && ownCar.parking.stationParkAndRideFree) {
        lines.push({ description: parkAndRideText(s.to.name), cost: COST_TEXT.free });
      } else if (option.ret && collect && returnStart !== undefined) {
        const staySec = (parkedAtStation ? collect.startSec : returnStart) - s.endSec;
        const park = parkingPence(ownCar, staySec);
        pence += park;
        lines.push({ description: parkingText(s.to.name), cost: formatMoney(park, currency) });
      } else if (!option.ret) {
        lines.push({ description: parkingNotIncludedText(s.to.name), cost: NOT_INCLUDED_TEXT });
      }
    }
    found[leg].set(i, pricedStepLines(pence, lines, currency, true));
  }

  const clubSteps = steps.filter((x) => x.s.type === 'car club');
  const first = clubSteps[0];
  if (!first) return found;
  const provider = region.carClub.providers.find((p) => p.id === first.s.carClubProviderId);
  if (!provider) {
    for (const c of clubSteps) found[c.leg].set(c.i, unknownStep(CAR_CLUB_UNKNOWN_TEXT));
    return found;
  }
  const last = clubSteps[clubSteps.length - 1] ?? first;
  const bookedSec = last.s.endSec - first.s.startSec;
  const distanceM = clubSteps.reduce((sum, c) => sum + c.s.distanceM, 0);
  const { pence, bookedMin } = carClubPence(provider, bookedSec, distanceM);
  const hours = Math.round((bookedMin / 60) * 10) / 10;
  found[first.leg].set(
    first.i,
    pricedStep(pence, carClubText(provider.name, hours, !!option.ret), currency, true),
  );
  for (const c of clubSteps.slice(1)) found[c.leg].set(c.i, INCLUDED);
  return found;
}
