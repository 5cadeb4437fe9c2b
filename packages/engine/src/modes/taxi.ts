import { taxiFarePence } from '../journeys/fares/tariffs.ts';
import { inTaxiArea, isScottishBankHoliday, localDayTime } from './serviceTime.ts';
import { planStreetStep, totals } from './streetStep.ts';
import type { ModeContext, TravelMode } from './types.ts';
import { fromToText } from '../journeys/format/placeNames.ts';

/** Local taxi operators whose area covers a pick-up point (name and phone, SPEC Taxi); the region is all it reads. */
export function listTaxiOperators(
  ctx: Pick<ModeContext, 'region'>,
  lat: number,
  lon: number,
): Array<{ name: string; phone: string }> {
  return ctx.region.taxi.operators
    .filter((op) => inTaxiArea(lat, lon, op.area))
    .map((op) => ({ name: op.name, phone: op.phone }));
}

/** Estimated metered fare for a ride starting at `startSec`, with night and bank-holiday uplifts. */
export function estimateTaxiFare(
  ctx: ModeContext,
  distanceM: number,
  durationSec: number,
  startSec: number,
): { pence: number; notes: string[] } {
  const tariff = ctx.region.taxi.tariff;
  const local = localDayTime(ctx.region.timeZone, startSec);
  const { pence, night } = taxiFarePence(tariff, distanceM, durationSec, local.minutes);
  const notes = night ? ['night rate'] : [];
  if (isScottishBankHoliday(local.date) && tariff.holidayUpliftPercent > 0) {
    notes.push('bank holiday rate');
    return { pence: Math.ceil((pence * (1 + tariff.holidayUpliftPercent / 100)) / 10) * 10, notes };
  }
  return { pence, notes };
}

/**
 * Taxi door to door, priced with the region's tariff. Offered even where no local operator is
 * listed: the journey page then says there are none, as SPEC describes.
 */
export const taxiMode: TravelMode = {
  mode: 'taxi',
  plan(ctx, req) {
    const r = planStreetStep(ctx, 'taxi', 'car', req.from, req.to);
    if (!r.ok) return r;
    const steps = [r.step];
    const fare = estimateTaxiFare(ctx, r.step.distanceM, r.step.durationSec, req.departSec);
    const label = `Taxi ${fromToText(req.from, req.to)}: estimated metered fare${fare.notes.length ? ` (${fare.notes.join(', ')})` : ''}`;
    return {
      ok: true,
      option: {
        mode: 'taxi',
        steps,
        ...totals(steps),
        cost: { pence: fare.pence, estimate: true, lines: [{ description: label, pence: fare.pence }] },
        taxis: listTaxiOperators(ctx, req.from.lat, req.from.lon),
      },
    };
  },
};
