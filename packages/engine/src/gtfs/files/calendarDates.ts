import { parseGtfsDate } from '../../time/serviceDay.ts';
import { eachRow } from '../rows.ts';
import type { ServiceTable } from '../serviceTable.ts';
import type { GtfsSource } from '../source.ts';
import type { WarningLog } from '../warnings.ts';

/** calendar_dates.txt (optional when calendar.txt is present): dates a service is added (1) or removed (2). */
export function readCalendarDates(source: GtfsSource, log: WarningLog, services: ServiceTable): void {
  eachRow(
    source,
    log,
    'calendar_dates.txt',
    ['service_id', 'date', 'exception_type'],
    (get, line) => {
      const date = parseGtfsDate(get('date'));
      if (date === undefined)
        return log.add(
          'calendar_dates.txt',
          line,
          'date',
          `not a YYYYMMDD date: "${get('date')}"; row skipped`,
        );
      const type = get('exception_type');
      if (type !== '1' && type !== '2')
        return log.add(
          'calendar_dates.txt',
          line,
          'exception_type',
          `must be 1 or 2, got "${type}"; row skipped`,
        );
      const s = services.serviceFor(get('service_id'));
      (type === '1' ? s.added : s.removed).push(date);
    },
    false,
  );
}
