import { eachRow, parseAmountPence } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { FareProductV2 } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** fare_products.txt (Fares v2, optional): products with an id and an amount (negative: a discount). */
export function readFareProducts(source: GtfsSource, log: WarningLog): FareProductV2[] {
  const out: FareProductV2[] = [];
  eachRow(
    source,
    log,
    'fare_products.txt',
    [],
    (get) => {
      const pence = parseAmountPence(get('amount'), true);
      if (get('fare_product_id') === '' || pence === undefined) return;
      out.push({
        productId: get('fare_product_id'),
        name: get('fare_product_name'),
        amountPence: pence,
        currency: get('currency').trim().toUpperCase(),
        riderCategoryId: get('rider_category_id'),
      });
    },
    false,
  );
  return out;
}
