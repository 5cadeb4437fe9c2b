import { eachRow } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsFareTables } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

/** stop_areas.txt (Fares v2, optional): which areas each stop belongs to. */
export function readStopAreas(source: GtfsSource, log: WarningLog): GtfsFareTables['stopAreas'] {
  const out: GtfsFareTables['stopAreas'] = [];
  eachRow(
    source,
    log,
    'stop_areas.txt',
    [],
    (get) => {
      if (get('stop_id') !== '' && get('area_id') !== '')
        out.push({ areaId: get('area_id'), stopId: get('stop_id') });
    },
    false,
  );
  return out;
}
