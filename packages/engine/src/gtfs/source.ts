import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { unzipSync } from 'fflate';

/** The text files of one GTFS feed, from a zip archive or a folder. */
export interface GtfsSource {
  readonly path: string;
  has(file: string): boolean;
  /** File text, or undefined when the feed lacks it. */
  read(file: string): string | undefined;
  /**
   * File text in pieces that each end at a line end outside quotes (one piece unless the file is
   * larger than the source's piece size), or undefined when the feed lacks it: for files that may
   * be longer than a string can be. Sources of small files (tests, CSV) may leave it out.
   */
  readPieces?(file: string): string[] | undefined;
}

/** A file's text in pieces (`readPieces`), from a source that splits large files or one that does not. */
export function readInPieces(source: GtfsSource, file: string): string[] | undefined {
  if (source.readPieces) return source.readPieces(file);
  const text = source.read(file);
  return text === undefined ? undefined : [text];
}

/**
 * Bytes per piece of a large file: V8 caps a string at 2^29 − 24 characters (about 512 MB), and a
 * GB-size stop_times.txt (25 M rows) is about 1 GB (README, "Great-Britain scale").
 */
export const PIECE_BYTES = 256 * 1024 * 1024;

/**
 * Decodes UTF-8 bytes in pieces of at most `pieceBytes` (more only for a single line longer than
 * that), each ending just after a line feed outside double quotes, so no CSV record is split.
 */
export function decodePieces(
  bytes: Uint8Array,
  decoder: { decode(bytes: Uint8Array): string },
  pieceBytes: number,
): string[] {
  if (bytes.length <= pieceBytes) return [decoder.decode(bytes)];
  const pieces: string[] = [];
  let start = 0;
  let cut = 0;
  let inQuotes = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    // An escaped quote ("") toggles twice, so the state stays right.
    if (b === 0x22) inQuotes = !inQuotes;
    else if (b === 0x0a && !inQuotes) cut = i + 1;
    if (i + 1 - start >= pieceBytes && cut > start) {
      pieces.push(decoder.decode(bytes.subarray(start, cut)));
      start = cut;
    }
  }
  if (start < bytes.length) pieces.push(decoder.decode(bytes.subarray(start)));
  return pieces;
}

export type OpenSourceResult = { ok: true; source: GtfsSource } | { ok: false; message: string };

/**
 * Opens a zip or folder; failures (missing path, corrupt zip) come back as a message, not an
 * exception. With `only`, the source holds just those files (a zip inflates nothing else).
 */
export function openGtfsSource(
  path: string,
  only?: ReadonlySet<string>,
  pieceBytes = PIECE_BYTES,
): OpenSourceResult {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    return { ok: false, message: `${path}: no such file or folder` };
  }
  const decoder = new TextDecoder('utf-8');
  if (isDir) {
    const names = new Set(readdirSync(path).filter((n) => n.endsWith('.txt') && (!only || only.has(n))));
    return {
      ok: true,
      source: {
        path,
        has: (f) => names.has(f),
        read: (f) => (names.has(f) ? decoder.decode(readFileSync(join(path, f))) : undefined),
        readPieces: (f) =>
          names.has(f) ? decodePieces(readFileSync(join(path, f)), decoder, pieceBytes) : undefined,
      },
    };
  }
  let files: Record<string, Uint8Array>;
  try {
    // Keep only .txt entries; feeds are sometimes zipped inside one folder, so match on the base name.
    files = unzipSync(readFileSync(path), {
      filter: (f) =>
        f.name.endsWith('.txt') && !f.name.startsWith('__MACOSX') && (!only || only.has(basename(f.name))),
    });
  } catch (e) {
    return { ok: false, message: `${path}: not a readable zip archive (${(e as Error).message})` };
  }
  const byName = new Map<string, Uint8Array>();
  for (const [name, data] of Object.entries(files)) byName.set(basename(name), data);
  return {
    ok: true,
    source: {
      path,
      has: (f) => byName.has(f),
      read: (f) => {
        const data = byName.get(f);
        if (!data) return undefined;
        byName.delete(f); // free the compressed copy once read: stop_times can be hundreds of MB
        return decoder.decode(data);
      },
      readPieces: (f) => {
        const data = byName.get(f);
        if (!data) return undefined;
        byName.delete(f);
        return decodePieces(data, decoder, pieceBytes);
      },
    },
  };
}
