import type { PlacePoint } from '../../journeys/model.ts';
import type { FlexibleService } from '../../region/regionConfig.ts';
import { flexibleRideSec, inServiceZone, serviceRunsBetween } from '../../modes/flexible.ts';
import { buildStreetStep } from '../../modes/streetStep.ts';
import type { OptionFamily } from './family.ts';

/** Times a flexible service's rides (modes/flexible.ts). */
export const rideTimer =
  (svc: FlexibleService) =>
  (distanceM: number, streetSec: number): number =>
    flexibleRideSec(svc, distanceM, streetSec);

/**
 * DRT and community transport door to door inside their zones, within their hours. A service
 * region.json also ties to a GTFS route (for its timetable) is offered here, and the transit
 * families leave out journeys that only ride it between two points of its zone (each service
 * appears once: families/transit.ts).
 */
/** True when the service can take the traveller door to door between the search's two ends. */
export const servesDoorToDoor = (svc: FlexibleService, a: PlacePoint, b: PlacePoint): boolean =>
  inServiceZone(svc, a.lat, a.lng) && inServiceZone(svc, b.lat, b.lng);

export const flexibleFamily: OptionFamily = {
  candidates(ctx) {
    const { data, origin, destination } = ctx;
    return data.region.flexibleServices.flatMap((svc) => {
      if (!ctx.allowed(svc.kind)) return [];
      if (!servesDoorToDoor(svc, origin, destination)) return [];
      const step = buildStreetStep(
        data.streets,
        svc.kind,
        origin,
        destination,
        ctx.at,
        { flexibleServiceId: svc.id },
        rideTimer(svc),
      );
      if (!step || !serviceRunsBetween(svc, data.region.timeZone, step.startSec, step.endSec)) return [];
      return [
        { key: { family: 'flexible', serviceId: svc.id }, leg: { steps: [step] }, back: { rule: 'same' } },
      ];
    });
  },
};
