import type { Leg, LatLng, Poi, PoiCategory, Step, ToiletMarker, TravelType } from '@cairn/contracts';
import { decodePolyline } from '../lib/polyline.ts';

/** What a map draws, prepared without MapLibre so the lazy map chunk stays a renderer only. */
export type MapLine = { id: string; colour: string; coords: [number, number][] };
export type MapStepMarker = { mode: TravelType; location: LatLng; label: string };
export type MapPoint = { kind: 'start' | 'end'; location: LatLng; colour: string; label: string };
export type MapPoiMarker = { category: PoiCategory; name: string; location: LatLng };
export type MapPicture = {
  lines: MapLine[];
  points: MapPoint[];
  steps: MapStepMarker[];
  pois: MapPoiMarker[];
  toilets: ToiletMarker[];
};

/** The line of a leg: its steps' polylines joined (the overview polyline when steps have none). */
export function legCoords(leg: Leg): [number, number][] {
  const coords = leg.steps.flatMap((s) => decodePolyline(s.polyline));
  return coords.length >= 2 ? coords : decodePolyline(leg.overview_polyline.points);
}

/** Lines and markers of one leg: route line, start/end markers, start-of-step markers. */
export function legPicture(
  leg: Leg,
  colour: string,
  id: string,
): Pick<MapPicture, 'lines' | 'points' | 'steps'> {
  const coords = legCoords(leg);
  const first = leg.steps[0];
  const last = leg.steps[leg.steps.length - 1];
  const points: MapPoint[] = [];
  if (first)
    points.push({
      kind: 'start',
      location: first.start_location,
      colour,
      label: `Start: ${first.start_address}`,
    });
  if (last)
    points.push({ kind: 'end', location: last.end_location, colour, label: `End: ${last.end_address}` });
  return {
    lines: [{ id, colour, coords }],
    points,
    steps: leg.steps.map((s) => ({
      mode: s.type,
      location: s.start_location,
      label: `${s.departure_time} ${s.description}`,
    })),
  };
}

/** One step alone (the stage view's map). */
export function stepPicture(step: Step, colour: string): MapPicture {
  const coords = decodePolyline(step.polyline);
  return {
    lines: [
      {
        id: 'stage',
        colour,
        coords:
          coords.length >= 2
            ? coords
            : [
                [step.start_location.lng, step.start_location.lat],
                [step.end_location.lng, step.end_location.lat],
              ],
      },
    ],
    points: [
      { kind: 'start', location: step.start_location, colour, label: `Start: ${step.start_address}` },
      { kind: 'end', location: step.end_location, colour, label: `End: ${step.end_address}` },
    ],
    steps: [{ mode: step.type, location: step.start_location, label: step.description }],
    pois: [],
    toilets: [],
  };
}

/** The "Show on map" choices: None, All, each POI category present, Toilets only when counted. */
export type ShowOnMap = 'none' | 'all' | 'toilets' | PoiCategory;

export function listShowOnMapOptions(leg: Leg): ShowOnMap[] {
  const options: ShowOnMap[] = ['none', 'all'];
  const cats = [
    ...new Set(leg.pois.filter((p) => p.markers.length > 0 || p.count > 0).map((p) => p.type)),
  ].sort();
  for (const c of cats) if (c !== 'toilets') options.push(c);
  if (leg.destination_toilets.count > 0) options.push('toilets');
  return options;
}

/** POI and toilet markers for the chosen filter. */
export function overlayFor(leg: Leg, show: ShowOnMap): Pick<MapPicture, 'pois' | 'toilets'> {
  if (show === 'none') return { pois: [], toilets: [] };
  const toilets =
    (show === 'all' || show === 'toilets') && leg.destination_toilets.count > 0
      ? leg.destination_toilets.markers
      : [];
  const pois = leg.pois
    .filter((p: Poi) => show === 'all' || p.type === show)
    .filter((p) => p.type !== 'toilets')
    .flatMap((p) => p.markers.map((m) => ({ category: p.type, name: m.name, location: m.location })));
  return { pois, toilets };
}
