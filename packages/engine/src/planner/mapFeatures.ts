import polylabel from 'polylabel';
import type { WaterFeature } from '../places/types.ts';
import type { RegionData } from '../loader/regionData.ts';
import { edgeHighwayClass, findEdgeName } from '../streets/graph.ts';

/** A GeoJSON feature of the region's base map. */
export interface MapFeature {
  type: 'Feature';
  geometry:
    | { type: 'LineString'; coordinates: Array<[number, number]> }
    | { type: 'Point'; coordinates: [number, number] }
    | { type: 'Polygon'; coordinates: Array<Array<[number, number]>> };
  properties: Record<string, string | number | boolean | null>;
}

export interface MapFeatureCollection {
  type: 'FeatureCollection';
  features: MapFeature[];
}

/**
 * The base-map layers the API turns into vector tiles: every street edge as a line with its
 * highway class and name (ferry routes have class 'ferry'), water (areas, waterways and a label
 * point per named water body), settlements, stations and stops of the timetable, and the regional
 * services' places (car-club bays, bike-hire docks).
 */
export function buildMapFeatures(data: RegionData): MapFeatureCollection {
  const g = data.streets.graph;
  const features: MapFeature[] = [];
  for (let e = 0; e < g.edgeCount; e++) {
    const coordinates: Array<[number, number]> = [];
    for (let p = g.edgeShapeStart[e] ?? 0; p < (g.edgeShapeStart[e + 1] ?? 0); p++)
      coordinates.push([round(g.shapeLon[p] ?? 0), round(g.shapeLat[p] ?? 0)]);
    if (coordinates.length < 2) continue;
    const highway = edgeHighwayClass(g, e);
    features.push({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates },
      properties: { layer: highway === 'ferry' ? 'ferry' : 'street', highway, name: findEdgeName(g, e) },
    });
  }
  for (const water of data.places.water) features.push(...waterFeatures(water));
  for (const s of data.places.settlements) {
    if (!s.name) continue;
    features.push(
      point(s.lon, s.lat, { layer: 'place', name: s.name, place: s.placeType, population: s.population }),
    );
  }
  const tt = data.timetable;
  for (let s = 0; s < tt.stopCount; s++) {
    const hasPatterns = (tt.a.stopPatternOffsets[s + 1] ?? 0) > (tt.a.stopPatternOffsets[s] ?? 0);
    if (!hasPatterns) continue;
    const modes = new Set<string>();
    for (let i = tt.a.stopPatternOffsets[s] ?? 0; i < (tt.a.stopPatternOffsets[s + 1] ?? 0); i++) {
      const line = tt.meta.lines[tt.a.patternLine[tt.a.stopPatterns[i] ?? 0] ?? 0];
      if (line) modes.add(line.mode);
    }
    const station = ['train', 'funicular', 'ferry', 'subway'].some((m) => modes.has(m));
    features.push(
      point(tt.a.stopLon[s] ?? 0, tt.a.stopLat[s] ?? 0, {
        layer: station ? 'station' : 'stop',
        name: tt.meta.stopNames[s] ?? '',
        modes: [...modes].sort().join(','),
      }),
    );
  }
  for (const bay of data.region.carClub.bays)
    features.push(point(bay.lon, bay.lat, { layer: 'car club', name: bay.name }));
  for (const dock of data.region.bikeHire?.stations ?? [])
    features.push(point(dock.lon, dock.lat, { layer: 'bike hire', name: dock.name }));
  return { type: 'FeatureCollection', features };
}

const round = (v: number): number => Math.round(v * 1e6) / 1e6;

/** Label precision of a water area's pole of inaccessibility (degrees, about 50 m). */
const WATER_LABEL_PRECISION_DEG = 0.0005;

/**
 * A water body on the map: the area or waterway (layer 'water' or 'waterway', with its kind and
 * name) and, for a named area or a named water node, a point (layer 'water label') where its name
 * fits best: the point of the area farthest from its shore.
 */
function waterFeatures(water: WaterFeature): MapFeature[] {
  const positions: Array<[number, number]> = [];
  for (let i = 0; i + 1 < water.coords.length; i += 2)
    positions.push([round(water.coords[i]!), round(water.coords[i + 1]!)]);
  const name = water.name ?? '';
  const labelled = (lon: number, lat: number) =>
    point(lon, lat, { layer: 'water label', name, water: water.kind });
  if (water.shape === 'point') return name ? [labelled(positions[0]![0], positions[0]![1])] : [];
  if (water.shape === 'line')
    return [
      {
        type: 'Feature',
        geometry: { type: 'LineString', coordinates: positions },
        properties: { layer: 'waterway', waterway: water.kind, name },
      },
    ];
  const area: MapFeature = {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [positions] },
    properties: { layer: 'water', water: water.kind, name },
  };
  if (!name) return [area];
  const [lon, lat] = polylabel([positions], WATER_LABEL_PRECISION_DEG);
  return [area, labelled(lon, lat)];
}

function point(lon: number, lat: number, properties: MapFeature['properties']): MapFeature {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [round(lon), round(lat)] }, properties };
}
