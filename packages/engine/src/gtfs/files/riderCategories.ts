import { eachRow } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsRiderCategory } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** rider_categories.txt (Fares v2, optional). */
export function readRiderCategories(source: GtfsSource, log: WarningLog): GtfsRiderCategory[] {
  const out: GtfsRiderCategory[] = [];
  eachRow(
    source,
    log,
    'rider_categories.txt',
    [],
    (get) => {
      if (get('rider_category_id') === '') return;
      out.push({
        id: get('rider_category_id'),
        name: get('rider_category_name'),
        isDefault: get('is_default_fare_category') === '1',
      });
    },
    false,
  );
  return out;
}
