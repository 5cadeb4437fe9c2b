import type { Poi, PoiCategory, ToiletMarker } from '@cairn/contracts';
import type { PoiCategory as OsmPoiCategory, Poi as OsmPoi, Toilet } from '../../places/types.ts';
import { haversineM, toLatLng } from '../../geo/geometry.ts';
import { visitWeekOpeningTimes } from './openingTimes.ts';

/** OSM place categories to the product's POI categories (SPEC §3 icons). */
const CATEGORY: Record<OsmPoiCategory, PoiCategory> = {
  restaurant: 'restaurant',
  cafe: 'cafe',
  bar: 'bar',
  museum: 'museum',
  park: 'park',
  supermarket: 'supermarket',
  convenience: 'convenience_store',
  mall: 'shopping_mall',
  atm: 'atm',
  fuel: 'gas_station',
  charging_station: 'ev_charge',
  takeaway: 'meal_takeaway',
};

const LABEL: Record<PoiCategory, string> = {
  restaurant: 'Restaurants',
  cafe: 'Cafés',
  bar: 'Bars and pubs',
  museum: 'Museums',
  park: 'Parks',
  toilets: 'Toilets',
  supermarket: 'Supermarkets',
  convenience_store: 'Convenience stores',
  shopping_mall: 'Shopping centres',
  atm: 'Cash machines',
  gas_station: 'Fuel stations',
  ev_charge: 'EV charging',
  meal_takeaway: 'Takeaways',
};

export const POI_RADIUS_M = 1000;
export const TOILET_RADIUS_M = 1000;

/** POIs near a place grouped by category, with counts, a link of their own and markers; most numerous first. */
export function listPoisNear(
  pois: readonly OsmPoi[],
  lat: number,
  lon: number,
  placeName: string,
  radiusM = POI_RADIUS_M,
): Poi[] {
  const groups = new Map<PoiCategory, OsmPoi[]>();
  for (const p of pois) {
    if (Math.abs(p.lat - lat) > 0.02 || haversineM(lat, lon, p.lat, p.lon) > radiusM) continue;
    const cat = CATEGORY[p.category];
    const list = groups.get(cat) ?? [];
    list.push(p);
    groups.set(cat, list);
  }
  return [...groups.entries()]
    .map(([type, list]) => ({
      name: `${LABEL[type]} near ${placeName}`,
      link: poiLink(list),
      type,
      count: list.length,
      markers: list.map((p) => ({ name: p.name ?? LABEL[type], location: toLatLng(p) })),
    }))
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

/** A web address a card may link to: http(s) only, so map data cannot smuggle in a script link. */
const WEB_ADDRESS = /^https?:\/\/[^\s]+$/i;

/**
 * Where a POI card leads: one place's own website when it has one, otherwise the map centred on
 * the place (pinned), or for several places on the middle of them, zoomed to take them in.
 */
function poiLink(places: readonly OsmPoi[]): string {
  const only = places.length === 1 ? places[0] : undefined;
  if (only?.website && WEB_ADDRESS.test(only.website)) return only.website;
  const lat = places.reduce((sum, p) => sum + p.lat, 0) / places.length;
  const lon = places.reduce((sum, p) => sum + p.lon, 0) / places.length;
  const at = `${lat.toFixed(5)}/${lon.toFixed(5)}`;
  if (only)
    return `https://www.openstreetmap.org/?mlat=${lat.toFixed(5)}&mlon=${lon.toFixed(5)}#map=18/${at}`;
  const reachM = Math.max(...places.map((p) => haversineM(lat, lon, p.lat, p.lon)));
  const zoom = reachM <= 250 ? 17 : reachM <= 500 ? 16 : 15;
  return `https://www.openstreetmap.org/#map=${zoom}/${at}`;
}

/** Toilets near a place as map markers, nearest first. */
export function listToiletMarkersNear(
  toilets: readonly Toilet[],
  lat: number,
  lon: number,
  visit: Date,
  radiusM = TOILET_RADIUS_M,
): ToiletMarker[] {
  return toilets
    .map((t) => ({ t, d: haversineM(lat, lon, t.lat, t.lon) }))
    .filter((x) => x.d <= radiusM)
    .sort((a, b) => a.d - b.d)
    .map(({ t }) => ({
      name: t.name ?? 'Public toilet',
      location: toLatLng(t),
      accessible: t.wheelchair === true,
      allGender: t.unisex === true,
      men: t.male === true || t.unisex === true,
      women: t.female === true || t.unisex === true,
      babyChange: t.changingTable === true,
      paymentDetails: t.fee === true ? 'A charge applies' : t.fee === null ? 'Charge not known' : null,
      openingTimes: visitWeekOpeningTimes(t.openingHours, visit),
      notes: t.notes,
    }));
}
