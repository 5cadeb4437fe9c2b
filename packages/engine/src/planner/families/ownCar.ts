import { ownCarParts } from '../../modes/ownCar.ts';
import type { OptionFamily } from './family.ts';
import { streetCandidate } from './street.ts';

/** The traveller's own car (car access in the profile), to the car park nearest the destination. */
export const ownCarFamily: OptionFamily = {
  candidates(ctx) {
    if (!ctx.allowed('own car')) return [];
    return streetCandidate(
      ctx,
      'own car',
      ownCarParts(ctx.data.modes, ctx.origin, ctx.destination, ctx.traveller),
    );
  },
};
