import type { FlexibleService } from '../../region/regionConfig.ts';
import { checkServiceHours, flexibleParts, flexibleRideSec } from '../../modes/flexible.ts';
import { buildStreetChain } from '../../modes/streetStep.ts';
import type { At } from '../../modes/streetStep.ts';
import { minutesOfDay } from '../../format/clock.ts';
import { localDayTime } from '../../modes/serviceTime.ts';
import type { OptionFamily } from './family.ts';

/** Times a flexible service's rides (modes/flexible.ts). */
export const rideTimer =
  (svc: FlexibleService) =>
  (distanceM: number, streetSec: number): number =>
    flexibleRideSec(svc, distanceM, streetSec);

/**
 * The asked time moved into the service's hours on the same day: a depart-after search before the
 * service starts leaves when it starts; an arrive-by search after it stops arrives when it stops.
 */
function withinHours(svc: FlexibleService, timeZone: string, at: At): At {
  const epoch = 'startSec' in at ? at.startSec : at.endSec;
  const { minutes } = localDayTime(timeZone, epoch);
  const first = minutesOfDay(svc.hours.start);
  const last = minutesOfDay(svc.hours.end);
  const dayStart = epoch - (epoch % 60) - minutes * 60;
  if ('startSec' in at) return minutes < first ? { startSec: dayStart + first * 60 } : at;
  return minutes > last ? { endSec: dayStart + last * 60 } : at;
}

export const flexibleFamily: OptionFamily = {
  candidates(ctx) {
    const { data } = ctx;
    return data.region.flexibleServices.flatMap((svc) => {
      if (!ctx.allowed(svc.kind)) return [];
      const answer = flexibleParts(svc, ctx.origin, ctx.destination);
      if ('reason' in answer) return [];
      const leg = buildStreetChain(
        data.streets,
        answer.parts,
        withinHours(svc, data.region.timeZone, ctx.at),
      );
      const step = leg?.steps[0];
      if (!leg || !step) return [];
      if (checkServiceHours(svc, data.region.timeZone, step.startSec, step.endSec - step.startSec)) return [];
      return [
        { key: { family: 'flexible' as const, serviceId: svc.id }, leg, back: { rule: 'same' as const } },
      ];
    });
  },
};
