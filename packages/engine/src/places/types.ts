/*
 * Places read from OpenStreetMap that the product shows or routes to. Every feature keeps its
 * OSM id ("n123" for a node, "w45" for a way, placed at the centroid of its nodes).
 */

export interface FeatureBase {
  osmId: string;
  name: string | null;
  lat: number;
  lon: number;
}

export type SettlementType = 'city' | 'town' | 'village' | 'hamlet';

export interface Settlement extends FeatureBase {
  placeType: SettlementType;
  population: number | null;
}

export interface Address extends FeatureBase {
  housenumber: string;
  street: string | null;
  postcode: string | null;
  city: string | null;
}

export type TransitStopMode = 'rail' | 'subway' | 'tram' | 'bus' | 'ferry';

/** A station (rail, subway, ferry terminal) or a stop (bus, tram) as mapped in OSM. */
export interface TransitStop extends FeatureBase {
  stopMode: TransitStopMode;
  isStation: boolean;
  ref: string | null;
}

export interface CarPark extends FeatureBase {
  parkAndRide: boolean;
  capacity: number | null;
  fee: boolean | null;
}

export interface BicycleParking extends FeatureBase {
  capacity: number | null;
  covered: boolean | null;
}

export interface BikeHireDock extends FeatureBase {
  network: string | null;
  capacity: number | null;
}

export interface CarClubBayFeature extends FeatureBase {
  operator: string | null;
}

export type TaxiRank = FeatureBase;

export interface Toilet extends FeatureBase {
  /** Raw OSM opening_hours value; parse with `toiletOpeningTimes`. */
  openingHours: string | null;
  wheelchair: boolean | null;
  male: boolean | null;
  female: boolean | null;
  unisex: boolean | null;
  changingTable: boolean | null;
  fee: boolean | null;
  notes: string | null;
}

/** The point-of-interest categories of SPEC §3 (place-category icons). */
export const POI_CATEGORIES = [
  'restaurant',
  'cafe',
  'bar',
  'museum',
  'park',
  'supermarket',
  'convenience',
  'mall',
  'atm',
  'fuel',
  'charging_station',
  'takeaway',
] as const;
export type PoiCategory = (typeof POI_CATEGORIES)[number];

export interface Poi extends FeatureBase {
  category: PoiCategory;
  website: string | null;
}

/** What a healthcare place is to a traveller going to an appointment: a hospital, or a clinic or GP surgery. */
export type HealthcareKind = 'hospital' | 'clinic';

/** A hospital, clinic or GP surgery (OSM `amenity=hospital|clinic|doctors` or `healthcare=*`). */
export interface HealthcarePlace extends FeatureBase {
  kind: HealthcareKind;
}

/**
 * Water drawn and named on the base map: an area (lake, loch, reservoir, wide river; its outer
 * ring, closed), a line (river, canal, named stream) or a name alone (a water node).
 */
export interface WaterFeature {
  osmId: string;
  name: string | null;
  shape: 'area' | 'line' | 'point';
  /** OSM's `water` value of an area (lake, river, reservoir…) or `waterway` of a line; 'water' when untold. */
  kind: string;
  /** Positions as lon, lat pairs one after another (one pair for a point). */
  coords: Float64Array;
}

/** Everything besides streets that an OSM extract gives the product. */
export interface PlaceCatalogue {
  settlements: Settlement[];
  addresses: Address[];
  transitStops: TransitStop[];
  carParks: CarPark[];
  bicycleParking: BicycleParking[];
  bikeHireDocks: BikeHireDock[];
  carClubBays: CarClubBayFeature[];
  taxiRanks: TaxiRank[];
  toilets: Toilet[];
  pois: Poi[];
  healthcare: HealthcarePlace[];
  water: WaterFeature[];
}

/** An empty catalogue to fill. */
export function emptyCatalogue(): PlaceCatalogue {
  return {
    settlements: [],
    addresses: [],
    transitStops: [],
    carParks: [],
    bicycleParking: [],
    bikeHireDocks: [],
    carClubBays: [],
    taxiRanks: [],
    toilets: [],
    healthcare: [],
    pois: [],
    water: [],
  };
}
