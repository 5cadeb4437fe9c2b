import { existsSync } from 'node:fs';
import { loadOsmFile } from '../osm/loadOsm.ts';
import { createStreetNetwork } from '../streets/streetNetwork.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { say } from './common.ts';

/** The street network of an OSM extract for walking; undefined (after saying why) when it cannot be used. */
export function loadStreets(path: string): StreetNetwork | undefined {
  if (!existsSync(path)) {
    say(`error: OSM file ${path} not found`);
    return undefined;
  }
  say(`loading OSM ${path}`);
  const started = performance.now();
  let osm;
  try {
    osm = loadOsmFile(path);
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
  return streets;
}

/** "1.2 s" since `started` (performance.now()). */
export function secondsSince(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}
