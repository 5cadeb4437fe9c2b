import { hashColumns, readColumnFile, writeColumnFile } from '../collections/columnFile.ts';
import type { Column } from '../collections/columnFile.ts';
import type { ContractionHierarchy } from './contraction.ts';
import type { StreetGraph } from './graph.ts';
import type { Landmarks } from './landmarks.ts';
import type { StreetMode } from '../osm/wayAccess.ts';

/*
 * The slow part of a street network's preparation, kept in a file beside the region
 * (collections/columnFile.ts): the car contraction hierarchy and the car and bicycle ALT landmarks
 * (all typed arrays, minutes of CPU for a whole-country extract). The file is keyed by a hash of
 * exactly what they are computed from (the graph's arcs, modes and travel times per mode) and the
 * preparation's version, so a new OSM extract, a terrain model that changes cycling times, or a
 * change in the road speeds all make a file that no longer fits, which is then rebuilt rather
 * than trusted.
 */

const KIND = { magic: 'CAIRNST1', name: 'prepared streets file' };
/** Bumped whenever the hierarchy or landmarks are built differently, so older files are rebuilt. */
const VERSION = 1;

/** What createStreetNetwork would otherwise build: landmarks per mode and the hierarchies. */
export interface PreparedStreets {
  landmarks: Partial<Record<StreetMode, Landmarks>>;
  hierarchies: Partial<Record<StreetMode, ContractionHierarchy>>;
}

interface Info {
  version: number;
  graphKey: string;
  hierarchies: Array<{ mode: StreetMode; shortcuts: number }>;
  landmarks: Array<{ mode: StreetMode; count: number }>;
}

const HIERARCHY_COLUMNS = [
  'rank',
  'chTail',
  'chHead',
  'chCost',
  'chOrig',
  'chFirst',
  'chSecond',
  'upStart',
  'upArcs',
  'downStart',
  'downArcs',
] as const;
const LANDMARK_COLUMNS = ['vertices', 'fromL', 'toL'] as const;

/** Hash of the graph arrays the hierarchy and landmarks are computed from (a fraction of a second for a country). */
export function streetGraphKey(g: StreetGraph): string {
  return hashColumns(`${g.vertexCount} ${g.edgeCount} ${g.arcCount}`, [
    g.outStart,
    g.inStart,
    g.inArcs,
    g.arcHead,
    g.arcTail,
    g.arcEdge,
    g.arcReverse,
    g.arcModes,
    g.edgeCostSec,
    g.edgeCostReverseSec,
  ]);
}

/** Writes the preparation of the graph with key `graphKey`; the file's size in bytes. */
export function writePreparedStreets(path: string, graphKey: string, prepared: PreparedStreets): number {
  const columns: Array<[string, Column]> = [];
  for (const ch of Object.values(prepared.hierarchies))
    for (const c of HIERARCHY_COLUMNS) columns.push([`ch.${ch.mode}.${c}`, ch[c]]);
  for (const lm of Object.values(prepared.landmarks))
    for (const c of LANDMARK_COLUMNS) columns.push([`lm.${lm.mode}.${c}`, lm[c]]);
  const info: Info = {
    version: VERSION,
    graphKey,
    hierarchies: Object.values(prepared.hierarchies).map((ch) => ({
      mode: ch.mode,
      shortcuts: ch.shortcuts,
    })),
    landmarks: Object.values(prepared.landmarks).map((lm) => ({ mode: lm.mode, count: lm.count })),
  };
  return writeColumnFile(path, KIND, info, columns);
}

/** Reads a preparation made for the graph with key `graphKey`; a missing, damaged, older or other graph's file comes back as why not. */
export function readPreparedStreets(
  path: string,
  graphKey: string,
): { ok: true; prepared: PreparedStreets } | { ok: false; message: string } {
  const read = readColumnFile(path, KIND, (header: Partial<Info>) => {
    if (header.version !== VERSION) return `version ${header.version}, expected ${VERSION}`;
    return header.graphKey === graphKey ? undefined : 'made for other streets';
  });
  if (!read.ok) return read;
  const info = read.header as Partial<Info>;
  const prepared: PreparedStreets = { landmarks: {}, hierarchies: {} };
  const missing: string[] = [];
  const column = (name: string) => {
    const c = read.columns.get(name);
    if (!c) missing.push(name);
    return c;
  };
  for (const { mode, shortcuts } of info.hierarchies ?? []) {
    const ch: Record<string, unknown> = { mode, shortcuts };
    for (const c of HIERARCHY_COLUMNS) ch[c] = column(`ch.${mode}.${c}`);
    prepared.hierarchies[mode] = ch as unknown as ContractionHierarchy;
  }
  for (const { mode, count } of info.landmarks ?? []) {
    const lm: Record<string, unknown> = { mode, count };
    for (const c of LANDMARK_COLUMNS) lm[c] = column(`lm.${mode}.${c}`);
    prepared.landmarks[mode] = lm as unknown as Landmarks;
  }
  if (missing.length > 0) return { ok: false, message: `damaged (missing ${missing.join(', ')})` };
  return { ok: true, prepared };
}
