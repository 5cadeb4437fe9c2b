import { eachRow, parseAmountPence } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { FareAttributeV1 } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** fare_attributes.txt (Fares v1, optional): fares with an id and a price; others are left out. */
export function readFareAttributes(source: GtfsSource, log: WarningLog): FareAttributeV1[] {
  const out: FareAttributeV1[] = [];
  eachRow(
    source,
    log,
    'fare_attributes.txt',
    [],
    (get) => {
      const pence = parseAmountPence(get('price'));
      if (get('fare_id') === '' || pence === undefined) return;
      const transfers = get('transfers');
      const duration = get('transfer_duration');
      out.push({
        fareId: get('fare_id'),
        pricePence: pence,
        currency: get('currency_type').trim().toUpperCase(),
        agencyId: get('agency_id'),
        transfers: transfers === '' ? null : Number(transfers),
        transferDurationSec: duration === '' ? null : Number(duration),
      });
    },
    false,
  );
  return out;
}
