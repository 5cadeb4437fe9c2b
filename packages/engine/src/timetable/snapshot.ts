import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { Timetable } from './timetable.ts';
import type { TimetableArrays, TimetableMeta } from './types.ts';

/**
 * Binary snapshot of a timetable: one file, read with a single read and no parsing of the big
 * columns (they become typed-array views on the file's bytes).
 *
 *   0   8 bytes  magic "CAIRNTT1"
 *   8   u32 LE   header length H (JSON, UTF-8, padded with spaces to keep the data 8-aligned)
 *   12  H bytes  header { version, meta, arrays: [{ name, type, offset, length }], dataSha1, source? }
 *   12+H         data: each column at `offset` (relative to the data start, multiple of 8)
 */

const MAGIC = 'CAIRNTT1';
// Bumped when the layout changes or when the readers fill the columns differently (2: platforms
// take their step-free access from pathways.txt; 3: a funicular route is its own mode, not train),
// so an older snapshot is rebuilt, not trusted.
const VERSION = 3;
const TYPES = { Float64Array, Int32Array, Uint8Array, Uint16Array } as const;
type TypeName = keyof typeof TYPES;

interface ArrayEntry {
  name: keyof TimetableArrays;
  type: TypeName;
  offset: number;
  length: number;
}

/** Options of writeTimetableSnapshot. */
export interface WriteSnapshotOptions {
  /** Any JSON the writer wants back on reading (the region loader keeps its feed fingerprint here). */
  source?: unknown;
}

/** Writes the snapshot file (to a temporary name first, so a reader never sees a half-written file). */
export function writeTimetableSnapshot(
  tt: Timetable,
  path: string,
  options: WriteSnapshotOptions = {},
): { bytes: number } {
  const entries: ArrayEntry[] = [];
  let offset = 0;
  for (const [name, arr] of Object.entries(tt.a) as [
    keyof TimetableArrays,
    TimetableArrays[keyof TimetableArrays],
  ][]) {
    const type = arr.constructor.name as TypeName;
    if (!(type in TYPES)) throw new Error(`unexpected column type ${type} for ${name}`);
    entries.push({ name, type, offset, length: arr.length });
    offset += Math.ceil(arr.byteLength / 8) * 8;
  }
  const zeros = Buffer.alloc(8);
  // A checksum of the data section, so that a damaged file is refused rather than routed on.
  const hash = createHash('sha1');
  for (const e of entries) {
    const arr = tt.a[e.name];
    hash.update(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength));
    const rest = Math.ceil(arr.byteLength / 8) * 8 - arr.byteLength;
    if (rest > 0) hash.update(zeros.subarray(0, rest));
  }
  const dataSha1 = hash.digest('hex');
  let header = Buffer.from(
    JSON.stringify({ version: VERSION, meta: tt.meta, arrays: entries, dataSha1, source: options.source }),
    'utf8',
  );
  const pad = (8 - ((12 + header.length) % 8)) % 8;
  header = Buffer.concat([header, Buffer.alloc(pad, 0x20)]);
  const prefix = Buffer.alloc(12);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(header.length, 8);
  const temp = `${path}.${process.pid}.tmp`;
  let done = false;
  try {
    const fd = openSync(temp, 'w');
    try {
      writeSync(fd, prefix);
      writeSync(fd, header);
      for (const e of entries) {
        const arr = tt.a[e.name];
        writeSync(fd, new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength));
        const rest = Math.ceil(arr.byteLength / 8) * 8 - arr.byteLength;
        if (rest > 0) writeSync(fd, zeros, 0, rest);
      }
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
    done = true;
  } finally {
    if (!done) rmSync(temp, { force: true });
  }
  return { bytes: 12 + header.length + offset };
}

export type ReadSnapshotResult =
  { ok: true; timetable: Timetable; source: unknown } | { ok: false; message: string };

/** Reads a snapshot; a missing, truncated or foreign file comes back as a message. */
export function readTimetableSnapshot(path: string): ReadSnapshotResult {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch {
    return { ok: false, message: `${path}: cannot read the file` };
  }
  if (buf.length < 12 || buf.toString('latin1', 0, 8) !== MAGIC)
    return { ok: false, message: `${path}: not a Cairn timetable snapshot` };
  if (buf.byteOffset % 8 !== 0) buf = Buffer.from(new Uint8Array(buf)); // typed-array views need 8-byte alignment
  const headerLength = buf.readUInt32LE(8);
  if (12 + headerLength > buf.length) return { ok: false, message: `${path}: truncated header` };
  let header: {
    version: number;
    meta: TimetableMeta;
    arrays: ArrayEntry[];
    dataSha1?: string;
    source?: unknown;
  };
  try {
    header = JSON.parse(buf.toString('utf8', 12, 12 + headerLength));
  } catch {
    return { ok: false, message: `${path}: unreadable header` };
  }
  if (header.version !== VERSION)
    return {
      ok: false,
      message: `${path}: snapshot version ${header.version}, expected ${VERSION}; rebuild it with cairn build-region`,
    };
  if (!header || typeof header !== 'object' || !Array.isArray(header.arrays) || !header.meta)
    return { ok: false, message: `${path}: unreadable header` };
  const dataStart = buf.byteOffset + 12 + headerLength;
  const arrays: Partial<Record<keyof TimetableArrays, unknown>> = {};
  let dataEnd = 12 + headerLength;
  for (const e of header.arrays) {
    const Ctor = TYPES[e.type];
    if (!Ctor) return { ok: false, message: `${path}: unknown column type ${e.type}` };
    if (!Number.isInteger(e.offset) || e.offset % 8 !== 0 || !Number.isInteger(e.length) || e.length < 0)
      return { ok: false, message: `${path}: bad column entry ${e.name}` };
    const end = 12 + headerLength + e.offset + e.length * Ctor.BYTES_PER_ELEMENT;
    if (end > buf.length) return { ok: false, message: `${path}: truncated (column ${e.name})` };
    dataEnd = Math.max(
      dataEnd,
      12 + headerLength + e.offset + Math.ceil((e.length * Ctor.BYTES_PER_ELEMENT) / 8) * 8,
    );
    arrays[e.name] = new Ctor(buf.buffer as ArrayBuffer, dataStart + e.offset, e.length);
  }
  const missing = Object.keys(requiredColumns()).filter(
    (k) => arrays[k as keyof TimetableArrays] === undefined,
  );
  if (missing.length > 0) return { ok: false, message: `${path}: missing columns ${missing.join(', ')}` };
  if (header.dataSha1 !== undefined) {
    const actual = createHash('sha1')
      .update(buf.subarray(12 + headerLength, Math.min(buf.length, dataEnd)))
      .digest('hex');
    if (actual !== header.dataSha1) return { ok: false, message: `${path}: damaged (checksum mismatch)` };
  }
  try {
    return {
      ok: true,
      timetable: new Timetable(arrays as TimetableArrays, header.meta),
      source: header.source,
    };
  } catch (e) {
    return { ok: false, message: `${path}: unusable (${(e as Error).message})` };
  }
}

/** The column names a timetable must have (from a type-complete literal, so a new column cannot be forgotten). */
function requiredColumns(): Record<keyof TimetableArrays, true> {
  return {
    stopLat: true,
    stopLon: true,
    stopParent: true,
    stopWheelchair: true,
    stopFeed: true,
    patternStopOffsets: true,
    patternStops: true,
    patternPosFlags: true,
    patternTripOffsets: true,
    patternLine: true,
    patternFeed: true,
    tripTimeOffsets: true,
    tripPattern: true,
    tripService: true,
    tripInfo: true,
    tripWheelchair: true,
    tripHeadwaySec: true,
    arrivals: true,
    departures: true,
    stopPatternOffsets: true,
    stopPatterns: true,
    stopPatternPos: true,
    transferOffsets: true,
    transferTo: true,
    transferSec: true,
    transferIsWalk: true,
    transferInOffsets: true,
    transferInFrom: true,
    transferInSec: true,
    transferInIsWalk: true,
    explicitFrom: true,
    explicitTo: true,
    explicitSec: true,
    explicitForbidden: true,
    serviceWeekdays: true,
    serviceStartDay: true,
    serviceEndDay: true,
    serviceExcOffsets: true,
    serviceExcDay: true,
    serviceExcAdd: true,
    shapeOffsets: true,
    shapeCoords: true,
    tripInfoShape: true,
    tripInfoLine: true,
  };
}
