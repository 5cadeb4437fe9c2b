import { eachRow } from '../rows.ts';
import type { GtfsSource } from '../source.ts';
import type { GtfsShape } from '../types.ts';
import type { WarningLog } from '../warnings.ts';

export interface ShapeTable {
  shapes: GtfsShape[];
  shapeById: Map<string, number>;
}

/** shapes.txt (optional): each shape's points in sequence order. */
export function readShapes(source: GtfsSource, log: WarningLog): ShapeTable {
  const shapes: GtfsShape[] = [];
  const shapeById = new Map<string, number>();
  const pts = new Map<string, { seq: number; lat: number; lon: number }[]>();
  eachRow(
    source,
    log,
    'shapes.txt',
    ['shape_id', 'shape_pt_lat', 'shape_pt_lon', 'shape_pt_sequence'],
    (get, line) => {
      const lat = Number(get('shape_pt_lat'));
      const lon = Number(get('shape_pt_lon'));
      const seq = Number(get('shape_pt_sequence'));
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || !Number.isFinite(seq)) {
        return log.add('shapes.txt', line, 'shape_pt_lat', 'bad coordinate or sequence; point skipped');
      }
      const id = get('shape_id');
      let list = pts.get(id);
      if (!list) pts.set(id, (list = []));
      list.push({ seq, lat, lon });
    },
    false,
  );
  for (const [id, list] of pts) {
    list.sort((a, b) => a.seq - b.seq);
    const coords = new Float64Array(list.length * 2);
    list.forEach((p, i) => {
      coords[2 * i] = p.lat;
      coords[2 * i + 1] = p.lon;
    });
    shapeById.set(id, shapes.length);
    shapes.push({ id, coords });
  }
  return { shapes, shapeById };
}
