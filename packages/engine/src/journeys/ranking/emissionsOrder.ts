import { compareJourneys, type Journey } from '@cairn/contracts';
import { co2SlackOf, OPTION_SET } from './optionSet.ts';

/**
 * The default order, by emissions, with small differences counted as equal (issue #27): 0.1 kg
 * less CO2 does not put a trip 18 minutes slower first. Going up from the lowest, journeys within
 * the option set's CO2 margin (10 % and 0.2 kg) of a group's lowest join that group; a group
 * orders by arrival, then the later departure. A journey within the CO2 slack (50 %, at most
 * 1 kg more) that arrives at least `co2SlackSavedSec` before all of a group joins it too: a coach
 * at 13:57 saving 0.44 kg is not listed before a train there at 11:18 (Kingussie → Inverness,
 * step-free, asked for 09:00: the 10:57 coach is not accessible). Each journey's `sort.emissions`
 * becomes its group's lowest, so any client ordering by it agrees.
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
  const arrival = (j: Journey) => j.sort['arrival-time'] ?? 0;
  for (const j of ascending) {
    const kg = j.sort.emissions ?? 0;
    const similar = kg <= floor * (1 + OPTION_SET.co2Share) + OPTION_SET.co2Kg;
    const muchSooner =
      kg <= co2SlackOf(floor) && group.every((g) => arrival(j) <= arrival(g) - OPTION_SET.co2SlackSavedSec);
    if (group.length > 0 && !similar && !muchSooner) flush();
    if (group.length === 0) floor = kg;
    group.push(j);
  }
  flush();
  return out;
}
