import type { BrandSettings, RegionInfo } from '@cairn/contracts';
import type { FontStackName } from './glyphs/fontStacks.ts';
import { MAX_TILE_ZOOM } from './mapTiles.ts';

const WATER = '#aecde6';
const WATER_LABEL = '#2b5d87';
const HALO = '#ffffff';

/** Highway classes whose names are written along the line at street zooms. */
const NAMED_STREETS = [
  'motorway',
  'trunk',
  'primary',
  'secondary',
  'tertiary',
  'unclassified',
  'residential',
  'living_street',
  'pedestrian',
  'road',
];

/**
 * A MapLibre style over our own tiles, coloured from the brand: water, streets, stations and stops,
 * then labels (towns, villages, stations, streets along their line, water) in Noto Sans from our
 * own glyph ranges, each with a halo so it reads over streets and routes.
 */
export function buildMapStyle(
  brand: BrandSettings,
  region: RegionInfo,
  tilesUrl: string,
  glyphsUrl: string,
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
  const label = (
    id: string,
    sourceLayer: string,
    filter: unknown[],
    minzoom: number,
    font: FontStackName,
    colour: string,
    size: [zoom: number, px: number, zoom: number, px: number],
    layout: Record<string, unknown> = {},
  ) => ({
    id,
    type: 'symbol',
    source: 'cairn',
    'source-layer': sourceLayer,
    minzoom,
    filter: ['all', ['has', 'name'], ['!=', ['get', 'name'], ''], ...filter],
    layout: {
      'text-field': ['get', 'name'],
      'text-font': [font],
      'text-size': ['interpolate', ['linear'], ['zoom'], ...size],
      'text-max-width': 8,
      ...layout,
    },
    paint: { 'text-color': colour, 'text-halo-color': HALO, 'text-halo-width': 1.5, 'text-halo-blur': 0.5 },
  });
  const placeIs = (types: string[]) => [
    ['==', ['get', 'layer'], 'place'],
    ['in', ['get', 'place'], ['literal', types]],
  ];
  // Larger places win a crowded spot.
  const byPopulation = { 'symbol-sort-key': ['-', 0, ['coalesce', ['get', 'population'], 0]] };
  return {
    version: 8,
    name: `${brand.title} map`,
    glyphs: glyphsUrl,
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
      {
        id: 'water-areas',
        type: 'fill',
        source: 'cairn',
        'source-layer': 'water',
        filter: ['==', ['get', 'layer'], 'water'],
        paint: { 'fill-color': WATER },
      },
      {
        id: 'waterways',
        type: 'line',
        source: 'cairn',
        'source-layer': 'water',
        filter: ['==', ['get', 'layer'], 'waterway'],
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': WATER,
          'line-width': [
            'interpolate',
            ['exponential', 1.5],
            ['zoom'],
            8,
            ['match', ['get', 'waterway'], ['river', 'canal'], 1, 0.5],
            16,
            ['match', ['get', 'waterway'], ['river', 'canal'], 10, 3],
          ],
        },
      },
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
      label(
        'waterway-labels',
        'water',
        [['==', ['get', 'layer'], 'waterway']],
        12,
        'Noto Sans Italic',
        WATER_LABEL,
        [12, 11, 16, 13],
        {
          'symbol-placement': 'line',
          'symbol-spacing': 400,
        },
      ),
      label(
        'water-labels',
        'water',
        [['==', ['get', 'layer'], 'water label']],
        9,
        'Noto Sans Italic',
        WATER_LABEL,
        [9, 11, 14, 14],
      ),
      label(
        'street-labels',
        'streets',
        [['in', ['get', 'highway'], ['literal', NAMED_STREETS]]],
        14,
        'Noto Sans Regular',
        '#444444',
        [14, 10, 18, 14],
        {
          'symbol-placement': 'line',
          'text-max-angle': 30,
        },
      ),
      label(
        'station-labels',
        'places',
        [['==', ['get', 'layer'], 'station']],
        11,
        'Noto Sans Regular',
        brand.mapColours.accent,
        [11, 11, 16, 13],
        {
          'text-anchor': 'top',
          'text-offset': [0, 0.6],
        },
      ),
      label(
        'village-labels',
        'places',
        placeIs(['village', 'hamlet']),
        10,
        'Noto Sans Regular',
        '#333333',
        [10, 11, 15, 14],
        byPopulation,
      ),
      label(
        'town-labels',
        'places',
        placeIs(['city', 'town']),
        6,
        'Noto Sans Bold',
        '#222222',
        [6, 11, 14, 17],
        byPopulation,
      ),
    ],
  };
}
