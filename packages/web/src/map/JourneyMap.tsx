import { useEffect, useRef, useState } from 'react';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { MODE_ICONS, MODE_TO_ICON, POI_ICONS, POI_LABELS, svgMarkup } from '../icons/iconPaths.ts';
import type { MapPicture } from './mapData.ts';
import { toiletInfoElement } from './toiletInfo.ts';

// MapLibre 6 under Vite needs its worker URL given explicitly (shared/NOTES.md).
maplibregl.setWorkerUrl(workerUrl);

/** SPEC §9: default zoom 14, route stroke weight 5, stage marker 45 px; position refresh 10 s. */
export const DEFAULT_ZOOM = 14;
const ROUTE_WEIGHT = 5;
const POSITION_REFRESH_MS = 10_000;

/**
 * Tiles and style resources are always fetched from this page's origin: the style names the
 * host the API saw, which may differ (localhost vs 127.0.0.1, a proxy) and the CSP allows 'self'.
 */
function sameOriginTiles(url: string): { url: string } {
  const parsed = new URL(url, window.location.origin);
  if (parsed.pathname.startsWith('/v1/') && parsed.origin !== window.location.origin) {
    return { url: `${window.location.origin}${parsed.pathname}${parsed.search}` };
  }
  return { url };
}

/** Room left between an info window and the map's edge (px). */
const POPUP_MARGIN = 8;

/**
 * An info window that stays inside the map: never wider than the map, always above its marker
 * (MapLibre's automatic anchor swings a phone-wide window sideways, off the map), and when it opens
 * the map pans until the whole window is in view.
 */
function infoWindow(m: maplibregl.Map, maxWidth: string): maplibregl.Popup {
  const popup = new maplibregl.Popup({
    offset: 16,
    anchor: 'bottom',
    maxWidth: `min(${maxWidth}, calc(100% - ${2 * POPUP_MARGIN}px))`,
  });
  popup.on('open', () => {
    const map = m.getContainer().getBoundingClientRect();
    const box = popup.getElement().getBoundingClientRect();
    const shift = (low: number, high: number, min: number, max: number) =>
      low < min + POPUP_MARGIN
        ? low - min - POPUP_MARGIN
        : high > max - POPUP_MARGIN
          ? high - max + POPUP_MARGIN
          : 0;
    const dx = shift(box.left, box.right, map.left, map.right);
    const dy = shift(box.top, box.bottom, map.top, map.bottom);
    if (dx !== 0 || dy !== 0) m.panBy([dx, dy], { duration: 0 });
  });
  return popup;
}

type Props = { picture: MapPicture; toiletNotice: string | null; trackPosition: boolean };

/** The MapLibre map over our own vector tiles: route lines, markers, POIs, toilets, position. */
export default function JourneyMap({ picture, toiletNotice, trackPosition }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const markers = useRef<maplibregl.Marker[]>([]);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const first = picture.lines[0]?.coords[0] ?? [0, 0];
    const m = new maplibregl.Map({
      container: container.current,
      style: new URL('/v1/tiles/style.json', window.location.origin).href,
      center: first,
      zoom: DEFAULT_ZOOM,
      attributionControl: false,
      cooperativeGestures: false,
      transformRequest: sameOriginTiles,
    });
    m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    // Collapsed attribution (the page footer carries it in full) so it does not cover the route.
    m.addControl(new maplibregl.AttributionControl({ compact: true }), 'bottom-right');
    m.on('load', () => {
      container.current
        ?.querySelector('.maplibregl-ctrl-attrib')
        ?.classList.remove('maplibregl-compact-show');
      setReady(true);
    });
    m.on('idle', () => container.current?.setAttribute('data-map-idle', 'true'));
    m.on('movestart', () => container.current?.setAttribute('data-map-idle', 'false'));
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, []);

  // Lines and markers follow the picture (leg toggle, Show on map filter).
  useEffect(() => {
    const m = map.current;
    if (!m || !ready) return;
    // Idle again only once this picture is drawn: the map may go idle on its first tiles before this runs.
    container.current?.setAttribute('data-map-idle', 'false');
    for (const layer of m.getStyle().layers ?? []) if (layer.id.startsWith('route-')) m.removeLayer(layer.id);
    for (const id of Object.keys(m.getStyle().sources ?? {})) if (id.startsWith('route-')) m.removeSource(id);
    for (const marker of markers.current) marker.remove();
    markers.current = [];

    // Routes go under the place and street names, so the names stay readable.
    const firstLabel = m.getStyle().layers?.find((layer) => layer.type === 'symbol')?.id;
    const bounds = new maplibregl.LngLatBounds();
    for (const line of picture.lines) {
      if (line.coords.length < 2) continue;
      m.addSource(`route-${line.id}`, {
        type: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: line.coords } },
      });
      m.addLayer(
        {
          id: `route-${line.id}-casing`,
          type: 'line',
          source: `route-${line.id}`,
          layout: { 'line-cap': 'round', 'line-join': 'round' },
          paint: { 'line-color': '#ffffff', 'line-width': ROUTE_WEIGHT + 3 },
        },
        firstLabel,
      );
      m.addLayer(
        {
          id: `route-${line.id}`,
          type: 'line',
          source: `route-${line.id}`,
          layout: { 'line-cap': 'round', 'line-join': 'round' },
          paint: { 'line-color': line.colour, 'line-width': ROUTE_WEIGHT },
        },
        firstLabel,
      );
      for (const c of line.coords) bounds.extend(c);
    }
    const add = (el: HTMLElement, lngLat: [number, number], popup?: maplibregl.Popup) => {
      const marker = new maplibregl.Marker({ element: el }).setLngLat(lngLat);
      if (popup) marker.setPopup(popup);
      marker.addTo(m);
      markers.current.push(marker);
    };
    for (const step of picture.steps) {
      const el = document.createElement('div');
      el.className = 'map-marker';
      el.style.color = picture.lines[0]?.colour ?? '#1d4ed8';
      el.innerHTML = svgMarkup(MODE_ICONS[MODE_TO_ICON[step.mode]], 26);
      el.title = step.label;
      add(el, [step.location.lng, step.location.lat]);
    }
    // Start/end flags sit above the step marker at the same place, so neither hides the other.
    for (const point of picture.points) {
      const el = document.createElement('div');
      el.className = `map-pin map-pin-${point.kind}`;
      el.style.background = point.colour;
      el.textContent = point.kind === 'start' ? 'Start' : 'End';
      el.title = point.label;
      const marker = new maplibregl.Marker({ element: el, anchor: 'bottom', offset: [0, -24] }).setLngLat([
        point.location.lng,
        point.location.lat,
      ]);
      marker.addTo(m);
      markers.current.push(marker);
      bounds.extend([point.location.lng, point.location.lat]);
    }
    for (const poi of picture.pois) {
      const el = document.createElement('button');
      el.type = 'button';
      el.className = 'map-poi';
      el.innerHTML = svgMarkup(POI_ICONS[poi.category], 18);
      el.setAttribute('aria-label', `${POI_LABELS[poi.category]}: ${poi.name}`);
      const popup = infoWindow(m, '240px').setText(poi.name);
      add(el, [poi.location.lng, poi.location.lat], popup);
    }
    for (const toilet of picture.toilets) {
      const el = document.createElement('button');
      el.type = 'button';
      el.className = 'map-poi map-toilet';
      el.innerHTML = svgMarkup(POI_ICONS.toilets, 18);
      el.setAttribute('aria-label', `Toilet: ${toilet.name}`);
      const popup = infoWindow(m, '280px').setDOMContent(toiletInfoElement(toilet, toiletNotice));
      add(el, [toilet.location.lng, toilet.location.lat], popup);
    }
    if (!bounds.isEmpty())
      m.fitBounds(bounds, {
        padding: { top: 80, bottom: 72, left: 48, right: 48 },
        maxZoom: DEFAULT_ZOOM + 2,
        duration: 0,
      });
    // A frame even when nothing above changed the style or camera, so idle is announced again.
    m.triggerRepaint();
  }, [picture, ready, toiletNotice]);

  // The user's position marker, refreshed every 10 seconds while tracking is on.
  useEffect(() => {
    const m = map.current;
    if (!m || !ready || !trackPosition || !('geolocation' in navigator)) return;
    const el = document.createElement('div');
    el.className = 'map-user';
    el.title = 'Your position';
    const marker = new maplibregl.Marker({ element: el });
    const refresh = () =>
      navigator.geolocation.getCurrentPosition(
        (pos) => marker.setLngLat([pos.coords.longitude, pos.coords.latitude]).addTo(m),
        (error) => console.warn('position unavailable', error.message),
        { maximumAge: POSITION_REFRESH_MS, timeout: POSITION_REFRESH_MS },
      );
    refresh();
    const timer = window.setInterval(refresh, POSITION_REFRESH_MS);
    return () => {
      window.clearInterval(timer);
      marker.remove();
    };
  }, [ready, trackPosition]);

  return <div ref={container} className="map-box" data-map-idle="false" data-testid="journey-map" />;
}
