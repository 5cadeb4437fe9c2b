import { fromGeojsonVt } from '@maplibre/vt-pbf';
import GeoJSONVT from 'geojson-vt';
import type { Planner, StreetFeature } from '../planning/planner.ts';

export const STREETS_LAYER = 'streets';
export const MAX_TILE_ZOOM = 16;
const CACHE_TILES = 4000;

/**
 * Mapbox Vector Tiles of the region's streets, cut on the fly by geojson-vt from the planner's
 * street geometry (built once, on the first tile) and kept in a small LRU of encoded tiles.
 */
export class StreetTiles {
  readonly #planner: Planner;
  #index: Promise<GeoJSONVT> | null = null;
  readonly #cache = new Map<string, Uint8Array | null>();

  constructor(planner: Planner) {
    this.#planner = planner;
  }

  /** The encoded tile, or null when no street crosses it. */
  async getTile(z: number, x: number, y: number): Promise<Uint8Array | null> {
    const key = `${z}/${x}/${y}`;
    const cached = this.#cache.get(key);
    if (cached !== undefined) {
      this.#cache.delete(key);
      this.#cache.set(key, cached);
      return cached;
    }
    const index = await this.#getIndex();
    const tile = index.getTile(z, x, y);
    const encoded = tile && tile.features.length > 0 ? fromGeojsonVt({ [STREETS_LAYER]: tile as never }, { version: 2, extent: 4096 }) : null;
    this.#cache.set(key, encoded);
    if (this.#cache.size > CACHE_TILES) this.#cache.delete(this.#cache.keys().next().value!);
    return encoded;
  }

  #getIndex(): Promise<GeoJSONVT> {
    this.#index ??= (async () => {
      const features: StreetFeature[] = [...(await this.#planner.streetFeatures())];
      return new GeoJSONVT({ type: 'FeatureCollection', features }, { maxZoom: MAX_TILE_ZOOM, indexMaxZoom: 5, tolerance: 3, buffer: 64 });
    })();
    return this.#index;
  }
}
