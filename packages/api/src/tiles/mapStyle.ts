import type { BrandSettings, RegionInfo } from '@cairn/contracts';
import { MAX_TILE_ZOOM } from './mapTiles.ts';

/**
 * A MapLibre style over our own tiles, coloured from the brand. It draws no text (labels would
 * need glyph PBFs, which are not shipped); stations and stops are circles.
 */
export function buildMapStyle(
  brand: BrandSettings,
  region: RegionInfo,
  tilesUrl: string,
): Record<string, unknown> {
  const line = (
    id: string,
    classes: string[],
    colour: string,
    width: [number, number],
    minzoom = 0,
    dashed = false,
  ) => ({
    id,
    type: 'line',
    source: 'cairn',
    'source-layer': 'streets',
    minzoom,
    filter: ['in', ['get', 'highway'], ['literal', classes]],
    layout: { 'line-cap': dashed ? 'butt' : 'round', 'line-join': 'round' },
    paint: {
      'line-color': colour,
      'line-width': ['interpolate', ['exponential', 1.5], ['zoom'], 8, width[0], 18, width[1]],
      ...(dashed ? { 'line-dasharray': [3, 2] } : {}),
    },
  });
  const circle = (id: string, layer: string, colour: string, minzoom: number, radius: number) => ({
    id,
    type: 'circle',
    source: 'cairn',
    'source-layer': 'places',
    minzoom,
    filter: ['==', ['get', 'layer'], layer],
    paint: {
      'circle-color': colour,
      'circle-radius': radius,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
    },
  });
  return {
    version: 8,
    name: `${brand.title} map`,
    center: [region.center.lng, region.center.lat],
    zoom: region.zoom,
    sources: {
      cairn: {
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
      line(
        'paths',
        ['footway', 'path', 'cycleway', 'bridleway', 'steps', 'pedestrian', 'track'],
        '#b9a88f',
        [0.5, 2],
        12,
      ),
      line(
        'minor-streets',
        ['residential', 'service', 'unclassified', 'living_street', 'road'],
        '#ffffff',
        [0.5, 10],
        10,
      ),
      line(
        'major-streets',
        ['primary', 'secondary', 'tertiary', 'primary_link', 'secondary_link', 'tertiary_link'],
        '#fbe3a0',
        [1, 14],
      ),
      line(
        'trunk-roads',
        ['motorway', 'trunk', 'motorway_link', 'trunk_link'],
        brand.mapColours.accent,
        [1.5, 16],
      ),
      line('ferries', ['ferry'], '#5b8fd6', [1, 3], 0, true),
      circle('stations', 'station', brand.mapColours.accent, 9, 4),
      circle('stops', 'stop', '#555555', 13, 3),
    ],
  };
}
