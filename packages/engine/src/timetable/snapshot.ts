import { readColumnFile, writeColumnFile } from '../collections/columnFile.ts';
import type { Column, ColumnFileHeader } from '../collections/columnFile.ts';
import { Timetable } from './timetable.ts';
import type { TimetableArrays, TimetableMeta } from './types.ts';

/*
 * Binary snapshot of a timetable: one column file (collections/columnFile.ts), read with a single
 * read and no parsing of the big columns (they become typed-array views on the file's bytes). Its
 * header carries { version, meta, source? } beside the columns' layout and checksum.
 */

const SNAPSHOT = { magic: 'CAIRNTT1', name: 'Cairn timetable snapshot' };
// Bumped when the layout changes or when the readers fill the columns differently (2: platforms
// take their step-free access from pathways.txt; 3: a funicular route is its own mode, not train),
// so an older snapshot is rebuilt, not trusted.
const VERSION = 3;

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
  const columns = Object.entries(tt.a) as Array<[string, Column]>;
  const bytes = writeColumnFile(
    path,
    SNAPSHOT,
    { version: VERSION, meta: tt.meta, source: options.source },
    columns,
  );
  return { bytes };
}

export type ReadSnapshotResult =
  { ok: true; timetable: Timetable; source: unknown } | { ok: false; message: string };

/** An older snapshot is refused from its header, before its columns are looked at. */
function checkVersion(header: ColumnFileHeader): string | undefined {
  if (header.version !== VERSION)
    return `snapshot version ${String(header.version)}, expected ${VERSION}; rebuild it with cairn build-region`;
  return header.meta ? undefined : 'unreadable header';
}

/** Reads a snapshot; a missing, truncated or foreign file comes back as a message. */
export function readTimetableSnapshot(path: string): ReadSnapshotResult {
  const read = readColumnFile(path, SNAPSHOT, checkVersion);
  if (!read.ok)
    return {
      ok: false,
      message: `${path}: ${read.message === 'no file' ? 'cannot read the file' : read.message}`,
    };
  const arrays = Object.fromEntries(read.columns) as Partial<Record<keyof TimetableArrays, Column>>;
  const missing = Object.keys(requiredColumns()).filter(
    (k) => arrays[k as keyof TimetableArrays] === undefined,
  );
  if (missing.length > 0) return { ok: false, message: `${path}: missing columns ${missing.join(', ')}` };
  try {
    return {
      ok: true,
      timetable: new Timetable(arrays as TimetableArrays, read.header.meta as TimetableMeta),
      source: read.header.source,
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
