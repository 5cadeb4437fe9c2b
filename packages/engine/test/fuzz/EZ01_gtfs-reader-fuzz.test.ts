// Feature under test: the GTFS reader on damaged feeds — truncated, dropped or garbled files, junk fields, odd encodings — answers warnings or errors, never an uncaught exception, and what it accepts builds a timetable.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readGtfsFeed, readGtfsSource } from '../../src/gtfs/readFeed.ts';
import type { GtfsSource } from '../../src/gtfs/source.ts';
import { feedsToTimetableInput } from '../../src/gtfs/toTimetableInput.ts';
import { buildTimetable } from '../../src/timetable/builder.ts';
import { TransitView } from '../../src/timetable/transitView.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const FERRY = join(import.meta.dirname, '../../../../regions/cairngorms/build/gtfs/ferry');

/** A small real feed (the demo region's water bus) when built, else a hand-written one. */
function baseFiles(): Record<string, string> {
  if (existsSync(FERRY)) {
    return Object.fromEntries(
      readdirSync(FERRY)
        .filter((f) => f.endsWith('.txt'))
        .map((f) => [f, readFileSync(join(FERRY, f), 'utf8')]),
    );
  }
  return {
    'agency.txt':
      'agency_id,agency_name,agency_url,agency_timezone\nA,Loch Bus,https://example.org,Europe/London\n',
    'stops.txt': 'stop_id,stop_name,stop_lat,stop_lon\nS1,Pier,57.4,-4.4\nS2,Castle,57.33,-4.44\n',
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\nR1,A,W1,4\n',
    'trips.txt': 'route_id,service_id,trip_id\nR1,D,T1\n',
    'stop_times.txt':
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nT1,10:00:00,10:00:00,S1,1\nT1,10:50:00,10:50:00,S2,2\n',
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nD,1,1,1,1,1,1,1,20260101,20271231\n',
  };
}

const JUNK = [
  '',
  ' ',
  '-1',
  '0',
  '99:99:99',
  '25:61:00',
  '-01:00:00',
  '1:2:3',
  '20261301',
  '20260230',
  '99999999',
  'NaN',
  'Infinity',
  '1e309',
  '"',
  '"a,b',
  'a"b',
  '\u0000',
  '\ufeff',
  '🚌',
  'e\u0301',
  '\ud800',
  'x'.repeat(5000),
  'Not/A_Zone',
  '1.5',
  '-91',
  '181',
];

type Edit =
  | { op: 'drop'; file: number }
  | { op: 'truncate'; file: number; at: number }
  | { op: 'field'; file: number; line: number; col: number; junk: string }
  | { op: 'dupLine'; file: number; line: number }
  | { op: 'garbage'; file: number; line: number; text: string }
  | { op: 'swapHeader'; file: number; a: number; b: number }
  | { op: 'encoding'; file: number; kind: 'bom' | 'crlf' | 'cr' | 'empty' | 'headerOnly' };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), file: fc.nat() }),
  fc.record({
    op: fc.constant('truncate' as const),
    file: fc.nat(),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
  }),
  fc.record({
    op: fc.constant('field' as const),
    file: fc.nat(),
    line: fc.nat(),
    col: fc.nat(),
    junk: fc.oneof(
      fc.constantFrom(...JUNK),
      fc.string({ maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 10 }),
    ),
  }),
  fc.record({ op: fc.constant('dupLine' as const), file: fc.nat(), line: fc.nat() }),
  fc.record({
    op: fc.constant('garbage' as const),
    file: fc.nat(),
    line: fc.nat(),
    text: fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom(',,,,,,,', '"""', '\n\n\n', 'a,b\nc')),
  }),
  fc.record({ op: fc.constant('swapHeader' as const), file: fc.nat(), a: fc.nat(), b: fc.nat() }),
  fc.record({
    op: fc.constant('encoding' as const),
    file: fc.nat(),
    kind: fc.constantFrom(
      'bom' as const,
      'crlf' as const,
      'cr' as const,
      'empty' as const,
      'headerOnly' as const,
    ),
  }),
);

function apply(files: Record<string, string>, edits: Edit[]): Record<string, string> {
  const out = { ...files };
  for (const e of edits) {
    const names = Object.keys(out);
    if (names.length === 0) break;
    const name = names[e.file % names.length]!;
    const text = out[name]!;
    const lines = text.split('\n');
    const li = 'line' in e ? e.line % Math.max(1, lines.length) : 0;
    switch (e.op) {
      case 'drop':
        delete out[name];
        break;
      case 'truncate':
        out[name] = text.slice(0, Math.floor(text.length * e.at));
        break;
      case 'field': {
        const cells = (lines[li] ?? '').split(',');
        cells[e.col % Math.max(1, cells.length)] = e.junk;
        lines[li] = cells.join(',');
        out[name] = lines.join('\n');
        break;
      }
      case 'dupLine':
        lines.splice(li, 0, lines[li] ?? '');
        out[name] = lines.join('\n');
        break;
      case 'garbage':
        lines.splice(li, 0, e.text);
        out[name] = lines.join('\n');
        break;
      case 'swapHeader': {
        const cells = (lines[0] ?? '').split(',');
        const a = e.a % cells.length;
        const b = e.b % cells.length;
        [cells[a], cells[b]] = [cells[b]!, cells[a]!];
        lines[0] = cells.join(',');
        out[name] = lines.join('\n');
        break;
      }
      case 'encoding':
        out[name] =
          e.kind === 'bom'
            ? `\ufeff${text}`
            : e.kind === 'crlf'
              ? text.replace(/\n/g, '\r\n')
              : e.kind === 'cr'
                ? text.replace(/\n/g, '\r')
                : e.kind === 'empty'
                  ? ''
                  : (lines[0] ?? '');
        break;
    }
  }
  return out;
}

const sourceOf = (files: Record<string, string>): GtfsSource => ({
  path: 'fuzz',
  has: (f) => f in files,
  read: (f) => files[f],
});

describe('GTFS reader fuzz', () => {
  const base = baseFiles();

  it('the unedited base feed reads cleanly (so damage, not the base, causes what follows)', () => {
    const r = readGtfsSource(sourceOf(base), { feedId: 'z' });
    expect(r.ok).toBe(true);
    expect(r.warnings.filter((w) => w.severity === 'error')).toEqual([]);
  });

  it(`damaged feeds give warnings with file and line, never an exception (${RUNS} cases)`, () => {
    let rejected = 0;
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 5 }), (edits) => {
        const files = apply(base, edits);
        const r = readGtfsSource(sourceOf(files), { feedId: 'z' });
        for (const w of r.warnings) {
          expect(typeof w.file).toBe('string');
          expect(Number.isInteger(w.line)).toBe(true);
          expect(typeof w.message).toBe('string');
        }
        if (!r.ok) {
          rejected++;
          expect(r.warnings.some((w) => w.severity === 'error')).toBe(true);
          return;
        }
        accepted++;
        // What the reader accepts must build into a timetable and a day's view without throwing.
        const tt = buildTimetable(feedsToTimetableInput([r.feed]));
        new TransitView(tt, 20261124);
      }),
      { numRuns: RUNS },
    );
    expect(rejected + accepted).toBe(RUNS);
  });

  it('random bytes and a truncated zip are refused with a message, not thrown', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-gtfs-fuzz-'));
    try {
      fc.assert(
        fc.property(fc.uint8Array({ maxLength: 2000 }), fc.boolean(), (bytes, zipMagic) => {
          const path = join(dir, 'feed.zip');
          const data = zipMagic ? new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...bytes]) : bytes;
          writeFileSync(path, data);
          const r = readGtfsFeed(path, { feedId: 'z' });
          expect(r.ok).toBe(false);
          expect(r.warnings.length).toBeGreaterThan(0);
        }),
        { numRuns: Math.min(RUNS, 100) },
      );
      expect(readGtfsFeed(join(dir, 'missing.zip'), { feedId: 'z' }).ok).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
