import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { unzipSync } from 'fflate';

/** The text files of one GTFS feed, from a zip archive or a folder. */
export interface GtfsSource {
  readonly path: string;
  has(file: string): boolean;
  /** File text, or undefined when the feed lacks it. */
  read(file: string): string | undefined;
}

export type OpenSourceResult = { ok: true; source: GtfsSource } | { ok: false; message: string };

/**
 * Opens a zip or folder; failures (missing path, corrupt zip) come back as a message, not an
 * exception. With `only`, the source holds just those files (a zip inflates nothing else).
 */
export function openGtfsSource(path: string, only?: ReadonlySet<string>): OpenSourceResult {
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
    },
  };
}
