import { eachRow } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { FareRuleV1 } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** fare_rules.txt (Fares v1, optional): the rules that name a fare. */
export function readFareRules(source: GtfsSource, log: WarningLog): FareRuleV1[] {
  const out: FareRuleV1[] = [];
  eachRow(
    source,
    log,
    'fare_rules.txt',
    [],
    (get) => {
      if (get('fare_id') === '') return;
      out.push({
        fareId: get('fare_id'),
        routeId: get('route_id'),
        originId: get('origin_id'),
        destinationId: get('destination_id'),
        containsId: get('contains_id'),
      });
    },
    false,
  );
  return out;
}
