import { eachRow } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { FareLegRuleV2 } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** fare_leg_rules.txt (Fares v2, optional): the rules that name a product. */
export function readFareLegRules(source: GtfsSource, log: WarningLog): FareLegRuleV2[] {
  const out: FareLegRuleV2[] = [];
  eachRow(
    source,
    log,
    'fare_leg_rules.txt',
    [],
    (get) => {
      if (get('fare_product_id') === '') return;
      out.push({
        legGroupId: get('leg_group_id'),
        networkId: get('network_id'),
        fromAreaId: get('from_area_id'),
        toAreaId: get('to_area_id'),
        productId: get('fare_product_id'),
        priority: Number(get('rule_priority') || 0) || 0,
      });
    },
    false,
  );
  return out;
}
