// Feature under test: region.json validation and cross-checks with field-level errors.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRegionConfig, parseRegionConfig } from '../../src/region/loadRegionConfig.ts';
import type { RegionConfigInput } from '../../src/region/regionConfig.ts';
import { regionLiveSources } from '../../src/realtime/liveStore.ts';
import { square } from '../support/region.ts';

function minimalRegion(): RegionConfigInput {
  return {
    schemaVersion: 1,
    id: 'tiny',
    name: 'Tiny region',
    demo: true,
    timeZone: 'Europe/London',
    currency: 'GBP',
    bbox: { minLat: 57, minLon: -4, maxLat: 57.3, maxLon: -3.6 },
    map: { centre: { lat: 57.19, lon: -3.83 }, zoom: 11 },
    feeds: [{ id: 'bus', name: 'Buses', path: 'gtfs/bus' }],
    osm: { path: 'tiny.osm' },
    operators: [{ id: 'op1', name: 'Demo Buses', modes: ['bus'], website: 'https://example.org/' }],
    taxi: {
      operators: [
        {
          id: 't1',
          name: 'Demo Taxis',
          phone: '01479 000000',
          area: { kind: 'circle', centre: { lat: 57.19, lon: -3.83 }, radiusM: 8000 },
        },
      ],
      tariff: {
        flagFallPence: 300,
        perMilePence: 200,
        perMinuteWaitingPence: 40,
        night: { from: '22:00', to: '06:00', upliftPercent: 50 },
        holidayUpliftPercent: 50,
      },
    },
    carClub: {
      providers: [
        {
          id: 'a',
          name: 'A',
          website: 'https://a.example/',
          promoLink: 'https://a.example/p',
          logo: 'a.svg',
          tariff: { perHourPence: 500, perMilePence: 20 },
        },
        {
          id: 'b',
          name: 'B',
          website: 'https://b.example/',
          promoLink: 'https://b.example/p',
          logo: 'b.svg',
          tariff: { perHourPence: 600, perMilePence: 0 },
        },
      ],
      bays: [{ id: 'bay1', name: 'Station', lat: 57.19, lon: -3.83, providerId: 'a' }],
    },
    flexibleServices: [
      {
        id: 'drt1',
        kind: 'drt',
        name: 'Demo DRT',
        operatorId: 'op1',
        zone: square(-3.83, 57.19),
        days: ['mon', 'tue'],
        hours: { start: '07:00', end: '19:00' },
        booking: { website: 'https://example.org/book', phone: '01479 000001', advanceBookingMin: 60 },
        fare: { adultSinglePence: 300, childSinglePence: 150, concessionsFree: true },
      },
    ],
    fares: {
      rules: [
        {
          id: 'bus-distance',
          kind: 'distance',
          description: 'Bus fares by distance',
          appliesTo: { modes: ['bus'] },
          bands: [
            { upToKm: 5, singlePence: 200, returnPence: 350 },
            { upToKm: 20, singlePence: 450, returnPence: 800 },
          ],
        },
      ],
      concessions: {
        nationalEntitlementCard: { freeModes: ['bus'], description: 'Free bus travel' },
        youngScot: { under22FreeModes: ['bus'], railDiscountPercent: 50 },
        railcards: [{ name: '16-25 Railcard', discountPercent: 34 }],
      },
    },
    ownCar: {
      runningCostPerMilePence: 25,
      parking: { defaultPerHourPence: 150, maxPerDayPence: 600, stationParkAndRideFree: true },
    },
  };
}

describe('region config', () => {
  it('accepts a minimal valid region and fills defaults', () => {
    const { config, warnings } = parseRegionConfig(minimalRegion());
    expect(warnings).toEqual([]);
    expect(config?.flexibleServices[0]?.speedKmh).toBe(35);
    expect(config?.fares.rules[0]?.childPercent).toBe(50);
  });

  it('reports a bad field with its JSON path', () => {
    const bad = minimalRegion() as Record<string, unknown>;
    (bad.taxi as { tariff: { night: { from: string } } }).tariff.night.from = '25:00';
    const { config, warnings } = parseRegionConfig(bad, 'region.json');
    expect(config).toBeUndefined();
    expect(warnings.map((w) => w.path)).toEqual(['taxi.tariff.night.from']);
    expect(warnings[0]?.severity).toBe('error');
  });

  it('rejects a time zone the runtime does not know, and takes one it does', () => {
    const bad = { ...minimalRegion(), timeZone: 'Europe/Aviemore' };
    const { config, warnings } = parseRegionConfig(bad);
    expect(config).toBeUndefined();
    expect(warnings).toEqual([
      expect.objectContaining({ path: 'timeZone', message: 'unknown time zone "Europe/Aviemore"' }),
    ]);
    expect(parseRegionConfig({ ...minimalRegion(), timeZone: 'America/New_York' }).warnings).toEqual([]);
  });

  it('rejects a misspelt field instead of ignoring it', () => {
    const bad = minimalRegion() as unknown as { taxi: { tariff: Record<string, unknown> } };
    bad.taxi.tariff.flagFall = 300;
    const { config, warnings } = parseRegionConfig(bad);
    expect(config).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.path).toBe('taxi.tariff');
    expect(warnings[0]?.message).toMatch(/flagFall/);
  });

  it('reports dangling references and unordered distance bands', () => {
    const bad = minimalRegion();
    bad.carClub!.bays[0]!.providerId = 'nobody';
    const rule = bad.fares!.rules![0]!;
    if (rule.kind !== 'distance') throw new Error('fixture changed');
    rule.bands.reverse();
    const { config, warnings } = parseRegionConfig(bad);
    expect(config).toBeUndefined();
    expect(warnings.map((w) => w.path).sort()).toEqual([
      'carClub.bays.0.providerId',
      'fares.rules.0.bands.1.upToKm',
    ]);
  });

  it('rejects an open polygon ring', () => {
    const bad = minimalRegion();
    bad.flexibleServices![0]!.zone.coordinates[0]!.pop();
    const { warnings } = parseRegionConfig(bad);
    expect(warnings.some((w) => w.path.startsWith('flexibleServices.0.zone.coordinates'))).toBe(true);
  });

  it('loads from a folder and checks named files exist', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-region-'));
    writeFileSync(join(dir, 'region.json'), JSON.stringify(minimalRegion()));
    const missing = await loadRegionConfig(dir);
    expect(missing.config).toBeUndefined();
    expect(missing.warnings.map((w) => w.path).sort()).toEqual(['feeds.0.path', 'osm.path']);

    mkdirSync(join(dir, 'gtfs/bus'), { recursive: true });
    writeFileSync(join(dir, 'tiny.osm'), '<osm/>');
    writeFileSync(join(dir, 'region.json'), '\uFEFF' + JSON.stringify(minimalRegion()));
    const ok = await loadRegionConfig(dir);
    expect(ok.warnings).toEqual([]);
    expect(ok.config?.id).toBe('tiny');

    const withRaster = { ...minimalRegion(), osm: { path: 'tiny.osm', elevation: 'terrain.tif' } };
    writeFileSync(join(dir, 'region.json'), JSON.stringify(withRaster));
    const noRaster = await loadRegionConfig(dir);
    expect(noRaster.config).toBeUndefined();
    expect(noRaster.warnings).toEqual([
      expect.objectContaining({ path: 'osm.elevation', message: 'elevation raster not found: terrain.tif' }),
    ]);
  });

  it('reports unreadable or malformed files as errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-region-'));
    expect((await loadRegionConfig(dir)).warnings[0]?.message).toMatch(/cannot read/);
    writeFileSync(join(dir, 'region.json'), '{ nope');
    expect((await loadRegionConfig(dir)).warnings[0]?.message).toMatch(/not valid JSON/);
  });
});

describe('GTFS-realtime feeds in region.json', () => {
  const withRealtime = (realtime: unknown[]) => {
    const r = minimalRegion();
    return { ...r, feeds: [{ ...r.feeds[0]!, realtime }] };
  };

  it('are optional, take defaults, and become the sources a poller fetches', () => {
    expect(parseRegionConfig(minimalRegion()).config?.feeds[0]?.realtime).toBeUndefined();
    const { config } = parseRegionConfig(
      withRealtime([
        { kind: 'trip-updates', url: 'https://rt.example/tu', headers: { 'x-api-key': 'k' } },
        { kind: 'service-alerts', url: 'https://rt.example/sa', pollSec: 60, maxAgeSec: 900 },
      ]),
    );
    expect(regionLiveSources(config!)).toEqual([
      {
        source: 'https://rt.example/tu',
        feedId: 'bus',
        kind: 'trip-updates',
        url: 'https://rt.example/tu',
        pollSec: 30,
        maxAgeSec: 300,
        headers: { 'x-api-key': 'k' },
      },
      {
        source: 'https://rt.example/sa',
        feedId: 'bus',
        kind: 'service-alerts',
        url: 'https://rt.example/sa',
        pollSec: 60,
        maxAgeSec: 900,
        headers: {},
      },
    ]);
  });

  it('refuse an unknown kind, a bad URL, a too-quick poll and unknown fields, naming the field', () => {
    for (const [feed, path] of [
      [{ kind: 'trip-update', url: 'https://rt.example/tu' }, 'feeds.0.realtime.0.kind'],
      [{ kind: 'trip-updates', url: 'not a url' }, 'feeds.0.realtime.0.url'],
      [{ kind: 'trip-updates', url: 'https://rt.example/tu', pollSec: 1 }, 'feeds.0.realtime.0.pollSec'],
      [{ kind: 'trip-updates', url: 'https://rt.example/tu', apiKey: 'k' }, 'feeds.0.realtime.0'],
    ] as const) {
      const { config, warnings } = parseRegionConfig(withRealtime([feed]));
      expect(config).toBeUndefined();
      expect(warnings.map((w) => w.path)).toContain(path);
    }
  });
});
