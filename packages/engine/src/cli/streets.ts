import { existsSync } from 'node:fs';
import { loadOsmFile } from '../loader/loadOsm.ts';
import type { OsmData } from '../loader/loadOsm.ts';
import { readElevationRaster } from '../osm/elevationRaster.ts';
import type { LatLonBox } from '../osm/elevationRaster.ts';
import { createStreetNetwork } from '../streets/streetNetwork.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { say } from './common.ts';

/**
 * The street network of an OSM extract, with heights from a GeoTIFF terrain model when given (read
 * around `box`); undefined (after saying why) when either file cannot be used.
 */
export async function loadStreets(
  path: string,
  elevationPath?: string,
  box?: LatLonBox,
): Promise<StreetNetwork | undefined> {
  if (!existsSync(path)) {
    say(`error: OSM file ${path} not found`);
    return undefined;
  }
  let elevation;
  if (elevationPath !== undefined) {
    say(`loading elevation raster ${elevationPath}`);
    const read = await readElevationRaster(elevationPath, box);
    if (!read.ok) {
      say(`error: ${read.message}`);
      return undefined;
    }
    elevation = read.raster;
  }
  say(`loading OSM ${path}`);
  const started = performance.now();
  let osm: OsmData;
  try {
    osm = loadOsmFile(path, elevation ? { elevation } : {});
  } catch (e) {
    say(`error: OSM file ${path} cannot be read: ${(e as Error).message}`);
    return undefined;
  }
  for (const w of osm.warnings.slice(0, 5)) say(`warning: ${w.message}`);
  if (osm.warnings.length > 5) say(`… ${osm.warnings.length - 5} more OSM warnings`);
  if (osm.graph.edgeCount === 0) {
    say(`error: OSM file ${path} has no streets or paths to walk on`);
    return undefined;
  }
  // Only walking is asked for here, so the car hierarchy (seconds on a city) is skipped.
  const streets = createStreetNetwork(osm.graph, { carHierarchy: false });
  say(
    `streets: ${osm.graph.vertexCount} junctions, ${osm.graph.edgeCount} street pieces from ${osm.stats.highwayWays} ways in ${secondsSince(started)}`,
  );
  const h = osm.stats.heights;
  say(
    `heights of street nodes: ${h.fromRaster} from the raster, ${h.fromTags} from OSM ele tags, ${h.unknown} unknown (taken as flat)`,
  );
  return streets;
}

/** "1.2 s" since `started` (performance.now()). */
export function secondsSince(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}
