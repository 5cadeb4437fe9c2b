import type { LatLng, PlaceErrors, SearchRequest } from '@cairn/contracts';

/** The area a planner covers, for telling a traveller that a place lies outside it. */
export interface CoveredArea {
  /** The region's name as travellers read it, e.g. "Cairngorms". */
  name: string;
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

/** A place found for a search end, or why none could be used. */
export type LocatedEnd =
  | { ok: true; name: string; lat: number; lon: number }
  | { ok: false; reason: 'not found' | 'outside area'; message: string };

/** The best place for a text, as the geocoder ranks it; undefined when nothing matches. */
export type FindPlace = (text: string) => { label: string; lat: number; lon: number } | undefined;

/** Longest part of the traveller's text repeated in a message. */
const QUOTE_MAX = 60;

const quote = (text: string): string => {
  const t = text.trim().replace(/\s+/g, ' ');
  return `"${t.length > QUOTE_MAX ? `${t.slice(0, QUOTE_MAX - 1)}…` : t}"`;
};

export function isInArea(area: CoveredArea, lat: number, lon: number): boolean {
  return lat >= area.minLat && lat <= area.maxLat && lon >= area.minLon && lon <= area.maxLon;
}

/** The message for a text that matched no place of the region. */
export function notFoundMessage(text: string, area: CoveredArea): string {
  return `We couldn't find ${quote(text)}. Try a town, village, station or street in ${area.name}.`;
}

/** The message for a place that lies outside the region. */
export function outsideAreaMessage(text: string, area: CoveredArea): string {
  return `${quote(text)} is outside the area this planner covers: ${area.name}. Try a place in the area.`;
}

/**
 * Places one end of a search: the coordinates chosen from the suggestions when given, else the
 * best match for the text. A position outside the covered area is refused with a message: the
 * streets and timetables stop at its edge, so planning there could only find nothing.
 */
export function locateEnd(
  text: string,
  location: LatLng | undefined,
  find: FindPlace,
  area: CoveredArea,
): LocatedEnd {
  const place = location ? { lat: location.lat, lon: location.lng } : find(text);
  if (!place) return { ok: false, reason: 'not found', message: notFoundMessage(text, area) };
  if (!isInArea(area, place.lat, place.lon))
    return { ok: false, reason: 'outside area', message: outsideAreaMessage(text, area) };
  return { ok: true, name: text, lat: place.lat, lon: place.lon };
}

/** The field errors (SPEC §5 shape) of a search whose origin or destination cannot be placed; {} when both can. */
export function listPlaceErrors(request: SearchRequest, find: FindPlace, area: CoveredArea): PlaceErrors {
  const errors: PlaceErrors = {};
  const origin = locateEnd(request.origin, request.origin_location, find, area);
  if (!origin.ok) errors.origin = [origin.message];
  const destination = locateEnd(request.destination, request.destination_location, find, area);
  if (!destination.ok) errors.destination = [destination.message];
  return errors;
}
