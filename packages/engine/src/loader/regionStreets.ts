import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadOsmFile } from './loadOsm.ts';
import type { OsmData } from './loadOsm.ts';
import { readElevationRaster } from '../osm/elevationRaster.ts';
import type { LatLonBox } from '../osm/elevationRaster.ts';
import { elapsed, streetFootpathsLabel } from './regionTimetable.ts';
import { resolveRegionPath } from '../region/loadRegionConfig.ts';
import type { RegionConfig } from '../region/regionConfig.ts';
import type { StreetGraph } from '../streets/graph.ts';
import { readPreparedStreets, streetGraphKey, writePreparedStreets } from '../streets/preparedStreets.ts';
import { createStreetNetwork, LANDMARK_COUNT, prepareStreets } from '../streets/streetNetwork.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { prepareStops } from '../modes/accessEgress.ts';
import type { PreparedStops, StopLocation } from '../modes/accessEgress.ts';
import { readPreparedStops, stopSnapKey, writePreparedStops } from '../modes/preparedStopsFile.ts';

/** A region's streets as read from its OSM extract and, when region.json names one, its terrain model. */
export interface RegionStreetData {
  osm: OsmData;
  osmPath: string;
  elevationPath: string | undefined;
  /**
   * What the streets were built from (file names, sizes, modification times of the OSM extract and
   * the raster), for snapshot fingerprints: a new raster changes cycling and walking times.
   */
  label: string;
}

/** "elevation name:size:mtime" of a raster file, for fingerprints. */
function elevationFileLabel(path: string): string {
  try {
    const st = statSync(path);
    return `elevation ${basename(path)}:${st.size}:${Math.round(st.mtimeMs)}`;
  } catch {
    return `elevation ${basename(path)}`;
  }
}

/** The footpath-source label of streets built from an OSM file and an optional raster (name, size, mtime of each). */
export function streetDataLabel(osmPath: string, elevationPath: string | undefined): string {
  return (
    streetFootpathsLabel(osmPath) +
    (elevationPath !== undefined ? ` ${elevationFileLabel(elevationPath)}` : '')
  );
}

/**
 * Reads an OSM extract with heights from a GeoTIFF terrain model (read around `box` only) and OSM
 * `ele` tags. Rejects with a message naming the file when the raster cannot be used: an operator
 * who configured one must not silently get flat streets.
 */
export async function loadStreetData(
  osmPath: string,
  elevationPath: string | undefined,
  box?: LatLonBox,
): Promise<RegionStreetData> {
  let elevation;
  if (elevationPath !== undefined) {
    const read = await readElevationRaster(elevationPath, box);
    if (!read.ok) throw new Error(read.message);
    elevation = read.raster;
  }
  const osm = loadOsmFile(osmPath, elevation ? { elevation } : {});
  return { osm, osmPath, elevationPath, label: streetDataLabel(osmPath, elevationPath) };
}

/** Raster margin around the region's box (degrees, ~5 km): extracts often reach a little beyond it. */
const BOX_MARGIN_DEG = 0.05;

/**
 * The streets of a region folder: region.json's `osm.path`, with heights from `osm.elevation` when
 * set; undefined when region.json names no OSM file (walks are then straight lines).
 */
export async function loadRegionStreetData(
  dir: string,
  config: RegionConfig,
): Promise<RegionStreetData | undefined> {
  if (!config.osm) return undefined;
  const osmPath = resolveRegionPath(dir, config.osm.path);
  const elevationPath = config.osm.elevation ? resolveRegionPath(dir, config.osm.elevation) : undefined;
  const b = config.bbox;
  return loadStreetData(osmPath, elevationPath, {
    minLat: b.minLat - BOX_MARGIN_DEG,
    minLon: b.minLon - BOX_MARGIN_DEG,
    maxLat: b.maxLat + BOX_MARGIN_DEG,
    maxLon: b.maxLon + BOX_MARGIN_DEG,
  });
}

/** File name of a region's prepared streets (car hierarchy, landmarks), beside its timetable snapshot. */
export const REGION_STREETS_FILE = 'streets.bin';

/**
 * A region folder's street network, its car hierarchy and landmarks read from `<dir>/streets.bin`
 * when that file was made from this very graph (streets/preparedStreets.ts keys it by a hash of the
 * graph's arcs and travel times), else built and the file (re)written for the next start; `note`
 * says which. A folder that cannot be written to only costs the next start the build.
 */
export function loadRegionStreetNetwork(
  dir: string,
  graph: StreetGraph,
): { network: StreetNetwork; note: string } {
  const started = performance.now();
  const file = join(dir, REGION_STREETS_FILE);
  const key = `${streetGraphKey(graph)} landmarks ${LANDMARK_COUNT}`;
  const read = readPreparedStreets(file, key);
  if (read.ok) {
    const network = createStreetNetwork(graph, { prepared: read.prepared });
    return { network, note: `streets: car hierarchy and landmarks from ${file} (${elapsed(started)})` };
  }
  const prepared = prepareStreets(graph);
  const wrote = keepForNextStart(file, () => writePreparedStreets(file, key, prepared));
  return {
    network: createStreetNetwork(graph, { prepared }),
    note: `streets: built car hierarchy and landmarks (${read.message}) in ${elapsed(started)}${wrote}`,
  };
}

/**
 * Writes a file kept for the next start; what to add to the start-up note. A folder that cannot be
 * written to only costs the next start the work again.
 */
function keepForNextStart(file: string, write: () => number): string {
  try {
    return `, wrote ${file} (${(write() / 1e6).toFixed(1)} MB)`;
  } catch (e) {
    return `; not written to ${file}: ${(e as Error).message}`;
  }
}

/** File name of a region's stops snapped to its streets, beside its timetable snapshot. */
export const REGION_STOP_SNAPS_FILE = 'stop-snaps.bin';

/**
 * The timetable stops snapped to a region's streets for each mode, read from
 * `<dir>/stop-snaps.bin` when it was made for these stops on these streets
 * (modes/preparedStopsFile.ts), else snapped and the file (re)written; `note` says which.
 */
export function loadRegionStopSnaps(
  dir: string,
  network: StreetNetwork,
  stops: readonly StopLocation[],
  coordinates: { lat: Float64Array; lon: Float64Array },
): { prepared: PreparedStops; note: string } {
  const started = performance.now();
  const file = join(dir, REGION_STOP_SNAPS_FILE);
  const key = stopSnapKey(network.graph, coordinates.lat, coordinates.lon);
  const read = readPreparedStops(file, key, stops);
  if (read.ok)
    return {
      prepared: read.prepared,
      note: `stops: snapped to the streets, from ${file} (${elapsed(started)})`,
    };
  const prepared = prepareStops(network, stops);
  const wrote = keepForNextStart(file, () => writePreparedStops(file, key, prepared));
  return {
    prepared,
    note: `stops: snapped to the streets (${read.message}) in ${elapsed(started)}${wrote}`,
  };
}
