// Feature under test: a region folder starts from its timetable snapshot (timetable.bin) when it is current, and from GTFS otherwise.
import { mkdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrandSettings, SearchRequest } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegionCommand } from '../../src/cli/buildRegion.ts';
import { loadPlanner } from '../../src/planner/loadPlanner.ts';
import { REGION_SNAPSHOT_FILE } from '../../src/loader/regionTimetable.ts';
import { REGION_STOP_SNAPS_FILE, REGION_STREETS_FILE } from '../../src/loader/regionStreets.ts';
import { WORLD, writeWorld } from '../support/world.ts';

const brand = BrandSettings.parse(
  JSON.parse(readFileSync(new URL('../../../../brands/default/brand.json', import.meta.url), 'utf8')),
);
const NOW_MS = Date.UTC(2026, 5, 1, 9, 0);
const request = SearchRequest.parse({
  origin: WORLD.aviemore.name,
  destination: WORLD.carrbridge.name,
  origin_location: { lat: WORLD.aviemore.lat, lng: WORLD.aviemore.lng },
  destination_location: { lat: WORLD.carrbridge.lat, lng: WORLD.carrbridge.lng },
  out_time: '2026/06/15 08:50:00',
  return_time: '2026/06/15 15:00:00',
});

let dir: string;
let snapshot: string;
/** The answer from a planner built by parsing GTFS, to compare the snapshot's answers with. */
let expected: string;
/** Warnings of the fixture's region.json, the same whichever way the timetable is loaded. */
let baseWarnings: readonly string[];

async function load(): Promise<{ lines: string[]; warnings: readonly string[]; answer: string }> {
  const lines: string[] = [];
  const planner = await loadPlanner(dir, { now: () => NOW_MS, log: (m) => lines.push(m) });
  // Journey ids are random per search; everything else must match.
  const answer = JSON.stringify(
    (await planner.plan(request, null, brand)).journeys.map((j) => ({ ...j, id: '' })),
  );
  return { lines, warnings: planner.warnings, answer };
}

beforeAll(async () => {
  dir = writeWorld();
  snapshot = join(dir, REGION_SNAPSHOT_FILE);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('P03 timetable snapshot', () => {
  it('parses GTFS on the first start and writes the snapshot', async () => {
    const first = await load();
    expect(first.lines[0]).toMatch(/^timetable: parsed GTFS \(no snapshot\).*wrote/);
    expect(first.lines[1]).toMatch(/^streets: built car hierarchy and landmarks \(no file\) .*wrote/);
    expect(first.warnings.filter((w) => w.includes('timetable'))).toEqual([]);
    baseWarnings = first.warnings;
    expect(statSync(snapshot).size).toBeGreaterThan(0);
    expected = first.answer;
    expect(JSON.parse(expected).length).toBeGreaterThan(0);
  });

  it('starts from the snapshot next time, with the same journeys, prices and operators', async () => {
    const second = await load();
    expect(second.lines[0]).toMatch(/^timetable: snapshot /);
    // The streets' car hierarchy and landmarks too, from the streets.bin the first start wrote.
    expect(second.lines[1]).toMatch(/^streets: car hierarchy and landmarks from .*streets\.bin/);
    expect(second.lines).toContainEqual(
      expect.stringMatching(/^stops: snapped to the streets, from .*stop-snaps\.bin/),
    );
    expect(second.warnings).toEqual(baseWarnings);
    expect(second.answer).toBe(expected);
  });

  it('parses again when a feed file has changed since the snapshot', async () => {
    const stops = join(dir, 'gtfs', 'demo', 'stops.txt');
    writeFileSync(stops, readFileSync(stops, 'utf8') + '\n');
    const changed = await load();
    expect(changed.lines[0]).toMatch(/^timetable: parsed GTFS \(snapshot is out of date with the feeds\)/);
    expect(changed.answer).toBe(expected);
    expect((await load()).lines[0]).toMatch(/^timetable: snapshot /);
  });

  it('falls back to GTFS with a warning when the snapshot is truncated, and repairs it', async () => {
    truncateSync(snapshot, Math.floor(statSync(snapshot).size / 2));
    const cut = await load();
    expect(cut.lines[0]).toMatch(/^timetable: parsed GTFS \(snapshot unusable\)/);
    expect(cut.warnings.join('\n')).toMatch(/snapshot ignored, parsing GTFS instead: .*truncated/);
    expect(cut.answer).toBe(expected);
    const again = await load();
    expect(again.lines[0]).toMatch(/^timetable: snapshot /);
    expect(again.answer).toBe(expected);
  });

  it('refuses a snapshot whose columns were damaged in place', async () => {
    const bytes = readFileSync(snapshot);
    for (let i = bytes.length - 64; i < bytes.length; i++) bytes[i] = (bytes[i] ?? 0) ^ 0xff;
    writeFileSync(snapshot, bytes);
    const damaged = await load();
    expect(damaged.warnings.join('\n')).toMatch(/checksum mismatch/);
    expect(damaged.answer).toBe(expected);
  });

  it('still starts, with warnings, when the snapshot can be neither read nor written', async () => {
    rmSync(snapshot);
    mkdirSync(snapshot); // a folder where the file should be: unreadable and not replaceable
    const blocked = await load();
    expect(blocked.lines[0]).toMatch(/^timetable: parsed GTFS \(snapshot unusable\)/);
    expect(blocked.warnings.some((w) => w.startsWith('timetable snapshot not written'))).toBe(true);
    expect(blocked.answer).toBe(expected);
    rmSync(snapshot, { recursive: true });
  });

  it('cairn build-region --region writes the snapshot and the prepared streets the planner then starts from', async () => {
    rmSync(snapshot, { force: true });
    rmSync(join(dir, REGION_STREETS_FILE), { force: true });
    rmSync(join(dir, REGION_STOP_SNAPS_FILE), { force: true });
    // Checked on the fixture's day: its calendar ends with 2026, and the build refuses an ended one.
    expect(await buildRegionCommand(['--region', dir, '--today', '2026-06-01'])).toBe(0);
    const started = await load();
    expect(started.lines[0]).toMatch(/^timetable: snapshot /);
    expect(started.lines[1]).toMatch(/^streets: car hierarchy and landmarks from /);
    expect(started.lines).toContainEqual(expect.stringMatching(/^stops: snapped to the streets, from /));
    expect(started.answer).toBe(expected);
  });
});
