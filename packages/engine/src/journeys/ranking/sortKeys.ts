import type { Journey, SortKey } from '@cairn/contracts';
import { stepCo2Kg } from '../co2/factors.ts';
import type { PlannedOption } from '../model.ts';
import { legChanges, legEndSec, legStages, legStartSec, legWaitSec, legWalkM } from '../model.ts';

/** Sort value of an unknown cost: after every priced option, before the UI's placeholders (1,000,000). */
export const UNKNOWN_COST_SORT = 999_999;

/** Inputs of the SPEC sort keys, all numbers; ascending order is best first for every key. */
export interface SortInputs {
  carbonKg: number;
  costPence: number | null;
  departSec: number;
  arriveSec: number;
  travelSec: number;
  waitSec: number;
  walkM: number;
  /** Changes on the outbound leg: its rides less one (model.ts legChanges). */
  changes: number;
  stageCount: number;
}

/**
 * The sort inputs of an option: CO2 (rounded to grams), wait and walking of both legs, and the
 * outbound leg's times and stages; travel time adds the return leg's duration.
 */
export function sortInputsOf(option: PlannedOption, costPence: number | null): SortInputs {
  const legs = option.ret ? [option.depart, option.ret] : [option.depart];
  const sum = (f: (l: (typeof legs)[number]) => number) => legs.reduce((s, l) => s + f(l), 0);
  const carbonKg = sum((l) => l.steps.reduce((s, x) => s + stepCo2Kg(x.type, x.distanceM), 0));
  const departSec = legStartSec(option.depart);
  const arriveSec = legEndSec(option.depart);
  return {
    carbonKg: Math.round(carbonKg * 1000) / 1000,
    costPence,
    departSec,
    arriveSec,
    travelSec: sum((l) => legEndSec(l) - legStartSec(l)),
    waitSec: sum(legWaitSec),
    walkM: sum(legWalkM),
    changes: legChanges(option.depart),
    stageCount: legStages(option.depart).length,
  };
}

/** Stages break ties between options of as many changes: 'least-changes' is changes × this + stages. */
export const CHANGES_SORT_SCALE = 100;

/**
 * The values the SPEC sort keys order by. 'least-changes' orders by the outbound leg's changes
 * (rides less one), ties broken by its stages: changes × 100 + stages. SPEC §4 said "the number of
 * stages", the old client's shortcut that counted bus → bus as no change (issue #27). Departure
 * and arrival are epoch seconds; cost unknown sorts last.
 */
export function computeSortKeys(s: SortInputs): Journey['sort'] {
  const keys: Record<SortKey, number> = {
    emissions: Math.round(s.carbonKg * 1000) / 1000,
    cost: s.costPence ?? UNKNOWN_COST_SORT,
    'depature-time': s.departSec,
    'travel-time': s.travelSec,
    'arrival-time': s.arriveSec,
    'wait-time': s.waitSec,
    'walk-distance': Math.round(s.walkM),
    'least-changes': s.changes * CHANGES_SORT_SCALE + s.stageCount,
  };
  return keys;
}
