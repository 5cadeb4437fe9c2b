import { parseGtfsDate } from '../../time/serviceDay.ts';
import { eachRow } from '../rows.ts';
import type { ServiceTable } from '../serviceTable.ts';
import type { GtfsSource } from '../source.ts';
import type { WarningLog } from '../warnings.ts';

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** calendar.txt (optional when calendar_dates.txt is present): weekly patterns between two dates. */
export function readCalendar(source: GtfsSource, log: WarningLog, services: ServiceTable): void {
  eachRow(
    source,
    log,
    'calendar.txt',
    ['service_id', ...DAYS, 'start_date', 'end_date'],
    (get, line) => {
      const start = parseGtfsDate(get('start_date'));
      const end = parseGtfsDate(get('end_date'));
      if (start === undefined)
        return log.add(
          'calendar.txt',
          line,
          'start_date',
          `not a YYYYMMDD date: "${get('start_date')}"; row skipped`,
        );
      if (end === undefined)
        return log.add(
          'calendar.txt',
          line,
          'end_date',
          `not a YYYYMMDD date: "${get('end_date')}"; row skipped`,
        );
      const s = services.serviceFor(get('service_id'));
      let mask = 0;
      DAYS.forEach((d, i) => {
        if (get(d) === '1') mask |= 1 << i;
      });
      s.weekdays = mask;
      s.startDate = start;
      s.endDate = end;
    },
    false,
  );
}
