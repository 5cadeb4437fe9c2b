// Feature under test: a planner over bare GTFS feeds (loadPlannerFromFeeds): default region config, straight-line walks without OSM, valid Journey documents.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrandSettings, Journey, SearchRequest } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { loadPlannerFromFeeds } from '../../src/planner/loadPlanner.ts';
import { baseFeed } from '../support/inlineFeed.ts';

const brand = BrandSettings.parse(
  JSON.parse(readFileSync(new URL('../../../../brands/default/brand.json', import.meta.url), 'utf8')),
);

function writeFeed(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'cairn-feeds-')), 'buses');
  mkdirSync(dir);
  for (const [name, text] of Object.entries(baseFeed()))
    writeFileSync(join(dir, name), text.replace(/^[ \t]+/gm, ''));
  return dir;
}

describe('planner over feeds without region.json', () => {
  const feed = writeFeed();

  it('boxes the region around the served stops and takes the feed time zone', () => {
    const loaded = loadPlannerFromFeeds([{ path: feed }], { log: () => {} });
    if (!loaded.ok) throw new Error(loaded.message);
    const info = loaded.planner.regionInfo();
    expect(info.name).toBe('GTFS buses');
    expect(info.demo).toBe(false);
    // Alpha 57.00 to Charlie 57.02 (Delta is served by no trip), plus 2 km either side.
    expect(info.bbox[1]).toBeCloseTo(57 - 2000 / 111_195, 4);
    expect(info.bbox[3]).toBeCloseTo(57.02 + 2000 / 111_195, 4);
    expect(loaded.planner.warnings).toEqual([
      expect.stringMatching(/no street map: walks are straight lines/),
    ]);
  });

  it('plans a straight-line walk and the bus with straight-line walks to and from it', async () => {
    const loaded = loadPlannerFromFeeds([{ path: feed }], { log: () => {} });
    if (!loaded.ok) throw new Error(loaded.message);
    const { journeys } = await loaded.planner.plan(
      SearchRequest.parse({
        origin: 'Near Alpha',
        destination: 'Near Charlie',
        origin_location: { lat: 57.0005, lng: -3.8 },
        destination_location: { lat: 57.0195, lng: -3.8 },
        out_time: '2026/06/03 08:50:00',
      }),
      null,
      brand,
    );
    for (const j of journeys) Journey.parse(j);
    expect(journeys.map((j) => j.transport_mode).sort()).toEqual(['transit', 'walk']);
    const bus = journeys.find((j) => j.transport_mode === 'transit')!;
    expect(bus.depart.steps.map((s) => s.type)).toEqual(['walk', 'bus', 'walk']);
    expect(bus.depart.steps[1]).toMatchObject({
      departure_time: '09:00',
      arrival_time: '09:20',
      service_number: '1',
    });
    for (const s of bus.depart.steps.filter((x) => x.type === 'walk'))
      expect(s.description).toMatch(/no mapped path/);
    expect(bus.cost).toBe('unknown');
  });

  it('a missing OSM file is an error value, not an exception', () => {
    const loaded = loadPlannerFromFeeds([{ path: feed }], { osmPath: join(feed, 'nope.osm'), log: () => {} });
    expect(loaded).toMatchObject({
      ok: false,
      message: expect.stringMatching(/OSM file .*nope\.osm not found/),
    });
  });
});
