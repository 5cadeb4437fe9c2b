import { createHash } from 'node:crypto';
import type { PlannedLeg, PlannedOption } from '../model.ts';

const legSignature = (leg: PlannedLeg): string =>
  leg.steps
    .map((s) =>
      [
        s.type,
        s.startSec,
        s.endSec,
        s.ride?.tripId ?? '',
        s.flexibleServiceId ?? '',
        s.carClubProviderId ?? '',
        Math.round(s.distanceM),
      ].join(':'),
    )
    .join('|');

/** Stable id of an option: a hash of its content (modes, times, trips), the same on every run. */
export function optionId(option: PlannedOption): string {
  const text = `${legSignature(option.depart)}#${option.ret ? legSignature(option.ret) : ''}`;
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}
