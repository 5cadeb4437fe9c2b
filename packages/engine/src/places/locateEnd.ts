import type { LatLng, SearchRequest } from '@cairn/contracts';

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

function isInArea(area: CoveredArea, lat: number, lon: number): boolean {
  return lat >= area.minLat && lat <= area.maxLat && lon >= area.minLon && lon <= area.maxLon;
}

/** The message for a text that matched no place of the region. */
function notFoundMessage(text: string, area: CoveredArea): string {
  return `We couldn't find ${quote(text)}. Try a town, village, station or street in ${area.name}.`;
}

/** The message for a place that lies outside the region. */
function outsideAreaMessage(text: string, area: CoveredArea): string {
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

/** Places both ends of a search (locateEnd), saying which cannot be placed and why. */
export function locateEnds(request: SearchRequest, find: FindPlace, area: CoveredArea): LocatedEnds {
  const origin = locateEnd(request.origin, request.origin_location, find, area);
  const destination = locateEnd(request.destination, request.destination_location, find, area);
  if (origin.ok && destination.ok) return { ok: true, origin, destination };
  const unplaced: UnplacedEnd[] = [];
  for (const [end, located] of [
    ['origin', origin],
    ['destination', destination],
  ] as const)
    if (!located.ok) unplaced.push({ end, problem: located.reason, message: located.message });
  return { ok: false, unplaced };
}
