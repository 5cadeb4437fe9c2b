import type { GtfsService } from './types.ts';

/** The services of calendar.txt and calendar_dates.txt, one entry per service_id whichever file names it first. */
export class ServiceTable {
  readonly services: GtfsService[] = [];
  readonly serviceById = new Map<string, number>();

  /** The service with this id, created empty when neither file has named it yet. */
  serviceFor(id: string): GtfsService {
    let idx = this.serviceById.get(id);
    if (idx === undefined) {
      idx = this.services.length;
      this.serviceById.set(id, idx);
      this.services.push({ id, weekdays: 0, startDate: 0, endDate: 0, added: [], removed: [] });
    }
    return this.services[idx]!;
  }
}
