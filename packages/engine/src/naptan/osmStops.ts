import { readFileSync } from 'node:fs';
import { readOsmPbf } from '../osm/pbfReader.ts';
import { readOsmXmlFile } from '../osm/xmlReader.ts';

/*
 * Where NaPTAN has no position for a stop, OpenStreetMap often does: UK bus stops and stations
 * were imported from NaPTAN and keep their code in the `naptan:AtcoCode` tag. One pass over the
 * region's extract collects the tagged nodes; it is made only when a stop needs it.
 */

/** A stop position from an OSM node tagged naptan:AtcoCode. */
export interface OsmStopPosition {
  lat: number;
  lon: number;
  name: string;
}

/** Nodes of an OSM extract (.osm.pbf or .osm XML) tagged naptan:AtcoCode, by that code. */
export function listOsmAtcoStops(path: string): Map<string, OsmStopPosition> {
  const out = new Map<string, OsmStopPosition>();
  const sink = {
    node(_id: number, lat: number, lon: number, tags: Record<string, string> | null): void {
      const code = tags?.['naptan:AtcoCode'];
      if (code && !out.has(code)) out.set(code, { lat, lon, name: tags['name'] ?? '' });
    },
    way(): void {},
  };
  if (path.endsWith('.pbf')) readOsmPbf(readFileSync(path), sink, path);
  else readOsmXmlFile(path, sink);
  return out;
}
