import { listDocksNear } from '../../modes/bikeHire.ts';
import type { PlacePoint } from '../../journeys/model.ts';
import type { OptionFamily } from './family.ts';
import { streetCandidate } from './street.ts';

/** Bike hire door to door is considered up to this straight-line distance. */
export const BIKE_HIRE_DIRECT_M = 20_000;
/** Furthest walk to or from a hire dock on a door-to-door bike-hire trip. */
const BIKE_HIRE_WALK_SEC = 10 * 60;

/** Bike hire: from the dock nearest the origin on foot to the dock nearest the destination. */
export const bikeHireFamily: OptionFamily = {
  candidates(ctx) {
    const { data, origin, destination } = ctx;
    const hire = data.region.bikeHire;
    if (!ctx.allowed('bike hire') || !hire || ctx.crowM > BIKE_HIRE_DIRECT_M) return [];
    // The dock nearest on foot with bikes to lend and a street to ride on (modes/bikeHire.ts).
    const nearest = (p: PlacePoint, direction: 'from' | 'to') =>
      listDocksNear(data.modes, p.lat, p.lng, direction, BIKE_HIRE_WALK_SEC)
        .map((d) => data.modes.bikeDocks[d.index])
        .find((d) => d?.bicycle)?.station;
    const a = nearest(origin, 'from');
    const b = nearest(destination, 'to');
    if (!a || !b || a.station_id === b.station_id) return [];
    const pa = { name: a.name, lat: a.lat, lng: a.lon };
    const pb = { name: b.name, lat: b.lat, lng: b.lon };
    const plan = hire.pricing_plans[0]?.plan_id;
    return streetCandidate(ctx, 'bike hire', [
      { type: 'walk', from: origin, to: pa },
      { type: 'bike hire', from: pa, to: pb, extra: plan ? { bikeHirePlanId: plan } : {} },
      { type: 'walk', from: pb, to: destination },
    ]);
  },
};
