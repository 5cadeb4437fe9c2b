import type { PlacePoint } from '../../journeys/model.ts';
import type { FlexibleService } from '../../region/regionConfig.ts';
import { checkServiceHours, flexibleParts, flexibleRideSec, inServiceZone } from '../../modes/flexible.ts';
import { buildStreetChain } from '../../modes/streetStep.ts';
import type { OptionFamily } from './family.ts';

/** Times a flexible service's rides (modes/flexible.ts). */
export const rideTimer =
  (svc: FlexibleService) =>
  (distanceM: number, streetSec: number): number =>
    flexibleRideSec(svc, distanceM, streetSec);

/** True when the service can take the traveller door to door between the search's two ends. */
export const servesDoorToDoor = (svc: FlexibleService, a: PlacePoint, b: PlacePoint): boolean =>
  inServiceZone(svc, a.lat, a.lng) && inServiceZone(svc, b.lat, b.lng);

/**
 * DRT and community transport door to door inside their zones, within their hours (booking
 * notice is checked on the whole option, plan.ts). A service region.json also ties to a GTFS
 * route (for its timetable) is offered here, and the transit families leave out journeys that
 * only ride it between two points of its zone (each service appears once: families/transit.ts).
 */
export const flexibleFamily: OptionFamily = {
  candidates(ctx) {
    const { data } = ctx;
    return data.region.flexibleServices.flatMap((svc) => {
      if (!ctx.allowed(svc.kind)) return [];
      const answer = flexibleParts(svc, ctx.origin, ctx.destination);
      if ('reason' in answer) return [];
      const leg = buildStreetChain(data.streets, answer.parts, ctx.at);
      const step = leg?.steps[0];
      if (!leg || !step) return [];
      if (checkServiceHours(svc, data.region.timeZone, step.startSec, step.endSec - step.startSec)) return [];
      return [
        { key: { family: 'flexible' as const, serviceId: svc.id }, leg, back: { rule: 'same' as const } },
      ];
    });
  },
};
