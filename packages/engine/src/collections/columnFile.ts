import { closeSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { sharedFileBytes } from './sharedFiles.ts';

/*
 * A file of named typed arrays with a JSON header, read back with one read and no parsing of the
 * arrays (they become views on the file's bytes): the timetable snapshot (timetable/snapshot.ts)
 * and what a region keeps of its prepared streets and stop snaps (loader/regionStreets.ts).
 * Refused when damaged (checksum of the data).
 *
 *   0   8 bytes  magic (8 latin-1 characters naming the kind of file)
 *   8   u32 LE   header length H (JSON, UTF-8, padded with spaces to keep the data 8-aligned)
 *   12  H bytes  header { ...the writer's fields, arrays: [{ name, type, offset, length }], dataSha1 }
 *   12+H         data: each array at `offset` (relative to the data start, multiple of 8)
 */

const TYPES = { Float64Array, Float32Array, Int32Array, Uint16Array, Uint8Array } as const;
type TypeName = keyof typeof TYPES;
/** The arrays a column file holds. */
export type Column = Float64Array | Float32Array | Int32Array | Uint16Array | Uint8Array;

/** A kind of column file: its magic and what messages call it. */
export interface ColumnFileKind {
  magic: string;
  name: string;
}

/** The header as read: the writer's fields beside the layout. */
export type ColumnFileHeader = Record<string, unknown>;

interface ArrayEntry {
  name: string;
  type: TypeName;
  offset: number;
  length: number;
}

const padded = (bytes: number) => Math.ceil(bytes / 8) * 8;
const bytesOf = (arr: Column) => new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength);

/** Hash of typed arrays' bytes and a label, to key a file by exactly what its contents were computed from. */
export function hashColumns(label: string, columns: readonly Column[]): string {
  const hash = createHash('sha1').update(label);
  for (const c of columns) hash.update(bytesOf(c));
  return hash.digest('hex');
}

/**
 * Writes the file (to a temporary name first, so a reader never sees half of it) with `fields` in
 * its header (any JSON but `arrays` and `dataSha1`); its size in bytes.
 */
export function writeColumnFile(
  path: string,
  kind: ColumnFileKind,
  fields: object,
  columns: ReadonlyArray<readonly [string, Column]>,
): number {
  const entries: ArrayEntry[] = [];
  let offset = 0;
  for (const [name, arr] of columns) {
    const type = arr.constructor.name as TypeName;
    if (!(type in TYPES)) throw new Error(`unexpected column type ${type} for ${name}`);
    entries.push({ name, type, offset, length: arr.length });
    offset += padded(arr.byteLength);
  }
  const zeros = new Uint8Array(8);
  const hash = createHash('sha1');
  for (const [, arr] of columns)
    hash.update(bytesOf(arr)).update(zeros.subarray(0, padded(arr.byteLength) - arr.byteLength));
  let json = Buffer.from(
    JSON.stringify({ ...fields, arrays: entries, dataSha1: hash.digest('hex') }),
    'utf8',
  );
  json = Buffer.concat([json, Buffer.alloc((8 - ((12 + json.length) % 8)) % 8, 0x20)]);
  const prefix = Buffer.alloc(12);
  prefix.write(kind.magic, 0, 'latin1');
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
  return 12 + json.length + offset;
}

/**
 * Reads a column file of this kind: its header and arrays by name, or why it cannot be used.
 * `checkHeader` may refuse the file from its header alone (an older version) before the arrays are
 * looked at.
 */
export function readColumnFile(
  path: string,
  kind: ColumnFileKind,
  checkHeader?: (header: ColumnFileHeader) => string | undefined,
): { ok: true; header: ColumnFileHeader; columns: Map<string, Column> } | { ok: false; message: string } {
  // A worker thread given the file's bytes on a SharedArrayBuffer (sharedFiles.ts) views those.
  let buf: Buffer;
  try {
    buf = sharedFileBytes(path) ?? readFileSync(path);
  } catch {
    return { ok: false, message: 'no file' };
  }
  if (buf.length < 12 || buf.toString('latin1', 0, 8) !== kind.magic)
    return { ok: false, message: `not a ${kind.name}` };
  if (buf.byteOffset % 8 !== 0) buf = Buffer.from(new Uint8Array(buf)); // typed-array views need 8-byte alignment
  const headerLength = buf.readUInt32LE(8);
  if (12 + headerLength > buf.length) return { ok: false, message: 'truncated header' };
  let header: ColumnFileHeader & { arrays?: ArrayEntry[]; dataSha1?: string };
  try {
    header = JSON.parse(buf.toString('utf8', 12, 12 + headerLength)) as typeof header;
  } catch {
    return { ok: false, message: 'unreadable header' };
  }
  if (!header || typeof header !== 'object' || !Array.isArray(header.arrays))
    return { ok: false, message: 'unreadable header' };
  const refused = checkHeader?.(header);
  if (refused) return { ok: false, message: refused };
  const dataStart = 12 + headerLength;
  const columns = new Map<string, Column>();
  let dataEnd = dataStart;
  for (const e of header.arrays) {
    const Ctor = TYPES[e.type];
    if (!Ctor) return { ok: false, message: `unknown column type ${e.type}` };
    if (!Number.isInteger(e.offset) || e.offset % 8 !== 0 || !Number.isInteger(e.length) || e.length < 0)
      return { ok: false, message: `bad column entry ${e.name}` };
    const end = dataStart + e.offset + e.length * Ctor.BYTES_PER_ELEMENT;
    if (end > buf.length) return { ok: false, message: `truncated (column ${e.name})` };
    columns.set(e.name, new Ctor(buf.buffer as ArrayBuffer, buf.byteOffset + dataStart + e.offset, e.length));
    dataEnd = Math.max(dataEnd, dataStart + e.offset + padded(e.length * Ctor.BYTES_PER_ELEMENT));
  }
  const sha1 = createHash('sha1')
    .update(buf.subarray(dataStart, Math.min(buf.length, dataEnd)))
    .digest('hex');
  if (sha1 !== header.dataSha1) return { ok: false, message: 'damaged (checksum mismatch)' };
  return { ok: true, header, columns };
}
