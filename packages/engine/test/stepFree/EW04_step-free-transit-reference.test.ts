// Feature under test: a step-free plan() arrives no later than the connection-scan reference run on the demo GTFS with inaccessible stops and trips removed and step-free walks at the ends (issue #19).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/gtfs/csv.ts';
import { stepFreeRegionData } from '../../src/loader/stepFreeData.ts';
import { STEP_FREE_WALK_FACTOR } from '../../src/stepFree/streetProfile.ts';
import { compareSearch, formatTable, loadReferenceRegion } from '../planner/reference/plannerReference.ts';
import type { ComparedSearch, ReferenceRegion } from '../planner/reference/plannerReference.ts';
import { listRandomSearches } from '../planner/reference/searches.ts';
import { demoRegionDir } from '../support/demoRegion.ts';

/** Rows of a GTFS text file as records (the engine's CSV reader used as a parser only). */
function readRows(path: string): { header: string[]; rows: string[][] } {
  const out = { header: [] as string[], rows: [] as string[][] };
  parseCsv(readFileSync(path, 'utf8'), {
    header: (names) => void (out.header = names),
    row: (fields) => void out.rows.push([...fields]),
  });
  return out;
}
const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const writeRows = (path: string, header: string[], rows: string[][]) =>
  writeFileSync(path, [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n');

/**
 * A copy of a feed a wheelchair user can ride: trips marked not accessible (wheelchair_accessible 2)
 * are gone, and nobody boards or alights at a stop marked not accessible (wheelchair_boarding 2,
 * or unknown under a parent station marked 2). Unknown stays usable, as in the planner.
 */
function writeAccessibleFeed(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const f of readdirSync(from)) copyFileSync(join(from, f), join(to, f));
  const stops = readRows(join(from, 'stops.txt'));
  const col = (t: { header: string[] }, name: string) => t.header.indexOf(name);
  const value = new Map(stops.rows.map((r) => [r[0]!, r[col(stops, 'wheelchair_boarding')] ?? '']));
  const parent = new Map(stops.rows.map((r) => [r[0]!, r[col(stops, 'parent_station')] ?? '']));
  const blocked = (id: string) => {
    const own = value.get(id) ?? '';
    return own === '2' || ((own === '' || own === '0') && value.get(parent.get(id) ?? '') === '2');
  };
  const trips = readRows(join(from, 'trips.txt'));
  const gone = new Set(
    trips.rows
      .filter((r) => r[col(trips, 'wheelchair_accessible')] === '2')
      .map((r) => r[col(trips, 'trip_id')]!),
  );
  writeRows(
    join(to, 'trips.txt'),
    trips.header,
    trips.rows.filter((r) => !gone.has(r[col(trips, 'trip_id')]!)),
  );
  const times = readRows(join(from, 'stop_times.txt'));
  const [trip, stop, pick, drop] = ['trip_id', 'stop_id', 'pickup_type', 'drop_off_type'].map((n) =>
    col(times, n),
  );
  writeRows(
    join(to, 'stop_times.txt'),
    times.header,
    times.rows
      .filter((r) => !gone.has(r[trip!]!))
      .map((r) => (blocked(r[stop!]!) ? r.map((v, i) => (i === pick || i === drop ? '1' : v)) : r)),
  );
}

describe('W04 step-free planner against the transit reference without inaccessible stops and trips', () => {
  let r: ReferenceRegion;
  const dir = demoRegionDir('cairn-w04-', async (d) => {
    r = await loadReferenceRegion(d, Date.UTC(2026, 10, 22, 9, 0), {
      feedPath: (id, path) => {
        // The TransXChange feed says nothing of step-free access: all unknown, all usable.
        if (!existsSync(join(path, 'stops.txt'))) return path;
        const out = join(d, 'step-free-gtfs', id);
        writeAccessibleFeed(path, out);
        return out;
      },
      data: (data) => stepFreeRegionData(data, true),
      walkTransferFactor: STEP_FREE_WALK_FACTOR,
      stepFree: true,
    });
  });

  it('40 random step-free searches arrive no later than the reference', async () => {
    expect(dir).toBeTruthy();
    const rows: ComparedSearch[] = [];
    for (const [from, to, out] of listRandomSearches(r, 40, 19))
      rows.push(await compareSearch(r, from, to, out, { step_free: true }));
    const failed = rows.filter((c) => c.verdict === 'late' || c.verdict === 'missing');
    const answered = rows.filter((c) => c.verdict !== 'no reference journey').length;
    expect(
      failed.length,
      `${failed.length} of ${answered} come out later or not at all:\n${formatTable(r, failed)}`,
    ).toBe(0);
    expect(answered).toBeGreaterThan(15);
  });

  // Unknown stays usable: stops without step-free data (Dufftown, Carrbridge, Dalwhinnie) on the only routes there.
  it('searches to stops with no step-free data arrive no later than the reference', async () => {
    const place = (q: string) => {
      const s = r.planner.autocomplete(q, 1)[0]!;
      return { name: s.label, lat: s.location.lat, lon: s.location.lng };
    };
    const rows: ComparedSearch[] = [];
    for (const [from, to, out] of [
      ['Keith', 'Dufftown', '2026/11/25 14:00:00'],
      ['Aviemore', 'Carrbridge', '2026/11/24 08:00:00'],
      ['Aviemore', 'Dalwhinnie', '2026/11/24 08:00:00'],
    ] as const)
      rows.push(await compareSearch(r, place(from), place(to), out, { step_free: true }));
    const failed = rows.filter((c) => c.verdict !== 'ok');
    expect(failed.length, formatTable(r, failed)).toBe(0);
  });
});
