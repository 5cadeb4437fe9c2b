import type { LatLon, RegionConfig } from './regionConfig.ts';

/**
 * The region's default map view: region.json's `map`, else the middle of its box at the largest
 * web-map zoom that shows the whole box in a 1024-pixel-wide view (a 256-pixel tile spans 360° at zoom 0).
 */
export function mapView(region: Pick<RegionConfig, 'bbox' | 'map'>): { centre: LatLon; zoom: number } {
  if (region.map) return region.map;
  const b = region.bbox;
  const lonSpan = Math.max(1e-6, b.maxLon - b.minLon);
  const latSpan = Math.max(1e-6, b.maxLat - b.minLat);
  const midLat = (b.minLat + b.maxLat) / 2;
  // A degree of latitude shows taller than a degree of longitude by 1 / cos(latitude).
  const span = Math.max(lonSpan, latSpan / Math.max(0.05, Math.cos((midLat * Math.PI) / 180)));
  const zoom = Math.floor(Math.log2((360 * 4) / span));
  return {
    centre: { lat: midLat, lon: (b.minLon + b.maxLon) / 2 },
    zoom: Math.max(3, Math.min(15, zoom)),
  };
}
