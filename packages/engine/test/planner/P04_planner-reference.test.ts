// Feature under test: plan()'s earliest walk + public transport option against an independent connection scan (issue #14).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoRegion } from '../../../../regions/cairngorms/generator/main.ts';
import { writeLargeRegion } from '../../bench/planLarge.ts';
import type { LargeRegion } from '../../bench/planLarge.ts';
import { compareSearch, formatTable, loadReferenceRegion } from './reference/plannerReference.ts';
import { listLargeSearches, listRandomSearches } from './reference/searches.ts';
import type { ComparedSearch, Place, ReferenceRegion } from './reference/plannerReference.ts';

/*
 * For each search: the reference (reference/connectionScan.ts over the region's own GTFS, with the
 * planner's walking access, footpaths and documented limits, see reference/plannerReference.ts)
 * gives the earliest arrival by walking and public transport. plan() must offer a walk + public
 * transport option arriving no later, and must offer one at all whenever the reference finds one.
 * Searches the reference cannot answer within the limits are only counted.
 */

/** Runs the searches and fails with a table of every search plan() answered worse than the reference. */
async function expectNoWorseThanReference(r: ReferenceRegion, searches: Array<[Place, Place, string]>) {
  const rows: ComparedSearch[] = [];
  for (const [from, to, out] of searches) rows.push(await compareSearch(r, from, to, out));
  const failed = rows.filter((c) => c.verdict === 'late' || c.verdict === 'missing');
  const answered = rows.filter((c) => c.verdict !== 'no reference journey').length;
  const message =
    `${failed.length} of ${answered} searches the reference answers (${rows.length} searches) come out later ` +
    `in plan() or not at all:\n${formatTable(r, failed)}`;
  expect(failed.length, message).toBe(0);
  return { rows, answered };
}

describe('P04 planner against a connection-scan reference: demo region', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-p04-demo-'));
  let r: ReferenceRegion;
  beforeAll(async () => {
    await generateDemoRegion({ outDir: dir, seed: 1, date: '2026-11-22' });
    // Searched the day the demo calendar starts, so every booking window is still open.
    r = await loadReferenceRegion(dir, Date.UTC(2026, 10, 22, 9, 0));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const place = (q: string): Place => {
    const s = r.planner.autocomplete(q, 1)[0];
    if (!s) throw new Error(`cannot place ${q}`);
    return { name: s.label, lat: s.location.lat, lng: s.location.lng };
  };

  it('60 random searches (stops, towns, addresses; weekdays and weekends; 05:00–21:00) arrive no later than the reference', async () => {
    const searches = listRandomSearches(r, 60, 14);
    const { answered } = await expectNoWorseThanReference(r, searches);
    // Not vacuous: most searches have a reference journey.
    expect(answered).toBeGreaterThan(20);
  });

  // The searches of issue #14, which the planner's detour filter got wrong.
  const tuesday = '2026/11/24 08:00:00';
  it('Aviemore → Braemar arrives at the timetable earliest', async () => {
    await expectNoWorseThanReference(r, [[place('Aviemore'), place('Braemar'), tuesday]]);
  });
  it('Kingussie → Dundee arrives at the timetable earliest', async () => {
    await expectNoWorseThanReference(r, [[place('Kingussie'), place('Dundee'), tuesday]]);
  });
  it('Aviemore → Aberdeen arrives at the timetable earliest', async () => {
    await expectNoWorseThanReference(r, [[place('Aviemore'), place('Aberdeen'), tuesday]]);
  });
  it('Blair Atholl → Braemar finds a journey', async () => {
    const { rows } = await expectNoWorseThanReference(r, [
      [place('Blair Atholl'), place('Braemar'), tuesday],
    ]);
    expect(rows[0]?.plan.walkAndTransit.length).toBeGreaterThan(0);
  });
  it('Blair Atholl → Aberdeen on a Sunday returns results', async () => {
    const { rows } = await expectNoWorseThanReference(r, [
      [place('Blair Atholl'), place('Aberdeen'), '2026/11/29 08:00:00'],
    ]);
    expect(rows[0]?.plan.journeys.length).toBeGreaterThan(0);
  });
});

describe('P04 planner against a connection-scan reference: generated large network', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cairn-p04-large-'));
  let r: ReferenceRegion;
  let region: LargeRegion;
  beforeAll(async () => {
    // 5% of the Scotland-scale bench network (2,000 stops, 20 towns, about 7,700 trips) with its roads.
    region = writeLargeRegion(dir, 0.05);
    r = await loadReferenceRegion(dir, Date.UTC(2026, 4, 27));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('16 searches between towns and stops arrive no later than the reference', async () => {
    const searches = listLargeSearches(region, 16);
    const { answered } = await expectNoWorseThanReference(r, searches);
    expect(answered).toBeGreaterThan(6);
  });
});
