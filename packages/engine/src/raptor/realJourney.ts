import type { RaptorJourney, RaptorLeg } from './types.ts';

/**
 * Turns legs collected destination-side first (search order) into a journey in real time: forward
 * searches reverse the list; backward ones negate the intervals and swap each leg's ends. Access
 * ends when the first vehicle leaves, egress starts when the last one arrives and a transfer starts
 * on alighting.
 */
export function toRealJourney(searchLegs: RaptorLeg[], fwd: boolean): RaptorJourney {
  const legs: RaptorLeg[] = [];
  if (fwd) for (let i = searchLegs.length - 1; i >= 0; i--) legs.push(searchLegs[i]!);
  else
    for (const l of searchLegs) {
      const startSec = -l.endSec;
      const endSec = -l.startSec;
      if (l.kind === 'access') legs.push({ ...l, kind: 'egress', startSec, endSec });
      else if (l.kind === 'egress') legs.push({ ...l, kind: 'access', startSec, endSec });
      else if (l.kind === 'transfer') legs.push({ ...l, from: l.to, to: l.from, startSec, endSec });
      else
        legs.push({
          ...l,
          boardPos: l.alightPos,
          alightPos: l.boardPos,
          boardStop: l.alightStop,
          alightStop: l.boardStop,
          startSec,
          endSec,
        });
    }
  let walkSec = 0;
  let vehicles = 0;
  for (let i = 0; i < legs.length; i++) {
    const l = legs[i]!;
    if (l.kind === 'transit') vehicles++;
    else if (l.kind === 'transfer') {
      const before = legs[i - 1]!;
      l.startSec = before.endSec;
      l.endSec = before.endSec + l.durationSec;
      if (l.isWalk) walkSec += l.durationSec;
    } else walkSec += l.durationSec;
  }
  // Built as access, rides and transfers, egress.
  const access = legs[0] as Extract<RaptorLeg, { kind: 'access' }>;
  const egress = legs[legs.length - 1] as Extract<RaptorLeg, { kind: 'egress' }>;
  access.endSec = legs[1]!.startSec;
  access.startSec = access.endSec - access.durationSec;
  egress.startSec = legs[legs.length - 2]!.endSec;
  egress.endSec = egress.startSec + egress.durationSec;
  return {
    departureSec: access.startSec,
    arrivalSec: egress.endSec,
    transfers: vehicles - 1,
    walkSec,
    iterationSec: 0,
    legs,
  };
}
