// Feature under test: the plan bench's generated large region plans the same searches, with the same answers, whether just written (planner from GTFS) or reused from its folder (planner from the snapshot).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrandSettings, SearchRequest } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LARGE_DATE,
  largeRegionHubs,
  pickLargePairs,
  readLargeRegion,
  writeLargeRegion,
} from '../../bench/planLarge.ts';
import type { LargeRegion } from '../../bench/planLarge.ts';
import { loadPlanner } from '../../src/planner/loadPlanner.ts';
import type { Planner } from '../../src/planner/loadPlanner.ts';

const brand = BrandSettings.parse(
  JSON.parse(readFileSync(new URL('../../../../brands/default/brand.json', import.meta.url), 'utf8')),
);
// 2% of the Scotland-scale bench network: 800 stops, 8 towns.
const SCALE = 0.02;
const NOW_MS = Date.UTC(2026, 5, 1, 9, 0);

let dir = '';
let written: LargeRegion;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cairn-ep30-'));
  written = writeLargeRegion(dir, SCALE);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The bench's request shape: out at 09:10 on the network's day, back at 17:00. */
function requestOf([a, b]: ReturnType<typeof pickLargePairs>[number]): SearchRequest {
  const d = String(LARGE_DATE);
  const day = `${d.slice(0, 4)}/${d.slice(4, 6)}/${d.slice(6)}`;
  return SearchRequest.parse({
    origin: a.name,
    destination: b.name,
    origin_location: { lat: a.lat, lng: a.lon },
    destination_location: { lat: b.lat, lng: b.lon },
    out_time: `${day} 09:10:00`,
    return_time: `${day} 17:00:00`,
    has_access_to_car: true,
  });
}

async function answers(planner: Planner, requests: SearchRequest[]): Promise<string[]> {
  const out: string[] = [];
  // Journey ids are not part of the answer compared (EP03 does the same).
  for (const r of requests)
    out.push(JSON.stringify((await planner.plan(r, null, brand)).journeys.map((j) => ({ ...j, id: '' }))));
  return out;
}

describe('P30 the generated large region, fresh and reused', () => {
  it('gives the same stops and search ends as the folder read back (coordinates as in stops.txt)', () => {
    const reused = readLargeRegion(dir, largeRegionHubs(SCALE));
    expect(written.stops).toHaveLength(800);
    expect(written.stops).toEqual(reused.stops);
    expect(pickLargePairs(written, 12)).toEqual(pickLargePairs(reused, 12));
  });

  it('is answered alike by a planner from GTFS and one from the snapshot it wrote', async () => {
    const requests = pickLargePairs(written, 6).map(requestOf);
    const lines: string[] = [];
    const fromGtfs = await loadPlanner(dir, { now: () => NOW_MS, log: (m) => lines.push(m) });
    const gtfsAnswers = await answers(fromGtfs, requests);
    const fromSnapshot = await loadPlanner(dir, { now: () => NOW_MS, log: (m) => lines.push(m) });
    const timetableLines = lines.filter((l) => l.startsWith('timetable:'));
    expect(timetableLines[0]).toContain('parsed GTFS');
    expect(timetableLines[1]).toContain('snapshot');
    expect(gtfsAnswers.some((a) => a !== '[]')).toBe(true);
    expect(await answers(fromSnapshot, requests)).toEqual(gtfsAnswers);
  });
});
