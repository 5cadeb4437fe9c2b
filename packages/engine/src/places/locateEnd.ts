import type { LatLng, SearchRequest } from '@cairn/contracts';
import { fromLatLng, type GeoPoint } from '../geo/geometry.ts';

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
  | ({ ok: true; name: string; outside?: true } & GeoPoint)
  | { ok: false; reason: 'not found' | 'outside area'; message: string };

/** The best place for a text, as the geocoder ranks it; undefined when nothing matches. */
export type FindPlace = (text: string) => ({ label: string } & GeoPoint) | undefined;

/** Longest part of the traveller's text repeated in a message. */
const QUOTE_MAX = 60;

const quote = (text: string): string => {
  const t = text.trim().replace(/\s+/g, ' ');
  return `"${t.length > QUOTE_MAX ? `${t.slice(0, QUOTE_MAX - 1)}…` : t}"`;
};

function isInArea(area: CoveredArea, lat: number, lon: number): boolean {
  return lat >= area.minLat && lat <= area.maxLat && lon >= area.minLon && lon <= area.maxLon;
}

/** The message for a text that matched no place of the region. */
function notFoundMessage(text: string, area: CoveredArea): string {
  return `We couldn't find ${quote(text)}. Try a town, village, station or street in ${area.name}.`;
}

/** The message for a place that lies outside the region (and cannot be planned to from it). */
export function outsideAreaMessage(text: string, area: CoveredArea): string {
  return `${quote(text)} is outside the area this planner covers: ${area.name}. Try a place in the area.`;
}

/**
 * Places one end of a search: the coordinates chosen from the suggestions when given, else the
 * best match for the text. A position outside the covered area is marked `outside`: the planner
 * plans as far as its data reaches and estimates the rest (planner/beyond.ts, issue 27).
 */
export function locateEnd(
  text: string,
  location: LatLng | undefined,
  find: FindPlace,
  area: CoveredArea,
): LocatedEnd {
  const place = location ? fromLatLng(location) : find(text);
  if (!place) return { ok: false, reason: 'not found', message: notFoundMessage(text, area) };
  const outside = !isInArea(area, place.lat, place.lon);
  return {
    ok: true,
    name: text,
    lat: place.lat,
    lon: place.lon,
    ...(outside ? { outside: true as const } : {}),
  };
}

/** An end of a search. */
export type SearchEnd = 'origin' | 'destination';

/** An end of a search that cannot be placed, and what to tell the traveller. */
export interface UnplacedEnd {
  end: SearchEnd;
  problem: 'not found' | 'outside area';
  /** e.g. `We couldn't find "Xyzzy". Try a town, village, station or street in Cairngorms.` */
  message: string;
}

/** Both ends of a search placed, or the ends that cannot be (origin first). */
export type LocatedEnds =
  | { ok: true; origin: Extract<LocatedEnd, { ok: true }>; destination: Extract<LocatedEnd, { ok: true }> }
  | { ok: false; unplaced: UnplacedEnd[] };

/**
 * Places both ends of a search (locateEnd), saying which cannot be placed and why. One end may lie
 * outside the covered area; both outside leaves nothing to plan, and each is refused with a message.
 */
export function locateEnds(request: SearchRequest, find: FindPlace, area: CoveredArea): LocatedEnds {
  let origin = locateEnd(request.origin, request.origin_location, find, area);
  let destination = locateEnd(request.destination, request.destination_location, find, area);
  if (origin.ok && destination.ok && origin.outside && destination.outside) {
    origin = { ok: false, reason: 'outside area', message: outsideAreaMessage(request.origin, area) };
    destination = {
      ok: false,
      reason: 'outside area',
      message: outsideAreaMessage(request.destination, area),
    };
  }
  if (origin.ok && destination.ok) return { ok: true, origin, destination };
  const unplaced: UnplacedEnd[] = [];
  for (const [end, located] of [
    ['origin', origin],
    ['destination', destination],
  ] as const)
    if (!located.ok) unplaced.push({ end, problem: located.reason, message: located.message });
  return { ok: false, unplaced };
}
