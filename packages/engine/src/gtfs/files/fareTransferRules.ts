import { eachRow, parseOptionalInt } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { FareTransferRuleV2 } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

const isLimitType = (v: number | undefined): v is 0 | 1 | 2 | 3 => v === 0 || v === 1 || v === 2 || v === 3;

/**
 * fare_transfer_rules.txt (Fares v2, optional). A row the reference forbids or leaves without
 * meaning is dropped rather than guessed at: an unknown fare_transfer_type, a duration_limit
 * without a valid duration_limit_type, a transfer_count missing where the two groups are equal or
 * given where they differ, or a fee product that fare_products.txt does not define.
 */
export function readFareTransferRules(
  source: GtfsSource,
  log: WarningLog,
  productIds: ReadonlySet<string>,
): FareTransferRuleV2[] {
  const out: FareTransferRuleV2[] = [];
  eachRow(
    source,
    log,
    'fare_transfer_rules.txt',
    [],
    (get) => {
      const type = parseOptionalInt(get('fare_transfer_type'));
      if (type !== 0 && type !== 1 && type !== 2) return;
      const from = get('from_leg_group_id');
      const to = get('to_leg_group_id');
      const count = parseOptionalInt(get('transfer_count'));
      let transferCount: number | null = null;
      if (from === to) {
        if (count === undefined || (count < 1 && count !== -1)) return;
        transferCount = count;
      } else if (get('transfer_count')) return;
      const limit = parseOptionalInt(get('duration_limit'));
      const limitType = parseOptionalInt(get('duration_limit_type'));
      if (limit !== undefined && (limit <= 0 || !isLimitType(limitType))) return;
      const productId = get('fare_product_id');
      if (productId !== '' && !productIds.has(productId)) return;
      out.push({
        fromLegGroupId: from,
        toLegGroupId: to,
        transferCount,
        durationLimitSec: limit ?? null,
        durationLimitType: limit !== undefined && isLimitType(limitType) ? limitType : null,
        fareTransferType: type,
        productId,
      });
    },
    false,
  );
  return out;
}
