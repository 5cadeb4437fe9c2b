import { eachRow, parseIntField } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsTransfer } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** transfers.txt (optional): stop-to-stop transfers; `present` says whether the feed has a usable file. */
export function readTransfers(
  source: GtfsSource,
  log: WarningLog,
  stopById: ReadonlyMap<string, number>,
): { transfers: GtfsTransfer[]; present: boolean } {
  const transfers: GtfsTransfer[] = [];
  const present = eachRow(
    source,
    log,
    'transfers.txt',
    ['from_stop_id', 'to_stop_id', 'transfer_type'],
    (get, line) => {
      const fromStopIdx = stopById.get(get('from_stop_id'));
      const toStopIdx = stopById.get(get('to_stop_id'));
      if (fromStopIdx === undefined)
        return log.add(
          'transfers.txt',
          line,
          'from_stop_id',
          `unknown stop "${get('from_stop_id')}"; row skipped`,
        );
      if (toStopIdx === undefined)
        return log.add(
          'transfers.txt',
          line,
          'to_stop_id',
          `unknown stop "${get('to_stop_id')}"; row skipped`,
        );
      if (
        get('from_trip_id') !== '' ||
        get('to_trip_id') !== '' ||
        get('from_route_id') !== '' ||
        get('to_route_id') !== ''
      ) {
        return log.add(
          'transfers.txt',
          line,
          'from_trip_id',
          'trip- or route-specific transfers are not supported; row skipped',
        );
      }
      const type = parseIntField(get('transfer_type'), 0);
      if (!(type >= 0 && type <= 3))
        return log.add(
          'transfers.txt',
          line,
          'transfer_type',
          `must be 0–3 here, got "${get('transfer_type')}"; row skipped`,
        );
      const min = parseIntField(get('min_transfer_time'), -1);
      if (type === 2 && !(min >= 0))
        return log.add(
          'transfers.txt',
          line,
          'min_transfer_time',
          'type 2 needs a non-negative min_transfer_time; row skipped',
        );
      transfers.push({ fromStopIdx, toStopIdx, type, minTransferSec: Number.isNaN(min) ? -1 : min });
    },
    false,
  );
  return { transfers, present };
}
