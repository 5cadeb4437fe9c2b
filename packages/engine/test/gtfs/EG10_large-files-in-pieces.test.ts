// Feature under test: a GTFS file longer than a string can be (a GB-size stop_times.txt is about
// 1 GB; V8 caps a string near 512 MB) is read in pieces cut at line ends outside quotes, with the
// same records and line numbers as a whole read.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv, parseCsvPieces } from '../../src/gtfs/csv.ts';
import { readGtfsSource } from '../../src/gtfs/readFeed.ts';
import { decodePieces, openGtfsSource } from '../../src/gtfs/source.ts';
import { baseFeed } from '../support/inlineFeed.ts';

/** Header and records as a parse gives them, with their line numbers. */
function records(parse: (sink: Parameters<typeof parseCsv>[1]) => void): unknown[] {
  const out: unknown[] = [];
  parse({ header: (names) => out.push(['header', ...names]), row: (f, line) => out.push([line, ...f]) });
  return out;
}

// A BOM, CRLF line ends, a quoted field holding a comma, an escaped quote and a line feed, and
// non-ASCII text (multi-byte in UTF-8).
const CSV =
  '\uFEFFtrip_id,stop_id,note\r\nT1,A,plain\r\nT1,B,"two\nlines, ""quoted"""\r\nT2,Č,Ærø\nT2,D,"x"\n\nT3,E,last';

describe('GTFS files read in pieces', () => {
  const bytes = new TextEncoder().encode(CSV);
  const whole = records((sink) => parseCsv(CSV, sink));

  it('cuts only after a line feed outside quotes and gives the same records at every piece size', () => {
    for (let size = 1; size <= bytes.length; size++) {
      const pieces = decodePieces(bytes, new TextDecoder('utf-8'), size);
      // The decoder drops the BOM, as it does reading a file whole.
      expect(pieces.join('')).toBe(CSV.slice(1));
      for (const p of pieces.slice(0, -1)) expect(p.endsWith('\n')).toBe(true);
      expect(records((sink) => parseCsvPieces(pieces, sink))).toEqual(whole);
    }
    // Small sizes really split it (the quoted line feed stays inside its piece).
    expect(decodePieces(bytes, new TextDecoder('utf-8'), 8).length).toBeGreaterThan(4);
  });

  const files = baseFeed();
  const dir = mkdtempSync(join(tmpdir(), 'cairn-pieces-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a feed whose stop_times.txt comes in pieces exactly as one read whole', () => {
    for (const [name, text] of Object.entries(files))
      writeFileSync(join(dir, name), text.replace(/^[ \t]+/gm, ''));
    const read = (pieceBytes?: number) => {
      const opened = openGtfsSource(dir, undefined, pieceBytes);
      if (!opened.ok) throw new Error(opened.message);
      const r = readGtfsSource(opened.source, { feedId: 'f' });
      if (!r.ok) throw new Error('not usable');
      return r.feed.stopTimes;
    };
    const stopTimesBytes = new TextEncoder().encode(files['stop_times.txt']).length;
    expect(read(Math.floor(stopTimesBytes / 5))).toEqual(read());
  });
});
