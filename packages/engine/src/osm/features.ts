import type { OsmTags } from './types.ts';
import type {
  HealthcareKind,
  PlaceCatalogue,
  PoiCategory,
  SettlementType,
  TransitStopMode,
} from '../places/types.ts';

/** OSM yes/no values to a boolean; null when absent or anything else. */
function yesNo(value: string | undefined): boolean | null {
  if (value === undefined) return null;
  if (value === 'yes' || value === 'designated' || value === 'limited') return true;
  if (value === 'no') return false;
  return null;
}

function intOrNull(value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : null;
}

const POI_TAGS: ReadonlyArray<[key: string, value: string, category: PoiCategory]> = [
  ['amenity', 'restaurant', 'restaurant'],
  ['amenity', 'cafe', 'cafe'],
  ['amenity', 'bar', 'bar'],
  ['amenity', 'pub', 'bar'],
  ['tourism', 'museum', 'museum'],
  ['leisure', 'park', 'park'],
  ['shop', 'supermarket', 'supermarket'],
  ['shop', 'convenience', 'convenience'],
  ['shop', 'mall', 'mall'],
  ['amenity', 'atm', 'atm'],
  ['amenity', 'fuel', 'fuel'],
  ['amenity', 'charging_station', 'charging_station'],
  ['amenity', 'fast_food', 'takeaway'],
  ['amenity', 'takeaway', 'takeaway'],
];

function poiCategory(tags: OsmTags): PoiCategory | null {
  for (const [k, v, category] of POI_TAGS) if (tags[k] === v) return category;
  // An ATM inside a bank is still an ATM.
  if (tags.amenity === 'bank' && tags.atm === 'yes') return 'atm';
  return null;
}

/**
 * A hospital, or a clinic or GP surgery, from OSM's amenity (hospital, clinic, doctors) or its
 * healthcare key (https://wiki.openstreetmap.org/wiki/Key:healthcare); null for anything else
 * (pharmacies, dentists and care homes are not where an appointment traveller is headed).
 */
function healthcareKind(tags: OsmTags): HealthcareKind | null {
  if (tags.amenity === 'hospital' || tags.healthcare === 'hospital') return 'hospital';
  if (
    tags.amenity === 'clinic' ||
    tags.amenity === 'doctors' ||
    tags.healthcare === 'clinic' ||
    tags.healthcare === 'doctor' ||
    tags.healthcare === 'centre'
  )
    return 'clinic';
  return null;
}

function stopMode(tags: OsmTags): { mode: TransitStopMode; station: boolean } | null {
  if (tags.railway === 'station' || tags.railway === 'halt') {
    const st = tags.station;
    if (st === 'subway') return { mode: 'subway', station: true };
    if (st === 'light_rail' || tags.light_rail === 'yes') return { mode: 'tram', station: true };
    return { mode: 'rail', station: true };
  }
  if (tags.railway === 'tram_stop') return { mode: 'tram', station: false };
  if (tags.amenity === 'ferry_terminal') return { mode: 'ferry', station: true };
  if (tags.amenity === 'bus_station') return { mode: 'bus', station: true };
  if (tags.highway === 'bus_stop') return { mode: 'bus', station: false };
  if (tags.public_transport === 'platform' && tags.bus === 'yes') return { mode: 'bus', station: false };
  return null;
}

/**
 * File one tagged node or area (given at its centroid) into the catalogue under every
 * heading it belongs to. A station with a car park on the same node counts as both.
 */
export function addFeature(
  cat: PlaceCatalogue,
  osmId: string,
  lat: number,
  lon: number,
  tags: OsmTags,
): void {
  const name = tags.name ?? null;
  const base = { osmId, name, lat, lon };
  const place = tags.place;
  if (place === 'city' || place === 'town' || place === 'village' || place === 'hamlet') {
    if (name)
      cat.settlements.push({
        ...base,
        placeType: place as SettlementType,
        population: intOrNull(tags.population),
      });
  }
  const housenumber = tags['addr:housenumber'];
  if (housenumber) {
    cat.addresses.push({
      ...base,
      housenumber,
      street: tags['addr:street'] ?? tags['addr:place'] ?? null,
      postcode: tags['addr:postcode'] ?? null,
      city: tags['addr:city'] ?? null,
    });
  }
  const stop = stopMode(tags);
  if (stop)
    cat.transitStops.push({
      ...base,
      stopMode: stop.mode,
      isStation: stop.station,
      ref: tags.ref ?? tags['naptan:AtcoCode'] ?? null,
    });
  const amenity = tags.amenity;
  if (amenity === 'parking' || (tags.park_ride !== undefined && tags.park_ride !== 'no')) {
    if (amenity === 'parking' || amenity === undefined) {
      cat.carParks.push({
        ...base,
        parkAndRide: tags.park_ride !== undefined && tags.park_ride !== 'no',
        capacity: intOrNull(tags.capacity),
        fee: yesNo(tags.fee),
      });
    }
  }
  if (amenity === 'bicycle_parking')
    cat.bicycleParking.push({ ...base, capacity: intOrNull(tags.capacity), covered: yesNo(tags.covered) });
  if (amenity === 'bicycle_rental')
    cat.bikeHireDocks.push({
      ...base,
      network: tags.network ?? tags.operator ?? null,
      capacity: intOrNull(tags.capacity),
    });
  if (amenity === 'car_sharing')
    cat.carClubBays.push({ ...base, operator: tags.operator ?? tags.network ?? null });
  if (amenity === 'taxi') cat.taxiRanks.push(base);
  if (amenity === 'toilets' || (tags.toilets === 'yes' && amenity === undefined)) {
    const unisex = yesNo(tags.unisex);
    cat.toilets.push({
      ...base,
      openingHours: tags.opening_hours ?? null,
      wheelchair: yesNo(tags.wheelchair ?? tags['toilets:wheelchair']),
      male: yesNo(tags.male),
      female: yesNo(tags.female),
      unisex,
      changingTable: yesNo(tags.changing_table ?? tags.diaper),
      fee: yesNo(tags.fee),
      notes: tags.description ?? tags.note ?? null,
    });
  }
  const health = healthcareKind(tags);
  if (health && name) cat.healthcare.push({ ...base, kind: health });
  const category = poiCategory(tags);
  if (category && name)
    cat.pois.push({ ...base, category, website: tags.website ?? tags['contact:website'] ?? null });
}

/**
 * Whether a node is a way into a station or onto a pier: subway and station entrances, public
 * transport entrances, and doors (`entrance=*`) tagged as part of a station or ferry terminal.
 * Building doors in general are not: a walker at a bus stop should not be sent to a shop's door.
 */
export function isTransportEntrance(tags: OsmTags): boolean {
  if (tags.railway === 'subway_entrance' || tags.railway === 'train_station_entrance') return true;
  if (tags.public_transport === 'entrance') return true;
  return (
    tags.entrance !== undefined &&
    tags.entrance !== 'no' &&
    (tags.railway !== undefined ||
      tags.public_transport !== undefined ||
      tags.amenity === 'ferry_terminal' ||
      tags.ferry !== undefined)
  );
}

/** Waterways small and many enough to leave out of the map unless they carry a name. */
const MINOR_WATERWAYS = new Set(['stream']);
const MAP_WATERWAYS = new Set(['river', 'canal', 'stream']);

/**
 * How a tagged way shows as water on the map, or null: closed `natural=water`,
 * `landuse=reservoir` and `waterway=riverbank` ways are areas; rivers, canals and named streams
 * are lines (ditches and drains are left out).
 */
export function waterShape(tags: OsmTags, closed: boolean): { shape: 'area' | 'line'; kind: string } | null {
  if (closed && (tags.natural === 'water' || tags.landuse === 'reservoir' || tags.waterway === 'riverbank'))
    return {
      shape: 'area',
      kind:
        tags.water ??
        (tags.landuse === 'reservoir' ? 'reservoir' : tags.waterway === 'riverbank' ? 'river' : 'water'),
    };
  const waterway = tags.waterway;
  if (waterway && MAP_WATERWAYS.has(waterway) && (tags.name || !MINOR_WATERWAYS.has(waterway)))
    return { shape: 'line', kind: waterway };
  return null;
}

/** Whether a node names a water body (a loch mapped as a point): `natural=water` with a name. */
export function isWaterName(tags: OsmTags): boolean {
  return tags.natural === 'water' && tags.name !== undefined;
}

/** Whether a tagged element may be a catalogue feature, so its way geometry is worth a centroid. */
export function mayBeFeature(tags: OsmTags): boolean {
  return (
    tags.place !== undefined ||
    tags['addr:housenumber'] !== undefined ||
    tags.amenity !== undefined ||
    tags.healthcare !== undefined ||
    tags.railway === 'station' ||
    tags.railway === 'halt' ||
    tags.railway === 'tram_stop' ||
    tags.highway === 'bus_stop' ||
    tags.public_transport === 'platform' ||
    tags.tourism === 'museum' ||
    tags.leisure === 'park' ||
    tags.shop !== undefined ||
    tags.park_ride !== undefined
  );
}
