import type { JourneyNotice, TravelType } from '@cairn/contracts';
import type { PlannedLeg } from '../../journeys/model.ts';
import type { SearchContext } from '../context.ts';

/*
 * An option family is one way of making the whole trip: a single street mode door to door, a
 * flexible service, or public transport with a given first and last mile. Each family module
 * decides when it is worth offering and builds its outbound candidates; plan.ts runs them all.
 */

/** Street modes offered door to door. 'lift' is SPEC's "car": someone else drives (modes/car.ts). */
export type StreetFamily = 'walk' | 'cycle' | 'own car' | 'lift' | 'taxi' | 'car club' | 'bike hire';

/** How a transit journey starts or ends: the way between the door and the stop. */
export type Mile = 'walk' | 'bike & ride' | 'park & ride' | 'lift' | 'taxi' | 'bike hire' | 'flexible';

export type FamilyKey =
  | { family: StreetFamily }
  | { family: 'flexible'; serviceId: string }
  | {
      family: 'transit';
      first: Mile;
      last: Mile;
      /** The flexible service of a 'flexible' first or last mile. */
      serviceId?: string;
    };

/** Short label of a family: the diversity group of pruning and the option's kind ('transit taxi+walk'). */
export function familyLabel(key: FamilyKey): string {
  if (key.family === 'flexible') return `flexible ${key.serviceId}`;
  if (key.family !== 'transit') return key.family;
  return `transit ${key.first}+${key.last}${key.serviceId ? ` ${key.serviceId}` : ''}`;
}

/** The return family that mirrors an outbound one: a taxi to the station comes back by taxi from it. */
export function mirrorKey(key: FamilyKey): FamilyKey {
  return key.family === 'transit' ? { ...key, first: key.last, last: key.first } : key;
}

/**
 * What the return leg of a candidate must respect: 'same' retraces the outbound street steps;
 * 'vehicle' collects the bike or car left at a stop; 'public' takes any public way back (the
 * mirror family first), else `home` door to door (a lift home after kiss & ride, else a taxi).
 */
export type ReturnRule =
  | { rule: 'same' }
  | { rule: 'vehicle'; type: 'own car' | 'cycle'; stop: number }
  | { rule: 'public'; prefer: FamilyKey; home: TravelType };

/** An outbound leg with its family and the rule its return must follow. */
export interface Candidate {
  key: FamilyKey;
  leg: PlannedLeg;
  back: ReturnRule;
  /** Never dropped by pruning: walking alone under the walking limit (ADR 008). */
  pinned?: boolean;
  /** What the traveller must be told about it (planner/withinBuffer.ts). */
  notices?: JourneyNotice[];
}

/** A family of options. */
export interface OptionFamily {
  /** Outbound candidates for the search; empty when the family does not apply. */
  candidates(ctx: SearchContext): Candidate[];
}
