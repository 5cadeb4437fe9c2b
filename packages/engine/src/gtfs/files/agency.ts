import { isValidTimeZone } from '../../time/serviceDay.ts';
import { eachRow } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsAgency } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

export interface AgencyTable {
  agencies: GtfsAgency[];
  agencyById: Map<string, number>;
  /** The feed's time zone: the first agency's (GTFS requires all agencies to share it). */
  timezone: string;
}

/** agency.txt (required): agencies with a known time zone; the first agency's zone is the feed's. */
export function readAgencies(source: GtfsSource, log: WarningLog): AgencyTable {
  const agencies: GtfsAgency[] = [];
  const agencyById = new Map<string, number>();
  eachRow(source, log, 'agency.txt', ['agency_name', 'agency_timezone'], (get, line) => {
    const timezone = get('agency_timezone');
    if (!isValidTimeZone(timezone)) {
      log.add('agency.txt', line, 'agency_timezone', `unknown time zone "${timezone}"`, 'error');
      return;
    }
    const id = get('agency_id');
    if (agencyById.has(id)) {
      log.add('agency.txt', line, 'agency_id', `duplicate agency_id "${id}"; row skipped`);
      return;
    }
    agencyById.set(id, agencies.length);
    agencies.push({
      id,
      name: get('agency_name'),
      url: get('agency_url'),
      timezone,
      phone: get('agency_phone'),
    });
  });
  const timezone = agencies[0]?.timezone ?? '';
  if (agencies.length === 0 && !log.hasErrors) log.add('agency.txt', 0, '', 'no agency defined', 'error');
  if (agencies.some((a) => a.timezone !== timezone)) {
    log.add(
      'agency.txt',
      0,
      'agency_timezone',
      `agencies disagree on the time zone; using ${timezone} for all`,
    );
  }
  return { agencies, agencyById, timezone };
}
