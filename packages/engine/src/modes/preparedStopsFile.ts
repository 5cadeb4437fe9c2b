import { hashColumns, readColumnFile, writeColumnFile } from '../collections/columnFile.ts';
import type { Column } from '../collections/columnFile.ts';
import type { SnapPoint } from '../streets/search.ts';
import type { StreetGraph } from '../streets/graph.ts';
import type { PreparedStops, StopLocation } from './accessEgress.ts';
import { STOP_SNAP_M } from './accessEgress.ts';

/*
 * Every timetable stop's snap point per street mode (prepareStops: 1.2 M snaps, half a GB-size
 * start), kept in a file beside the region (collections/columnFile.ts). Keyed by a hash of what
 * snapping reads: the stops' coordinates, the graph's shapes, edge lengths, modes and classes, its
 * arcs (the connected parts a stop may snap to) and the station entrances, with the snapping
 * distance and this file's version; anything else means the file no longer fits and is rebuilt.
 */

const KIND = { magic: 'CAIRNSP1', name: 'stop snaps file' };
/** Bumped whenever stops are snapped differently, so older files are rebuilt. */
const VERSION = 1;
const MODES = ['foot', 'bicycle', 'car'] as const;

/** Hash of the inputs of prepareStops for these stops on this graph. */
export function stopSnapKey(g: StreetGraph, stopLat: Float64Array, stopLon: Float64Array): string {
  const columns: Column[] = [
    stopLat,
    stopLon,
    g.edgeFrom,
    g.edgeTo,
    g.edgeShapeStart,
    g.shapeLat,
    g.shapeLon,
    g.edgeLengthM,
    g.edgeForward,
    g.edgeBackward,
    g.edgeClass,
    g.outStart,
    g.arcHead,
    g.arcModes,
    ...(g.entrances ? [g.entrances.lat, g.entrances.lon] : []),
  ];
  return hashColumns(
    `v${VERSION} ${STOP_SNAP_M} m ${g.vertexCount} ${g.edgeCount} ${g.entrances ? 'doors' : ''}`,
    columns,
  );
}

/** Writes the stops' snap points under `key`; the file's size in bytes. */
export function writePreparedStops(path: string, key: string, prepared: PreparedStops): number {
  const n = prepared.stops.length;
  const columns: Array<[string, Column]> = [];
  for (const mode of MODES) {
    const edge = new Int32Array(n).fill(-1);
    const values = new Float64Array(4 * n);
    prepared[mode].forEach((p, i) => {
      if (!p) return;
      edge[i] = p.edge;
      values.set([p.fraction, p.lat, p.lon, p.distanceM], 4 * i);
    });
    columns.push([`${mode}.edge`, edge], [`${mode}.values`, values]);
  }
  return writeColumnFile(path, KIND, { key, stops: n }, columns);
}

/** The stops' snap points from a file written under `key` for these stops, or why it does not fit. */
export function readPreparedStops(
  path: string,
  key: string,
  stops: readonly StopLocation[],
): { ok: true; prepared: PreparedStops } | { ok: false; message: string } {
  const read = readColumnFile(path, KIND, (header: { key?: string; stops?: number }) =>
    header.key === key && header.stops === stops.length ? undefined : 'made for other stops or streets',
  );
  if (!read.ok) return read;
  const prepared: PreparedStops = { stops, foot: [], bicycle: [], car: [] };
  for (const mode of MODES) {
    const edge = read.columns.get(`${mode}.edge`);
    const values = read.columns.get(`${mode}.values`);
    if (!edge || !values || edge.length !== stops.length || values.length !== 4 * stops.length)
      return { ok: false, message: `damaged (${mode} columns)` };
    const out: Array<SnapPoint | undefined> = (prepared[mode] = new Array(stops.length));
    for (let i = 0; i < stops.length; i++)
      out[i] =
        edge[i]! < 0
          ? undefined
          : {
              edge: edge[i]!,
              fraction: values[4 * i]!,
              lat: values[4 * i + 1]!,
              lon: values[4 * i + 2]!,
              distanceM: values[4 * i + 3]!,
            };
  }
  return { ok: true, prepared };
}
