import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import type { ContractionHierarchy } from './contraction.ts';
import type { StreetGraph } from './graph.ts';
import type { Landmarks } from './landmarks.ts';
import type { StreetMode } from '../osm/wayAccess.ts';

/*
 * The slow part of a street network's preparation, kept in a file beside the region: the car
 * contraction hierarchy and the car and bicycle ALT landmarks (all typed arrays, minutes of CPU
 * for a whole-country extract). The file is keyed by a hash of exactly what they are computed
 * from (the graph's arcs, modes and travel times per mode) and the preparation's version, so a
 * new OSM extract, a terrain model that changes cycling times, or a change in the road speeds all
 * make a file that no longer fits, which is then rebuilt rather than trusted.
 *
 *   0   8 bytes  magic "CAIRNST1"
 *   8   u32 LE   header length H (JSON, UTF-8, padded with spaces to keep the data 8-aligned)
 *   12  H bytes  header { version, graphKey, hierarchies, landmarks, arrays: [{ name, type, offset, length }], dataSha1 }
 *   12+H         data: each array at `offset` (relative to the data start, multiple of 8)
 */

const MAGIC = 'CAIRNST1';
/** Bumped whenever the hierarchy or landmarks are built differently, so older files are rebuilt. */
const VERSION = 1;
const TYPES = { Float64Array, Float32Array, Int32Array } as const;
type TypeName = keyof typeof TYPES;
type Column = Float64Array | Float32Array | Int32Array;

/** What createStreetNetwork would otherwise build: landmarks per mode and the hierarchies. */
export interface PreparedStreets {
  landmarks: Partial<Record<StreetMode, Landmarks>>;
  hierarchies: Partial<Record<StreetMode, ContractionHierarchy>>;
}

interface ArrayEntry {
  name: string;
  type: TypeName;
  offset: number;
  length: number;
}

interface Header {
  version: number;
  graphKey: string;
  hierarchies: Array<{ mode: StreetMode; shortcuts: number }>;
  landmarks: Array<{ mode: StreetMode; count: number }>;
  arrays: ArrayEntry[];
  dataSha1: string;
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

/** Hash of the graph arrays the hierarchy and landmarks are computed from (a few hundred ms for a country). */
export function streetGraphKey(g: StreetGraph): string {
  const hash = createHash('sha1');
  hash.update(`${g.vertexCount} ${g.edgeCount} ${g.arcCount}`);
  for (const a of [
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
  ])
    hash.update(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return hash.digest('hex');
}

/** The named columns of a preparation, in file order. */
function columnsOf(prepared: PreparedStreets): Array<[string, Column]> {
  const out: Array<[string, Column]> = [];
  for (const ch of Object.values(prepared.hierarchies))
    for (const c of HIERARCHY_COLUMNS) out.push([`ch.${ch.mode}.${c}`, ch[c]]);
  for (const lm of Object.values(prepared.landmarks))
    for (const c of LANDMARK_COLUMNS) out.push([`lm.${lm.mode}.${c}`, lm[c]]);
  return out;
}

const padded = (bytes: number) => Math.ceil(bytes / 8) * 8;

/** Writes the preparation of the graph with key `graphKey` (to a temporary name first, so a reader never sees half a file). */
export function writePreparedStreets(
  path: string,
  graphKey: string,
  prepared: PreparedStreets,
): { bytes: number } {
  const entries: ArrayEntry[] = [];
  const columns = columnsOf(prepared);
  let offset = 0;
  for (const [name, arr] of columns) {
    entries.push({ name, type: arr.constructor.name as TypeName, offset, length: arr.length });
    offset += padded(arr.byteLength);
  }
  const zeros = new Uint8Array(8);
  const bytesOf = (arr: Column) => new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);
  const hash = createHash('sha1');
  for (const [, arr] of columns) {
    hash.update(bytesOf(arr));
    hash.update(zeros.subarray(0, padded(arr.byteLength) - arr.byteLength));
  }
  const header: Header = {
    version: VERSION,
    graphKey,
    hierarchies: Object.values(prepared.hierarchies).map((ch) => ({
      mode: ch.mode,
      shortcuts: ch.shortcuts,
    })),
    landmarks: Object.values(prepared.landmarks).map((lm) => ({ mode: lm.mode, count: lm.count })),
    arrays: entries,
    dataSha1: hash.digest('hex'),
  };
  let json = Buffer.from(JSON.stringify(header), 'utf8');
  json = Buffer.concat([json, Buffer.alloc((8 - ((12 + json.length) % 8)) % 8, 0x20)]);
  const prefix = Buffer.alloc(12);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(json.length, 8);
  const temp = `${path}.${process.pid}.tmp`;
  let done = false;
  try {
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, prefix);
      writeSync(fd, json);
      for (const [, arr] of columns) {
        writeSync(fd, bytesOf(arr));
        writeSync(fd, zeros, 0, padded(arr.byteLength) - arr.byteLength);
      }
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
    done = true;
  } finally {
    if (!done) rmSync(temp, { force: true });
  }
  return { bytes: 12 + json.length + offset };
}

/** Reads a preparation made for the graph with key `graphKey`; a missing, damaged, older or other graph's file comes back as why not. */
export function readPreparedStreets(
  path: string,
  graphKey: string,
): { ok: true; prepared: PreparedStreets } | { ok: false; message: string } {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch {
    return { ok: false, message: 'no file' };
  }
  if (buf.length < 12 || buf.toString('latin1', 0, 8) !== MAGIC)
    return { ok: false, message: 'not a street preparation' };
  if (buf.byteOffset % 8 !== 0) buf = Buffer.from(new Uint8Array(buf)); // typed-array views need 8-byte alignment
  const headerLength = buf.readUInt32LE(8);
  let header: Header;
  try {
    header = JSON.parse(buf.toString('utf8', 12, 12 + headerLength)) as Header;
  } catch {
    return { ok: false, message: 'unreadable header' };
  }
  if (header.version !== VERSION)
    return { ok: false, message: `version ${header.version}, expected ${VERSION}` };
  if (header.graphKey !== graphKey) return { ok: false, message: 'made for other streets' };
  const dataStart = 12 + headerLength;
  const columns = new Map<string, Column>();
  let dataEnd = dataStart;
  for (const e of header.arrays) {
    const Ctor = TYPES[e.type];
    const end = dataStart + e.offset + e.length * (Ctor?.BYTES_PER_ELEMENT ?? 0);
    if (!Ctor || e.offset % 8 !== 0 || end > buf.length)
      return { ok: false, message: 'damaged (bad column)' };
    columns.set(e.name, new Ctor(buf.buffer as ArrayBuffer, buf.byteOffset + dataStart + e.offset, e.length));
    dataEnd = Math.max(dataEnd, dataStart + e.offset + padded(e.length * Ctor.BYTES_PER_ELEMENT));
  }
  const sha1 = createHash('sha1').update(buf.subarray(dataStart, dataEnd)).digest('hex');
  if (sha1 !== header.dataSha1) return { ok: false, message: 'damaged (checksum mismatch)' };
  const prepared: PreparedStreets = { landmarks: {}, hierarchies: {} };
  const column = (name: string) => {
    const c = columns.get(name);
    if (!c) throw new Error(`missing column ${name}`);
    return c;
  };
  try {
    for (const { mode, shortcuts } of header.hierarchies) {
      const ch = { mode, shortcuts } as Record<string, unknown>;
      for (const c of HIERARCHY_COLUMNS) ch[c] = column(`ch.${mode}.${c}`);
      prepared.hierarchies[mode] = ch as unknown as ContractionHierarchy;
    }
    for (const { mode, count } of header.landmarks) {
      const lm = { mode, count } as Record<string, unknown>;
      for (const c of LANDMARK_COLUMNS) lm[c] = column(`lm.${mode}.${c}`);
      prepared.landmarks[mode] = lm as unknown as Landmarks;
    }
  } catch (e) {
    return { ok: false, message: `damaged (${(e as Error).message})` };
  }
  return { ok: true, prepared };
}
