import { parseGtfsTime } from '../../time/serviceDay.ts';
import { eachRow, parseIntField } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsFrequency } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** frequencies.txt (optional): headway runs of known trips. */
export function readFrequencies(
  source: GtfsSource,
  log: WarningLog,
  tripById: ReadonlyMap<string, number>,
): GtfsFrequency[] {
  const frequencies: GtfsFrequency[] = [];
  eachRow(
    source,
    log,
    'frequencies.txt',
    ['trip_id', 'start_time', 'end_time', 'headway_secs'],
    (get, line) => {
      const tripIdx = tripById.get(get('trip_id'));
      if (tripIdx === undefined)
        return log.add(
          'frequencies.txt',
          line,
          'trip_id',
          `unknown trip_id "${get('trip_id')}"; row skipped`,
        );
      const startSec = parseGtfsTime(get('start_time'));
      const endSec = parseGtfsTime(get('end_time'));
      const headwaySec = parseIntField(get('headway_secs'), Number.NaN);
      if (startSec === undefined)
        return log.add('frequencies.txt', line, 'start_time', 'not a time; row skipped');
      if (endSec === undefined || endSec < startSec)
        return log.add('frequencies.txt', line, 'end_time', 'not a time after start_time; row skipped');
      if (!(headwaySec > 0))
        return log.add('frequencies.txt', line, 'headway_secs', 'must be a positive integer; row skipped');
      frequencies.push({ tripIdx, startSec, endSec, headwaySec, exactTimes: get('exact_times') === '1' });
    },
    false,
  );
  return frequencies;
}
