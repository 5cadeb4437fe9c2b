import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';

/*
 * Column files (the timetable snapshot, streets.bin, stop-snaps.bin) read once onto
 * SharedArrayBuffers and handed to worker threads: a thread that registers them reads the shared
 * bytes instead of the file, so its typed-array views (readColumnFile) sit on one copy for the
 * whole process. Measured by bench/sharedMemory.ts against one process per planner.
 */

/** Shared bytes by absolute path, in this thread. */
const registered = new Map<string, SharedArrayBuffer>();

/** Reads a whole file onto a new SharedArrayBuffer (to post to worker threads). */
export function readFileShared(path: string): SharedArrayBuffer {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const shared = new SharedArrayBuffer(size);
    const bytes = new Uint8Array(shared);
    let at = 0;
    while (at < size) {
      const read = readSync(fd, bytes, at, size - at, at);
      if (read === 0) throw new Error(`${path}: shorter than its size while reading`);
      at += read;
    }
    return shared;
  } finally {
    closeSync(fd);
  }
}

/** Makes this thread read these files from their shared bytes (keys: file paths). */
export function useSharedFiles(files: Readonly<Record<string, SharedArrayBuffer>>): void {
  for (const [path, bytes] of Object.entries(files)) registered.set(resolve(path), bytes);
}

/** The shared bytes registered for a file in this thread, as a Buffer over them (no copy). */
export function sharedFileBytes(path: string): Buffer | undefined {
  const shared = registered.get(resolve(path));
  return shared ? Buffer.from(shared) : undefined;
}
