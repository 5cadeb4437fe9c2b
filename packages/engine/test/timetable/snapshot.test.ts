// Feature under test: the binary snapshot gives back an identical timetable, and bad files are error values.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateNetwork } from '../../bench/transitNetwork.ts';
import { buildTimetable } from '../../src/timetable/builder.ts';
import { readFileShared, useSharedFiles } from '../../src/collections/sharedFiles.ts';
import { readTimetableSnapshot, writeTimetableSnapshot } from '../../src/timetable/snapshot.ts';
import { TransitView } from '../../src/timetable/transitView.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import { dateToDayNumber } from '../../src/time/serviceDay.ts';

describe('timetable snapshot', () => {
  const input = generateNetwork({
    seed: 7,
    stops: 200,
    routes: 30,
    trips: 600,
    routeLength: [4, 12],
    bbox: [57, -4, 57.1, -3.8],
    quirks: true,
    firstDay: dateToDayNumber(20260601),
  });
  const tt = buildTimetable(input);
  const dir = mkdtempSync(join(tmpdir(), 'cairn-snap-'));
  const file = join(dir, 'timetable.bin');
  writeTimetableSnapshot(tt, file);

  it('round-trips every column and the metadata', () => {
    const back = readTimetableSnapshot(file);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    for (const [name, arr] of Object.entries(tt.a)) {
      expect(Array.from(back.timetable.a[name as keyof typeof tt.a] as ArrayLike<number>), name).toEqual(
        Array.from(arr as ArrayLike<number>),
      );
    }
    expect(back.timetable.meta).toEqual(tt.meta);
  });

  it('answers queries exactly as the original', () => {
    const back = readTimetableSnapshot(file);
    if (!back.ok) throw new Error(back.message);
    const r1 = new Raptor(new TransitView(tt, 20260603));
    const r2 = new Raptor(new TransitView(back.timetable, 20260603));
    for (let i = 0; i < 50; i++) {
      const q = {
        direction: 'depart-after' as const,
        timeSec: 7 * 3600 + i * 600,
        access: [{ stopIdx: i, durationSec: 60, mode: 'walk' }],
        egress: [{ stopIdx: 199 - i, durationSec: 0, mode: 'walk' }],
      };
      expect(r2.route(q).journeys).toEqual(r1.route(q).journeys);
    }
  });

  it('a foreign, truncated or missing file is an error value', () => {
    const foreign = join(dir, 'foreign.bin');
    writeFileSync(foreign, 'hello world, not a timetable');
    expect(readTimetableSnapshot(foreign)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a Cairn timetable/),
    });
    const truncated = join(dir, 'truncated.bin');
    writeFileSync(truncated, readFileSync(file).subarray(0, 5000));
    expect(readTimetableSnapshot(truncated)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/truncated/),
    });
    expect(readTimetableSnapshot(join(dir, 'missing.bin'))).toMatchObject({ ok: false });
  });

  // Planner threads of one process can share one copy of the file (issue 32, bench/sharedMemory.ts).
  it('reads registered shared bytes instead of the file: views on the SharedArrayBuffer, the same timetable', () => {
    const shared = readFileShared(file);
    useSharedFiles({ [file]: shared });
    const back = readTimetableSnapshot(file);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.timetable.a.departures.buffer).toBe(shared);
    expect(Array.from(back.timetable.a.departures)).toEqual(Array.from(tt.a.departures));
    expect(back.timetable.meta).toEqual(tt.meta);
    // The shared copy is what is checked: damaged, it is refused though the file is whole.
    const bytes = new Uint8Array(shared);
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0xff;
    const damaged = readTimetableSnapshot(file);
    expect(damaged.ok).toBe(false);
  });
});
