import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { fromArrayBuffer } from 'geotiff';
import proj4 from 'proj4';
import { BRITISH_NATIONAL_GRID } from '../geo/ukGrids.ts';

/*
 * An operator-supplied terrain model (a GeoTIFF such as Ordnance Survey's OS Terrain 50) gives
 * heights to street nodes where OSM has none: read with the `geotiff` library, sampled bilinearly.
 * Supported coordinate systems: WGS84 / ETRS89 latitude-longitude (EPSG:4326, EPSG:4258; the two
 * differ by under a metre in Britain) and the British National Grid (EPSG:27700, what OS Terrain 50
 * uses). BNG positions come from `proj4` with the EPSG:27700 definition: Airy 1830 transverse
 * Mercator and the Ordnance Survey's published 7-parameter WGS84→OSGB36 Helmert transformation
 * (OS, "A guide to coordinates and coordinate systems in Great Britain"; good to a few metres, far
 * finer than a 50 m height grid needs). Other systems are refused with a message saying to reproject.
 */

/** EPSG codes of the coordinate systems Cairn can sample. */
export const SUPPORTED_RASTER_CRS = [4326, 4258, 27700] as const;

/**
 * A terrain model held in memory (only the window around the region):
 *
 *   heights  Float32[width*height]  row by row from the top; NaN where the file has no data
 *   pixel (col,row) centre = (originX + (col + 0.5)·pixelX, originY + (row + 0.5)·pixelY) in `epsg` units
 */
export interface ElevationRaster {
  file: string;
  epsg: (typeof SUPPORTED_RASTER_CRS)[number];
  width: number;
  height: number;
  originX: number;
  originY: number;
  pixelX: number;
  /** Negative for the usual north-up rasters. */
  pixelY: number;
  heights: Float32Array;
}

/** A WGS84 box to read the raster around (the region's bounding box). */
export interface LatLonBox {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

export type ElevationRasterResult = { ok: true; raster: ElevationRaster } | { ok: false; message: string };

/** WGS84 latitude/longitude to the raster's coordinates (x, y). */
export function toRasterXY(epsg: ElevationRaster['epsg'], lat: number, lon: number): [number, number] {
  if (epsg === 27700) {
    const [x, y] = proj4('WGS84', BRITISH_NATIONAL_GRID, [lon, lat]);
    return [x!, y!];
  }
  return [lon, lat];
}

/**
 * Reads a single-band GeoTIFF terrain model, only the part covering `box` (with a margin) when
 * given. A missing, unreadable or unsupported file gives a message saying what is wrong.
 */
export async function readElevationRaster(path: string, box?: LatLonBox): Promise<ElevationRasterResult> {
  const fail = (why: string): ElevationRasterResult => ({
    ok: false,
    message: `elevation raster ${path} cannot be used: ${why}`,
  });
  try {
    if (!(await stat(path)).isFile()) return fail('not a file');
  } catch {
    return fail('file not found');
  }
  let image;
  try {
    const bytes = await readFile(path);
    const tiff = await fromArrayBuffer(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
    );
    image = await tiff.getImage();
  } catch (e) {
    return fail(`not a readable GeoTIFF (${(e as Error).message})`);
  }
  const keys = image.getGeoKeys() ?? {};
  const code = Number(keys.ProjectedCSTypeGeoKey ?? keys.GeographicTypeGeoKey ?? Number.NaN);
  const epsg = SUPPORTED_RASTER_CRS.find((c) => c === code);
  if (epsg === undefined) {
    const named = Number.isFinite(code) ? `EPSG:${code}` : 'no EPSG code in its GeoKeys';
    return fail(
      `its coordinate system (${named}) is not supported; reproject it to EPSG:27700 or EPSG:4326 (e.g. gdalwarp -t_srs EPSG:4326)`,
    );
  }
  let origin: number[];
  let resolution: number[];
  try {
    origin = image.getOrigin();
    resolution = image.getResolution();
  } catch (e) {
    return fail(`it has no usable georeferencing (${(e as Error).message})`);
  }
  let originX = origin[0]!;
  let originY = origin[1]!;
  const pixelX = resolution[0]!;
  const pixelY = resolution[1]!;
  if (!(pixelX > 0) || !(pixelY !== 0) || !Number.isFinite(originX) || !Number.isFinite(originY))
    return fail('its georeferencing is not a north-up grid');
  // GeoTIFF "PixelIsPoint" tie points name a pixel's centre, not its corner.
  if (Number(keys.GTRasterTypeGeoKey) === 2) {
    originX -= pixelX / 2;
    originY -= pixelY / 2;
  }
  const fullWidth = image.getWidth();
  const fullHeight = image.getHeight();
  let window = [0, 0, fullWidth, fullHeight];
  if (box) {
    const corners = [
      toRasterXY(epsg, box.minLat, box.minLon),
      toRasterXY(epsg, box.minLat, box.maxLon),
      toRasterXY(epsg, box.maxLat, box.minLon),
      toRasterXY(epsg, box.maxLat, box.maxLon),
    ];
    const cols = corners.map(([x]) => (x - originX) / pixelX);
    const rows = corners.map(([, y]) => (y - originY) / pixelY);
    const clamp = (v: number, max: number): number => Math.max(0, Math.min(max, v));
    window = [
      clamp(Math.floor(Math.min(...cols)) - 2, fullWidth),
      clamp(Math.floor(Math.min(...rows)) - 2, fullHeight),
      clamp(Math.ceil(Math.max(...cols)) + 2, fullWidth),
      clamp(Math.ceil(Math.max(...rows)) + 2, fullHeight),
    ];
    if (window[2]! <= window[0]! || window[3]! <= window[1]!)
      return fail("it does not cover the region's bounding box");
  }
  let band;
  try {
    band = (await image.readRasters({ window, samples: [0] }))[0];
  } catch (e) {
    return fail(`its pixels cannot be read (${(e as Error).message})`);
  }
  if (!band || typeof band === 'number') return fail('it has no pixel data');
  const noData = image.getGDALNoData();
  const heights = Float32Array.from(band as ArrayLike<number>, (v) =>
    (noData !== null && v === noData) || !Number.isFinite(v) ? Number.NaN : v,
  );
  return {
    ok: true,
    raster: {
      file: basename(path),
      epsg,
      width: window[2]! - window[0]!,
      height: window[3]! - window[1]!,
      originX: originX + window[0]! * pixelX,
      originY: originY + window[1]! * pixelY,
      pixelX,
      pixelY,
      heights,
    },
  };
}

/**
 * Height (m) at a WGS84 position, interpolated bilinearly between the four nearest pixel centres;
 * pixels without data are left out of the weighting. NaN outside the raster or with no data near.
 */
export function sampleElevation(r: ElevationRaster, lat: number, lon: number): number {
  const [x, y] = toRasterXY(r.epsg, lat, lon);
  const fx = (x - r.originX) / r.pixelX - 0.5;
  const fy = (y - r.originY) / r.pixelY - 0.5;
  if (!(fx > -0.5 && fy > -0.5 && fx < r.width - 0.5 && fy < r.height - 0.5)) return Number.NaN;
  const c0 = Math.floor(fx);
  const r0 = Math.floor(fy);
  const tx = fx - c0;
  const ty = fy - r0;
  let sum = 0;
  let weight = 0;
  for (let dy = 0; dy <= 1; dy++) {
    for (let dx = 0; dx <= 1; dx++) {
      const col = Math.min(r.width - 1, Math.max(0, c0 + dx));
      const row = Math.min(r.height - 1, Math.max(0, r0 + dy));
      const h = r.heights[row * r.width + col]!;
      const w = (dx ? tx : 1 - tx) * (dy ? ty : 1 - ty);
      if (Number.isNaN(h) || w === 0) continue;
      sum += h * w;
      weight += w;
    }
  }
  return weight > 0 ? sum / weight : Number.NaN;
}
