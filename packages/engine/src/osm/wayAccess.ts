import type { OsmTags } from './types.ts';
import { WALK_MPS } from '../figures/planningFigures.ts';
import { carTravelKmh, MPH_KMH, roadPlaceOf } from './roadSpeeds.ts';

/*
 * Interpretation of a way's tags for routing: which modes may use it in which direction and
 * how fast. Defaults per highway class follow the OSM wiki's "OSM tags for routing/Access
 * restrictions" table for the United Kingdom, with two deliberate choices: tracks are closed
 * to cars (they are mostly farm and forest tracks) and bicycles may use bridleways.
 */

/** Bits of a per-direction access mask. */
export const MODE_BIT = { foot: 1, bicycle: 2, car: 4 } as const;
export type StreetMode = keyof typeof MODE_BIT;
export const STREET_MODES: readonly StreetMode[] = ['foot', 'bicycle', 'car'];

/** Highway classes the graph keeps; the index is stored per edge. 'ferry' is a route=ferry way. */
export const HIGHWAY_CLASSES = [
  'motorway',
  'motorway_link',
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'road',
  'track',
  'pedestrian',
  'footway',
  'path',
  'cycleway',
  'bridleway',
  'steps',
  'ferry',
] as const;
export type HighwayClass = (typeof HIGHWAY_CLASSES)[number];
const CLASS_INDEX = new Map<string, number>(HIGHWAY_CLASSES.map((c, i) => [c, i]));

const F = MODE_BIT.foot;
const B = MODE_BIT.bicycle;
const C = MODE_BIT.car;

/**
 * Default modes and car speed (km/h, a typical travel speed rather than the limit) of a way with no
 * readable maxspeed; a limit gives the speed by place instead (roadSpeeds.ts). A motorway and a
 * trunk road are driven as roadSpeeds.ts drives one at the British limit (70 mph, 60 mph).
 */
const CLASS_DEFAULTS: Record<HighwayClass, { modes: number; carKmh: number }> = {
  motorway: { modes: C, carKmh: carTravelKmh(70 * MPH_KMH, 'motorway') },
  motorway_link: { modes: C, carKmh: 60 },
  trunk: { modes: F | B | C, carKmh: carTravelKmh(60 * MPH_KMH, 'rural') },
  trunk_link: { modes: F | B | C, carKmh: 50 },
  primary: { modes: F | B | C, carKmh: 65 },
  primary_link: { modes: F | B | C, carKmh: 45 },
  secondary: { modes: F | B | C, carKmh: 55 },
  secondary_link: { modes: F | B | C, carKmh: 40 },
  tertiary: { modes: F | B | C, carKmh: 45 },
  tertiary_link: { modes: F | B | C, carKmh: 35 },
  unclassified: { modes: F | B | C, carKmh: 40 },
  residential: { modes: F | B | C, carKmh: 30 },
  living_street: { modes: F | B | C, carKmh: 10 },
  service: { modes: F | B | C, carKmh: 15 },
  road: { modes: F | B | C, carKmh: 30 },
  track: { modes: F | B, carKmh: 15 },
  pedestrian: { modes: F, carKmh: 10 },
  footway: { modes: F, carKmh: 10 },
  path: { modes: F | B, carKmh: 10 },
  cycleway: { modes: F | B, carKmh: 10 },
  bridleway: { modes: F | B, carKmh: 10 },
  steps: { modes: F, carKmh: 5 },
  ferry: { modes: F | B, carKmh: 20 },
};

// Walking at WALK_MPS (planningFigures.ts); steps at half of it.
/** Everyday cycling speed 16 km/h; slower off sealed surfaces. */
export const CYCLE_MPS = 16 / 3.6;
const CYCLE_ROUGH_MPS = 11 / 3.6;
/** Average speed of a ferry crossing without a duration tag. */
const FERRY_KMH = 20;

export interface WayRouting {
  highwayClass: number;
  /** Modes allowed along the way's node order. */
  forward: number;
  /** Modes allowed against the way's node order. */
  backward: number;
  footMps: number;
  cycleMps: number;
  carMps: number;
  /** Ferry crossing time when tagged (seconds), else null. */
  durationSec: number | null;
  /** Part of a roundabout (directions count its exits). */
  roundabout: boolean;
  name: string | null;
  ref: string | null;
}

const YES = new Set([
  'yes',
  'designated',
  'permissive',
  'destination',
  'customers',
  'delivery',
  'official',
  'permit',
]);
/*
 * `use_sidepath` is not here: it says a path beside the road is to be used, and a road-only
 * extract (RNV's) does not have that path, so closing the road left the stops along main roads
 * a detour of kilometres away. Where the side path is mapped it is as quick, so keeping the road
 * walkable costs nothing.
 */
const NO = new Set(['no', 'private', 'agricultural', 'forestry', 'discouraged']);

/** Apply one access tag value: yes-like sets the bits, no-like clears them, others leave them. */
function applyAccess(modes: number, value: string | undefined, bits: number): number {
  if (value === undefined) return modes;
  if (YES.has(value)) return modes | bits;
  if (NO.has(value)) return modes & ~bits;
  return modes;
}

/** Parse an OSM maxspeed value to km/h; null when it cannot be read. */
export function parseMaxspeedKmh(value: string | undefined): number | null {
  if (!value) return null;
  const v = value.trim();
  const known: Record<string, number> = {
    walk: 7,
    none: 130,
    'GB:nsl_single': 96.56,
    'GB:nsl_dual': 112.65,
    'GB:motorway': 112.65,
    'UK:nsl_single': 96.56,
    'UK:nsl_dual': 112.65,
    'UK:motorway': 112.65,
    'DE:urban': 50,
    'DE:rural': 100,
    'DE:motorway': 130,
    'DE:living_street': 7,
    'DE:zone30': 30,
    'DE:zone:30': 30,
  };
  if (known[v] !== undefined) return known[v];
  const m = /^(\d+(?:\.\d+)?)\s*(mph|km\/h|kmh)?$/.exec(v);
  if (!m) return null;
  const n = Number(m[1]);
  return m[2] === 'mph' ? n * 1.609344 : n;
}

function parseDurationSec(value: string | undefined): number | null {
  if (!value) return null;
  const m = /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
  const mins = /^(\d+)$/.exec(value.trim());
  return mins ? Number(mins[1]) * 60 : null;
}

const ROUGH_SURFACES = new Set([
  'unpaved',
  'gravel',
  'fine_gravel',
  'dirt',
  'grass',
  'ground',
  'mud',
  'sand',
  'pebblestone',
  'earth',
]);

/** Highway classes for walkers (and cyclists) only: an extract without any is a road-only extract. */
export const FOOT_ONLY_CLASSES: ReadonlySet<string> = new Set([
  'footway',
  'path',
  'pedestrian',
  'steps',
  'cycleway',
  'bridleway',
]);

/**
 * How a road tagged `foot=no` or `foot=use_sidepath` (or the same for `bicycle`) is routed when its pavement cannot be in the
 * extract: in towns such a tag mostly says the pavement is mapped as its own footway (RNV's
 * Friedrichsring and Kaiserring), and a road-only extract leaves that footway out, so closing the
 * road to walkers cut the stops along it off by kilometres. Null when the road stays closed
 * (motorways, motorroads, or a tag that is not about a side path).
 */
export function wayRoutingWithSidewalk(tags: OsmTags): WayRouting | null {
  const sidePath = (v: string | undefined) => v === 'no' || v === 'use_sidepath';
  if (!sidePath(tags.foot) && !sidePath(tags.bicycle)) return null;
  if (tags.motorroad === 'yes' || tags.highway === undefined) return null;
  if (FOOT_ONLY_CLASSES.has(tags.highway) || tags.highway.startsWith('motorway')) return null;
  // The same holds for a cycle track beside the road (bicycle=no there: Käfertal to Feudenheim,
  // a 5 km walk, was a 40 km ride).
  const rest = { ...tags };
  if (sidePath(rest.foot)) delete rest.foot;
  if (sidePath(rest.bicycle)) delete rest.bicycle;
  return wayRouting(rest);
}

/** Decide how a way may be routed; null when it is not part of the street network. */
export function wayRouting(tags: OsmTags): WayRouting | null {
  const isFerry = tags.route === 'ferry';
  const highway = isFerry ? 'ferry' : tags.highway;
  if (highway === undefined) return null;
  const cls = CLASS_INDEX.get(highway);
  if (cls === undefined) return null;
  if (tags.area === 'yes' && highway !== 'pedestrian' && highway !== 'footway') return null;
  const defaults = CLASS_DEFAULTS[highway as HighwayClass];

  let modes = defaults.modes;
  if (isFerry) {
    const carValue = tags.motor_vehicle ?? tags.motorcar;
    if (carValue && YES.has(carValue)) modes |= C;
  }
  modes = applyAccess(modes, tags.access, F | B | C);
  modes = applyAccess(modes, tags.vehicle, B | C);
  modes = applyAccess(modes, tags.motor_vehicle, C);
  modes = applyAccess(modes, tags.motorcar, C);
  modes = applyAccess(modes, tags.bicycle, B);
  modes = applyAccess(modes, tags.foot, F);
  if (tags.motorroad === 'yes') modes &= ~(F | B);
  if (modes === 0) return null;

  // Pedestrians may walk both ways on a one-way street; vehicles may not.
  let forward = modes;
  let backward = modes;
  const oneway = tags.oneway;
  const impliedOneway =
    tags.junction === 'roundabout' || tags.junction === 'circular' || highway === 'motorway';
  if (oneway === 'yes' || oneway === 'true' || oneway === '1' || (impliedOneway && oneway !== 'no'))
    backward &= ~(B | C);
  else if (oneway === '-1' || oneway === 'reverse') forward &= ~(B | C);
  const bikeOneway = tags['oneway:bicycle'];
  const contraflow =
    tags.cycleway === 'opposite' || tags.cycleway === 'opposite_lane' || tags.cycleway === 'opposite_track';
  if ((bikeOneway === 'no' || contraflow) && modes & B) {
    forward |= B;
    backward |= B;
  } else if (bikeOneway === 'yes') backward &= ~B;
  else if (bikeOneway === '-1') forward &= ~B;

  const limit = parseMaxspeedKmh(tags.maxspeed);
  // Traffic, junctions, bends and villages keep average speeds below the limit (roadSpeeds.ts).
  const carKmh =
    limit !== null
      ? carTravelKmh(limit, roadPlaceOf(highway, limit, tags.dual_carriageway === 'yes'))
      : defaults.carKmh;
  const rough = highway === 'track' || (tags.surface !== undefined && ROUGH_SURFACES.has(tags.surface));
  const durationSec = isFerry ? parseDurationSec(tags.duration) : null;
  return {
    highwayClass: cls,
    roundabout: tags.junction === 'roundabout' || tags.junction === 'circular',
    forward,
    backward,
    footMps: highway === 'steps' ? WALK_MPS / 2 : isFerry ? FERRY_KMH / 3.6 : WALK_MPS,
    cycleMps:
      highway === 'steps' ? WALK_MPS / 3 : isFerry ? FERRY_KMH / 3.6 : rough ? CYCLE_ROUGH_MPS : CYCLE_MPS,
    carMps: (isFerry ? FERRY_KMH : Math.max(5, carKmh)) / 3.6,
    durationSec,
    name: tags.name ?? null,
    ref: tags.ref ?? null,
  };
}
