import type { BrandSettings, RegionInfo } from '@cairn/contracts';
import { MAX_TILE_ZOOM, STREETS_LAYER } from './streetTiles.ts';

/**
 * A MapLibre style over our own street tiles, coloured from the brand. No glyphs are needed:
 * it draws no text labels (place names would need glyph PBFs we do not ship).
 */
export function buildMapStyle(brand: BrandSettings, region: RegionInfo, tilesUrl: string): Record<string, unknown> {
  const line = (id: string, kinds: string[], colour: string, width: [number, number], minzoom = 0) => ({
    id,
    type: 'line',
    source: 'streets',
    'source-layer': STREETS_LAYER,
    minzoom,
    filter: ['in', ['get', 'kind'], ['literal', kinds]],
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': colour, 'line-width': ['interpolate', ['exponential', 1.5], ['zoom'], 8, width[0], 18, width[1]] },
  });
  return {
    version: 8,
    name: `${brand.title} streets`,
    center: [region.center.lng, region.center.lat],
    zoom: region.zoom,
    sources: {
      streets: {
        type: 'vector',
        tiles: [tilesUrl],
        minzoom: 0,
        maxzoom: MAX_TILE_ZOOM,
        bounds: region.bbox,
        attribution: region.attribution,
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f4f1ea' } },
      line('paths', ['footway', 'path', 'cycleway', 'bridleway', 'steps', 'pedestrian', 'track'], '#b9a88f', [0.5, 2], 12),
      line('minor-streets', ['residential', 'service', 'unclassified', 'living_street', 'road'], '#ffffff', [0.5, 10], 10),
      line('major-streets', ['primary', 'secondary', 'tertiary', 'primary_link', 'secondary_link', 'tertiary_link'], '#fbe3a0', [1, 14]),
      line('trunk-roads', ['motorway', 'trunk', 'motorway_link', 'trunk_link'], brand.mapColours.accent, [1.5, 16]),
      line('railways', ['rail', 'light_rail', 'narrow_gauge', 'tram', 'subway', 'railway'], '#7a7a7a', [1, 3]),
      line('ferries', ['ferry'], '#5b8fd6', [1, 3]),
    ],
  };
}
