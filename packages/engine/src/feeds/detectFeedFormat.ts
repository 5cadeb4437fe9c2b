import { closeSync, openSync, readdirSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { FeedFormat } from './readTimetableFeed.ts';

/*
 * Which format a timetable feed is in, told from what is inside it rather than from its name: an
 * operator's TransXChange export may be a .zip, a folder or one .xml, ATCO-CIF and rail CIF both
 * come as .cif (the RDG extract as .MCA), and a GTFS feed is a .zip or a folder of .txt files.
 */

/** The format of a feed, or why none could be told. */
export type DetectedFormat = { ok: true; format: FeedFormat } | { ok: false; message: string };

/** Bytes read from the head of a file to tell its format: every header sits well inside them. */
const HEAD_BYTES = 4096;

/** The format of the text at the head of one document, or undefined when it is none Cairn reads. */
function formatOfText(head: string): FeedFormat | undefined {
  const text = head.replace(/^\uFEFF/, '');
  // ATCO-CIF 5.0 opens with its file header record "ATCO-CIF0500…".
  if (text.startsWith('ATCO-CIF')) return 'atco-cif';
  // RDG/ATOC CIF opens with an HD header record naming the mainframe file ("HDTPS.U…").
  if (/^HD\S/.test(text)) return 'rail-cif';
  if (/<(\w+:)?TransXChange[\s>]/.test(text)) return 'transxchange';
  return undefined;
}

/** The first bytes of a file. */
function readHead(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    const n = readSync(fd, buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

/** Documents of a zip inflated to tell its format (a TNDS zip holds hundreds). */
const MAX_INFLATED = 3;

const latin1 = new TextDecoder('latin1');
const isZip = (head: Uint8Array): boolean =>
  head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/** Tells a feed's format (GTFS, TransXChange, ATCO-CIF, rail CIF) from a file, folder or zip's content. */
export function detectFeedFormat(path: string): DetectedFormat {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    return { ok: false, message: `${path}: no such file or folder` };
  }
  if (isDir) return formatOfFolder(path);
  const head = readHead(path);
  if (isZip(head)) return formatOfZip(path);
  const format = formatOfText(latin1.decode(head));
  if (format) return { ok: true, format };
  return {
    ok: false,
    message: `${path}: neither a GTFS zip nor a TransXChange document, ATCO-CIF or rail CIF file (read by content)`,
  };
}

/** A folder: GTFS when it has stops.txt, else the format of its first document Cairn can read. */
function formatOfFolder(path: string): DetectedFormat {
  const names = readdirSync(path).sort();
  if (names.includes('stops.txt')) return { ok: true, format: 'gtfs' };
  for (const name of names) {
    if (!/\.(xml|cif|mca|zip)$/i.test(name)) continue;
    const inner = detectFeedFormat(join(path, name));
    if (inner.ok) return inner;
  }
  return {
    ok: false,
    message: `${path}: no stops.txt (GTFS), TransXChange .xml or CIF file in the folder`,
  };
}

/** A zip: GTFS when it holds stops.txt, else the format of the first document inside (zips of zips too). */
function formatOfZip(path: string): DetectedFormat {
  const names: string[] = [];
  let inflated = 0;
  let entries: Record<string, Uint8Array>;
  try {
    // Every entry's name is listed, but only the first few candidate documents are inflated.
    entries = unzipSync(readFileSync(path), {
      filter: (f) => {
        names.push(f.name);
        const candidate = !f.name.startsWith('__MACOSX') && /\.(xml|cif|mca|zip)$/i.test(f.name);
        return candidate && ++inflated <= MAX_INFLATED;
      },
    });
  } catch (e) {
    return { ok: false, message: `${path}: not a readable zip archive (${(e as Error).message})` };
  }
  if (names.some((n) => n === 'stops.txt' || n.endsWith('/stops.txt'))) return { ok: true, format: 'gtfs' };
  for (const name of Object.keys(entries).sort()) {
    const data = entries[name]!;
    if (/\.zip$/i.test(name)) {
      // BODS publishes zips of zips of TransXChange documents.
      try {
        const inner = unzipSync(data, { filter: (f) => /\.xml$/i.test(f.name) });
        const first = Object.values(inner)[0];
        if (first && formatOfText(latin1.decode(first.subarray(0, HEAD_BYTES))) === 'transxchange')
          return { ok: true, format: 'transxchange' };
      } catch {
        continue;
      }
      continue;
    }
    const format = formatOfText(latin1.decode(data.subarray(0, HEAD_BYTES)));
    if (format === 'rail-cif')
      return {
        ok: false,
        message: `${path}: a rail CIF extract inside a zip; unzip it and give its ${name} file`,
      };
    if (format) return { ok: true, format };
  }
  return {
    ok: false,
    message: `${path}: a zip with no stops.txt (GTFS), TransXChange .xml or ATCO-CIF file inside`,
  };
}
