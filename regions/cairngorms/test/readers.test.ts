// Feature under test: the demo region loads through the engine's own GTFS and OSM readers and its planner.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlanner } from '@cairn/engine';
// The readers (`@cairn/engine/region`) show every row-level warning, which the planner only counts.
import { loadOsmFile, readGtfsFeed } from '@cairn/engine/region';
import { generateDemoRegion } from '../generator/main.ts';

const dir = mkdtempSync(join(tmpdir(), 'cairn-demo-readers-'));

beforeAll(async () => {
  await generateDemoRegion({ outDir: dir, seed: 1, date: '2026-11-22' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('engine readers on the demo region', () => {
  it.each(['rail', 'bus', 'city', 'ferry', 'flex'])(
    'GTFS feed %s reads with no errors or warnings',
    (feed) => {
      const result = readGtfsFeed(join(dir, 'gtfs', feed), { feedId: feed });
      expect(result.warnings).toEqual([]);
      expect(result.ok).toBe(true);
    },
  );

  it('OSM extract reads with every way node present', () => {
    const osm = loadOsmFile(join(dir, 'cairngorms.osm'));
    expect(osm.warnings).toEqual([]);
    expect(osm.stats.missingNodeRefs).toBe(0);
    expect(osm.stats.highwayWays).toBeGreaterThan(500);
  });

  it('planner loads the region without warnings and finds the mountain bus', async () => {
    const planner = await loadPlanner(dir);
    expect(planner.warnings).toEqual([]);
    expect(planner.regionInfo().demo).toBe(true);
    expect(planner.autocomplete('Aviemore', 5).some((s) => s.label.startsWith('Aviemore'))).toBe(true);
    const brand = {
      brand: 'demo',
      title: 'Demo',
      shortTitle: 'Demo',
      contactEmail: 'demo@example.org',
      mailFrom: null,
      supportLink: null,
      appStoreLinks: { ios: null, android: null },
      showBreadcrumbs: true,
      showUpdatesFooter: false,
      showNeedHelp: false,
      showPois: true,
      enableUserAccounts: false,
      enableMultipleJourneyTypeFilter: false,
      blockedTravelTypes: [],
      appointmentMode: false,
      resultsDelaySec: 0,
      toiletDataNotice: null,
      adBannerUrl: null,
      tagManagerUrl: null,
      updatesFooter: null,
      needHelpUrl: null,
      footer: { address: [], quickLinks: [], socialLinks: [], supportedBy: [] },
      mapColours: { outbound: '#1f4e3d', return: '#c05600', accent: '#000000' },
      hosts: [],
      carClubPromo: true,
    };
    // Tuesday 24 November 2026, a normal weekday in the generated timetable.
    const { journeys } = await planner.plan(
      {
        origin: 'Aviemore',
        destination: 'Cairngorm Mountain',
        out_time: '2026/11/24 09:00:00',
        arrive_by_buffer: 30,
      },
      null,
      brand,
    );
    const bus = journeys.find((j) => j.depart.stages.includes('bus'));
    expect(bus, journeys.map((j) => j.depart.stages.join('+')).join(', ')).toBeDefined();
  });
});
