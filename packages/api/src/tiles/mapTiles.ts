import { fromGeojsonVt } from '@maplibre/vt-pbf';
import GeoJSONVT from 'geojson-vt';
import type { MapFeature, Planner } from '@cairn/engine';

/**
 * Tile layers: `streets` (lines: streets and ferries, with `highway`), `places` (points, with
 * `layer`) and `water` (areas, waterways and water-name points, with `layer`).
 */
export const TILE_LAYERS = ['streets', 'places', 'water'] as const;
const WATER_LAYERS = new Set(['water', 'waterway', 'water label']);
export const MAX_TILE_ZOOM = 16;
const CACHE_TILES = 4000;

/**
 * Mapbox Vector Tiles of the region's base map, cut on the fly by geojson-vt from the planner's
 * map features (indexed once, on the first tile) and kept in a small LRU of encoded tiles.
 */
export class MapTiles {
  readonly #planner: Planner;
  #indexes: Map<string, GeoJSONVT> | null = null;
  readonly #cache = new Map<string, Uint8Array | null>();

  constructor(planner: Planner) {
    this.#planner = planner;
  }

  /** The encoded tile, or null when nothing of the map crosses it. */
  getTile(z: number, x: number, y: number): Uint8Array | null {
    const key = `${z}/${x}/${y}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined) {
      this.#cache.delete(key);
      this.#cache.set(key, cached);
      return cached;
    }
    const layers: Record<string, never> = {};
    for (const [name, index] of this.#getIndexes()) {
      const tile = index.getTile(z, x, y);
      if (tile && tile.features.length > 0) layers[name] = tile as never;
    }
    const encoded =
      Object.keys(layers).length > 0 ? fromGeojsonVt(layers, { version: 2, extent: 4096 }) : null;
    this.#cache.set(key, encoded);
    if (this.#cache.size > CACHE_TILES) this.#cache.delete(this.#cache.keys().next().value!);
    return encoded;
  }

  #getIndexes(): Map<string, GeoJSONVT> {
    if (this.#indexes) return this.#indexes;
    const byLayer: Record<(typeof TILE_LAYERS)[number], MapFeature[]> = {
      streets: [],
      places: [],
      water: [],
    };
    for (const feature of this.#planner.mapFeatures().features) {
      const tileLayer = WATER_LAYERS.has(String(feature.properties.layer))
        ? 'water'
        : feature.geometry.type === 'LineString'
          ? 'streets'
          : 'places';
      byLayer[tileLayer].push(feature);
    }
    this.#indexes = new Map(
      TILE_LAYERS.map((name) => [
        name,
        new GeoJSONVT({ type: 'FeatureCollection', features: byLayer[name] } as never, {
          maxZoom: MAX_TILE_ZOOM,
          indexMaxZoom: 5,
          tolerance: 3,
          buffer: 64,
        }),
      ]),
    );
    return this.#indexes;
  }
}
