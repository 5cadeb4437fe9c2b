// Feature under test: street nodes take their heights from a GeoTIFF terrain model (British National Grid or WGS84), else from OSM ele tags, else stay unknown.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeArrayBuffer } from 'geotiff';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadStreets } from '../../src/cli/streets.ts';
import { readElevationRaster, sampleElevation, toRasterXY } from '../../src/osm/elevationRaster.ts';
import { loadOsmXml } from '../../src/loader/loadOsm.ts';
import { loadStreetData, streetDataLabel } from '../../src/loader/regionStreets.ts';

const dir = mkdtempSync(join(tmpdir(), 'cairn-elevation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NO_DATA = -9999;

/** A north-up Float32 GeoTIFF of `width`×`height` pixels whose pixel centres hold `height(x, y)`. */
function writeRaster(
  name: string,
  grid: { epsg: number; originX: number; originY: number; pixel: number; width: number; height: number },
  heightAt: (x: number, y: number) => number,
): string {
  const values = new Float32Array(grid.width * grid.height);
  for (let row = 0; row < grid.height; row++)
    for (let col = 0; col < grid.width; col++)
      values[row * grid.width + col] = heightAt(
        grid.originX + (col + 0.5) * grid.pixel,
        grid.originY - (row + 0.5) * grid.pixel,
      );
  const projected = grid.epsg === 27700;
  const bytes = writeArrayBuffer(values, {
    width: grid.width,
    height: grid.height,
    ModelPixelScale: [grid.pixel, grid.pixel, 0],
    ModelTiepoint: [0, 0, 0, grid.originX, grid.originY, 0],
    GTModelTypeGeoKey: projected ? 1 : 2,
    GTRasterTypeGeoKey: 1,
    ...(projected ? { ProjectedCSTypeGeoKey: grid.epsg } : { GeographicTypeGeoKey: grid.epsg }),
    SampleFormat: [3],
    BitsPerSample: [32],
    GDAL_NODATA: String(NO_DATA),
  });
  const path = join(dir, name);
  writeFileSync(path, new Uint8Array(bytes));
  return path;
}

/** One footway through the given nodes (lat, lon, optional ele tag). */
function osmWay(nodes: Array<{ lat: number; lon: number; ele?: number }>): string {
  const nodeXml = nodes.map(
    (n, i) =>
      `<node id="${i + 1}" lat="${n.lat}" lon="${n.lon}">${n.ele === undefined ? '' : `<tag k="ele" v="${n.ele}"/>`}</node>`,
  );
  const refs = nodes.map((_, i) => `<nd ref="${i + 1}"/>`).join('');
  return `<osm version="0.6">${nodeXml.join('')}<way id="1">${refs}<tag k="highway" v="footway"/></way></osm>`;
}

// A plane rising 1 m per 100 m east and 2 m per 100 m north: bilinear sampling is exact on it.
const bngPlane = (x: number, y: number): number => 200 + 0.01 * (x - 288_000) + 0.02 * (y - 810_000);
const BNG_GRID = { epsg: 27700, originX: 288_000, originY: 815_000, pixel: 50, width: 80, height: 100 };

describe('elevation raster', () => {
  it('converts WGS84 to the British National Grid (Ben Nevis summit, NN 16660 71254)', () => {
    const [x, y] = toRasterXY(27700, 56.796851, -5.003508);
    expect(Math.abs(x - 216_660)).toBeLessThan(50);
    expect(Math.abs(y - 771_254)).toBeLessThan(50);
  });

  it('samples a BNG raster bilinearly, and falls back to ele tags outside it and where it has no data', async () => {
    // The north-west corner (rows 0–9, columns 0–9) has no data.
    const path = writeRaster('bng.tif', BNG_GRID, (x, y) =>
      x < 288_500 && y > 814_500 ? NO_DATA : bngPlane(x, y),
    );
    const read = await readElevationRaster(path);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.raster.epsg).toBe(27700);
    const inside = [
      { lat: 57.18, lon: -3.83 },
      { lat: 57.19, lon: -3.82 },
    ];
    for (const p of inside) {
      const [x, y] = toRasterXY(27700, p.lat, p.lon);
      expect(sampleElevation(read.raster, p.lat, p.lon)).toBeCloseTo(bngPlane(x, y), 2);
    }
    const [cornerLat, cornerLon] = [57.2105, -3.8528]; // inside the no-data corner
    const [cx, cy] = toRasterXY(27700, cornerLat, cornerLon);
    expect(cx).toBeLessThan(288_400);
    expect(cy).toBeGreaterThan(814_600);
    expect(sampleElevation(read.raster, cornerLat, cornerLon)).toBeNaN();

    const osm = loadOsmXml(
      osmWay([
        { ...inside[0]!, ele: 999 }, // the raster wins over the tag
        inside[1]!,
        { lat: cornerLat, lon: cornerLon, ele: 321 }, // no data there: the tag
        { lat: 57.5, lon: -3.5, ele: 150 }, // outside the raster: the tag
        { lat: 57.51, lon: -3.5 }, // outside, no tag: unknown
      ]),
      'hills.osm',
      { elevation: read.raster },
    );
    expect(osm.stats.heights).toEqual({ fromRaster: 2, fromTags: 2, unknown: 1 });
    const ele = Array.from(osm.graph.shapeEle);
    const [x0, y0] = toRasterXY(27700, inside[0]!.lat, inside[0]!.lon);
    expect(ele[0]).toBeCloseTo(bngPlane(x0, y0), 1);
    expect(ele.slice(2)).toEqual([321, 150, Number.NaN]);
  });

  it('reads only the window around a box, with the same heights', async () => {
    const path = writeRaster('bng-window.tif', BNG_GRID, bngPlane);
    const full = await readElevationRaster(path);
    const part = await readElevationRaster(path, {
      minLat: 57.17,
      minLon: -3.84,
      maxLat: 57.19,
      maxLon: -3.81,
    });
    if (!full.ok || !part.ok) throw new Error('raster not read');
    expect(part.raster.width * part.raster.height).toBeLessThan(full.raster.width * full.raster.height);
    expect(sampleElevation(part.raster, 57.18, -3.83)).toBeCloseTo(
      sampleElevation(full.raster, 57.18, -3.83),
      3,
    );
  });

  it('samples a WGS84 raster', async () => {
    const plane = (lon: number, lat: number): number => 300 + 1000 * (lon + 3.9) + 500 * (lat - 57.1);
    const path = writeRaster(
      'wgs84.tif',
      { epsg: 4326, originX: -3.9, originY: 57.3, pixel: 0.001, width: 200, height: 200 },
      plane,
    );
    const read = await readElevationRaster(path);
    if (!read.ok) throw new Error(read.message);
    expect(sampleElevation(read.raster, 57.2, -3.8)).toBeCloseTo(plane(-3.8, 57.2), 2);
    expect(sampleElevation(read.raster, 57.5, -3.8)).toBeNaN();
  });

  it('gives a clear message for a missing file, a file that is not a GeoTIFF and an unsupported coordinate system', async () => {
    const missing = await readElevationRaster(join(dir, 'nope.tif'));
    expect(missing).toEqual({ ok: false, message: expect.stringMatching(/nope\.tif.*file not found/) });
    const junk = join(dir, 'junk.tif');
    writeFileSync(junk, 'not a tiff at all');
    const bad = await readElevationRaster(junk);
    expect(bad).toEqual({ ok: false, message: expect.stringMatching(/junk\.tif.*not a readable GeoTIFF/) });
    const mercator = writeRaster('mercator.tif', { ...BNG_GRID, epsg: 3857 }, () => 1);
    const crs = await readElevationRaster(mercator);
    expect(crs).toEqual({ ok: false, message: expect.stringMatching(/EPSG:3857.*not supported.*reproject/) });
    const outside = await readElevationRaster(mercator.replace('mercator', 'bng'), {
      minLat: 51,
      minLon: -1,
      maxLat: 51.1,
      maxLon: -0.9,
    });
    expect(outside).toEqual({ ok: false, message: expect.stringMatching(/does not cover/) });
  });

  it('changes the streets label (the snapshot fingerprint) when the raster changes', () => {
    const osmPath = join(dir, 'streets.osm');
    writeFileSync(
      osmPath,
      osmWay([
        { lat: 57, lon: -3 },
        { lat: 57.001, lon: -3 },
      ]),
    );
    const raster = writeRaster('label.tif', BNG_GRID, bngPlane);
    const before = streetDataLabel(osmPath, raster);
    expect(before).not.toBe(streetDataLabel(osmPath, undefined));
    writeRaster('label.tif', BNG_GRID, (x, y) => bngPlane(x, y) + 1);
    utimesSync(raster, new Date(), new Date(Date.now() + 5000));
    expect(streetDataLabel(osmPath, raster)).not.toBe(before);
  });
});

describe('elevation raster on the build and load paths', () => {
  const osmPath = join(dir, 'paths.osm');
  writeFileSync(
    osmPath,
    osmWay([
      { lat: 57.18, lon: -3.83 },
      { lat: 57.19, lon: -3.82, ele: 500 },
    ]),
  );

  it('loadStreetData (the server load path) rejects a missing or unreadable raster with its name', async () => {
    await expect(loadStreetData(osmPath, join(dir, 'gone.tif'))).rejects.toThrow(
      /elevation raster .*gone\.tif cannot be used: file not found/,
    );
    const junk = join(dir, 'junk2.tif');
    writeFileSync(junk, 'II*\u0000garbage');
    await expect(loadStreetData(osmPath, junk)).rejects.toThrow(/junk2\.tif cannot be used/);
    const ok = await loadStreetData(osmPath, writeRaster('load.tif', BNG_GRID, bngPlane));
    expect(ok.osm.stats.heights).toEqual({ fromRaster: 2, fromTags: 0, unknown: 0 });
    expect(ok.label).toMatch(/^streets paths\.osm:\d+:\d+ elevation load\.tif:\d+:\d+$/);
  });

  it('cairn build-region (loadStreets) says what is wrong with a raster, and how many heights it gave', async () => {
    const said: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      said.push(String(chunk));
      return true;
    });
    try {
      expect(await loadStreets(osmPath, join(dir, 'gone.tif'))).toBeUndefined();
      expect(said.join('')).toMatch(/error: elevation raster .*gone\.tif cannot be used: file not found/);
      said.length = 0;
      expect(await loadStreets(osmPath, writeRaster('cli.tif', BNG_GRID, bngPlane))).toBeDefined();
      expect(said.join('')).toMatch(
        /heights of street nodes: 2 from the raster, 0 from OSM ele tags, 0 unknown/,
      );
      said.length = 0;
      await loadStreets(osmPath);
      expect(said.join('')).toMatch(
        /heights of street nodes: 0 from the raster, 1 from OSM ele tags, 1 unknown/,
      );
    } finally {
      spy.mockRestore();
    }
  });
});
