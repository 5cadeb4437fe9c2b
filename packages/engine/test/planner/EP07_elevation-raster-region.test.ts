// Feature under test: a region folder's elevation raster (region.json osm.elevation) gives the streets their heights on the server load path, and a new raster rebuilds the snapshot.
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeArrayBuffer } from 'geotiff';
import { describe, expect, it } from 'vitest';
import { loadPlanner } from '../../src/planner/loadPlanner.ts';
import { demoRegionDir, loadDemoPlanner, planBetween } from '../support/demoRegion.ts';

const dir = demoRegionDir('cairn-demo-raster-', (d) => {
  const regionFile = join(d, 'region.json');
  const region = JSON.parse(readFileSync(regionFile, 'utf8')) as { osm: Record<string, string> };
  region.osm.elevation = 'elevation.tif';
  writeFileSync(regionFile, JSON.stringify(region, null, 2));
  writeLevelRaster(300);
});
const raster = join(dir, 'elevation.tif');

/** A level WGS84 terrain model at `heightM` over the demo region (0.01° pixels). */
function writeLevelRaster(heightM: number): void {
  const width = 400;
  const height = 250;
  const bytes = writeArrayBuffer(new Float32Array(width * height).fill(heightM), {
    width,
    height,
    ModelPixelScale: [0.01, 0.01, 0],
    ModelTiepoint: [0, 0, 0, -5.5, 58, 0],
    GTModelTypeGeoKey: 2,
    GTRasterTypeGeoKey: 1,
    GeographicTypeGeoKey: 4326,
    SampleFormat: [3],
    BitsPerSample: [32],
  });
  writeFileSync(raster, new Uint8Array(bytes));
}

async function load(): Promise<{ notes: string[]; cycleSec: (from: string, to: string) => Promise<number> }> {
  const notes: string[] = [];
  const planner = await loadDemoPlanner(dir, (m) => notes.push(m));
  const cycleSec = async (from: string, to: string): Promise<number> => {
    const js = await planBetween(planner, from, to, { out_time: '2026/11/24 10:00:00' });
    const cycle = js.find((j) => j.depart.stages.join('>') === 'cycle')?.depart.steps[0];
    if (!cycle) throw new Error('no direct cycle option');
    expect(cycle.ascent_m).toBe(0);
    return cycle.duration.value;
  };
  return { notes, cycleSec };
}

describe('a region folder with an elevation raster', () => {
  it('takes heights from the raster over the OSM ele tags, and rebuilds the snapshot when the raster changes', async () => {
    const first = await load();
    expect(first.notes.join('\n')).toMatch(/parsed GTFS/);
    // The level raster overrides the demo's hilly ele tags: up and down take the same time.
    const up = await first.cycleSec('Aviemore', 'Cairngorm Mountain');
    const down = await first.cycleSec('Cairngorm Mountain', 'Aviemore');
    expect(Math.abs(up - down)).toBeLessThanOrEqual(60);

    const again = await load();
    expect(again.notes.join('\n')).toMatch(/timetable: snapshot/);

    writeLevelRaster(310);
    utimesSync(raster, new Date(), new Date(Date.now() + 5000));
    const changed = await load();
    expect(changed.notes.join('\n')).toMatch(/parsed GTFS \+ TransXChange \(snapshot is out of date/);
  });

  it('refuses to start on a configured raster that cannot be read, naming it', async () => {
    writeFileSync(raster, 'not a tiff');
    await expect(loadPlanner(dir, { log: () => undefined })).rejects.toThrow(/elevation\.tif cannot be used/);
  });
});
