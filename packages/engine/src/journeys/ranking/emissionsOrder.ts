import { compareJourneys, type Journey } from '@cairn/contracts';
import { OPTION_SET } from './optionSet.ts';

/**
 * The default order, by emissions, with small differences counted as equal (issue #27): 0.1 kg
 * less CO2 does not put a trip 18 minutes slower first. Going up from the lowest, journeys within
 * the option set's CO2 margin (10 % and 0.2 kg) of a group's lowest join that group; a group
 * orders by arrival, then the later departure. Each journey's `sort.emissions` becomes its
 * group's lowest, so any client ordering by it agrees.
 */
export function rankByEmissions(journeys: readonly Journey[]): Journey[] {
  const ascending = [...journeys].sort(compareJourneys('emissions'));
  const out: Journey[] = [];
  let floor = 0;
  let group: Journey[] = [];
  const flush = () => {
    const equal = group.map((j) => ({ ...j, sort: { ...j.sort, emissions: floor } }));
    out.push(...equal.sort(compareJourneys('emissions')));
    group = [];
  };
  for (const j of ascending) {
    const kg = j.sort.emissions ?? 0;
    if (group.length > 0 && kg > floor * (1 + OPTION_SET.co2Share) + OPTION_SET.co2Kg) flush();
    if (group.length === 0) floor = kg;
    group.push(j);
  }
  flush();
  return out;
}
