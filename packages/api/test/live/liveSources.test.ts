import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { planLiveSources } from '../../src/live/liveSources.ts';
import { DEMO_REGION, demoRegionBuilt } from '../helpers/demoEngine.ts';

const source = {
  feedId: 'bus',
  kind: 'trip-updates',
  url: 'https://feeds.example/bus.pb?key=k',
  pollSec: 0.5,
  maxAgeSec: 120,
};

describe('planLiveSources', () => {
  it('LIVE_FEEDS=off turns live running off', async () => {
    expect(await planLiveSources(loadConfig({ LIVE_FEEDS: 'off' }))).toMatchObject({ kind: 'off' });
  });

  it('LIVE_FEEDS_JSON replaces the sources, and LIVE_POLL_SEC is the shortest interval', async () => {
    const config = loadConfig({
      LIVE_FEEDS_JSON: JSON.stringify([
        source,
        { ...source, url: 'http://b.example/', headers: { 'x-key': 'k' } },
      ]),
      LIVE_POLL_SEC: '2',
    });
    expect(await planLiveSources(config)).toEqual({
      kind: 'sources',
      sources: [
        { ...source, source: source.url, pollSec: 2, headers: {} },
        {
          ...source,
          source: 'http://b.example/',
          url: 'http://b.example/',
          pollSec: 2,
          headers: { 'x-key': 'k' },
        },
      ],
    });
  });

  it.skipIf(!demoRegionBuilt)(
    'unset: the simulator for the default demo region, off for a region that names no feed',
    async () => {
      expect(await planLiveSources(loadConfig({}))).toEqual({ kind: 'simulator' });
      expect(await planLiveSources(loadConfig({ REGION_DIR: DEMO_REGION }))).toMatchObject({
        kind: 'off',
        why: expect.stringContaining('feeds[].realtime[]'),
      });
      expect(await planLiveSources(loadConfig({ LIVE_FEEDS: 'simulator', REGION_DIR: DEMO_REGION }))).toEqual(
        {
          kind: 'simulator',
        },
      );
    },
  );

  it.skipIf(!demoRegionBuilt)("polls the region's feeds[].realtime[] with their headers", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cairn-live-region-'));
    try {
      const region = JSON.parse(readFileSync(join(DEMO_REGION, 'region.json'), 'utf8')) as {
        feeds: { id: string; realtime?: unknown[] }[];
      };
      // The demo region's files beside a region.json that names a realtime feed.
      for (const entry of readdirSync(DEMO_REGION))
        if (entry !== 'region.json') symlinkSync(join(DEMO_REGION, entry), join(dir, entry));
      region.feeds.find((f) => f.id === 'bus')!.realtime = [
        { kind: 'trip-updates', url: 'https://feeds.example/tu', headers: { 'x-api-key': 'k' } },
      ];
      writeFileSync(join(dir, 'region.json'), JSON.stringify(region));
      expect(await planLiveSources(loadConfig({ REGION_DIR: dir, LIVE_FEEDS: 'region' }))).toEqual({
        kind: 'sources',
        sources: [
          {
            source: 'https://feeds.example/tu',
            feedId: 'bus',
            kind: 'trip-updates',
            url: 'https://feeds.example/tu',
            pollSec: 30,
            maxAgeSec: 300,
            headers: { 'x-api-key': 'k' },
          },
        ],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a LIVE_FEEDS or LIVE_FEEDS_JSON it cannot read, at start', () => {
    expect(() => loadConfig({ LIVE_FEEDS: 'sometimes' })).toThrow(
      /LIVE_FEEDS must be off, region or simulator/,
    );
    expect(() => loadConfig({ LIVE_FEEDS_JSON: '[{' })).toThrow(/LIVE_FEEDS_JSON is not JSON/);
    expect(() => loadConfig({ LIVE_FEEDS_JSON: JSON.stringify([{ ...source, kind: 'trips' }]) })).toThrow(
      /LIVE_FEEDS_JSON must be a list .*0\.kind/,
    );
  });
});
