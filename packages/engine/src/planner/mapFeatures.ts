import type { RegionData } from './regionData.ts';
import { edgeHighwayClass, findEdgeName } from '../streets/graph.ts';

/** A GeoJSON feature of the region's base map. */
export interface MapFeature {
  type: 'Feature';
  geometry:
    | { type: 'LineString'; coordinates: Array<[number, number]> }
    | { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, string | number | boolean | null>;
}

export interface MapFeatureCollection {
  type: 'FeatureCollection';
  features: MapFeature[];
}

/**
 * The base-map layers the API turns into vector tiles: every street edge as a line with its
 * highway class and name (ferry routes have class 'ferry'), settlements, stations and stops of the
 * timetable, and the regional services' places (car-club bays, bike-hire docks).
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
    const station = modes.has('train') || modes.has('ferry') || modes.has('subway');
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

function point(lon: number, lat: number, properties: MapFeature['properties']): MapFeature {
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [round(lon), round(lat)] }, properties };
}
