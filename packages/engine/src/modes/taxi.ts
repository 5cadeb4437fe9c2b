import type { PlacePoint } from '../journeys/model.ts';
import { inTaxiArea } from './serviceTime.ts';
import type { ChainPart } from './streetStep.ts';
import type { ModeContext } from './types.ts';

/** Local taxi operators whose area covers a pick-up point (name and phone, SPEC Taxi); the region is all it reads. */
export function listTaxiOperators(
  ctx: Pick<ModeContext, 'region'>,
  lat: number,
  lon: number,
): Array<{ name: string; phone: string; wheelchair_accessible?: true }> {
  return ctx.region.taxi.operators
    .filter((op) => inTaxiArea(lat, lon, op.area))
    .map((op) => ({
      name: op.name,
      phone: op.phone,
      // Only what the region says: an operator without the flag may still carry wheelchairs.
      ...(op.wheelchairAccessible ? { wheelchair_accessible: true as const } : {}),
    }));
}

/**
 * A taxi ride from a pick-up point, with the local operators to call; a reason instead when no
 * operator's area covers the pick-up, since there would be nobody to book. The fares code prices
 * the ride from the region's tariff (night and public-holiday rates). Its CO2 counts the ride and
 * the taxi's empty run, by the same rule as a lift (journeys/co2/factors.ts DRIVEN_FOR_TRAVELLER_RUNS).
 */
export function taxiParts(
  modes: Pick<ModeContext, 'region'>,
  from: PlacePoint,
  to: PlacePoint,
): { parts: ChainPart[]; operators: Array<{ name: string; phone: string }> } | { reason: string } {
  const operators = listTaxiOperators(modes, from.lat, from.lon);
  if (operators.length === 0) return { reason: `no local taxi operator serves ${from.name}` };
  return { parts: [{ type: 'taxi', from, to }], operators };
}
