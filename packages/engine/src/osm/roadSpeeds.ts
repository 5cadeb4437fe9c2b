/*
 * The speed a car keeps along a road, from its speed limit and its place: built-up (a limit of
 * 40 mph / 64 km/h or lower, the DfT's definition) or not, and motorway or dual carriageway.
 *
 * A limit is not a travel speed. Two published DfT series give the ratio:
 * - Free-flow speeds, the speed drivers choose where nothing holds them back (straight, level road,
 *   no junctions): cars averaged 69 mph on motorways, 50 mph on national-speed-limit single
 *   carriageways and 31 mph on 30 mph roads ("Vehicle speed compliance statistics for Great
 *   Britain: 2019", DfT, free-flow vehicle speed tables SPE01).
 * - Average speeds over whole roads, junctions, bends, hills and traffic included ("Travel time
 *   measures for the Strategic Road Network and local 'A' roads: July 2018 to June 2019", DfT,
 *   CGN tables): 59.0 mph on the Strategic Road Network (motorways and trunk roads), and on local
 *   'A' roads 25.4 mph with 43.2 seconds a mile of delay against free flow, so a free flow of
 *   3600 / (3600 / 25.4 − 43.2) ≈ 36.5 mph and an average of 0.70 of it.
 * So: a motorway or dual carriageway is driven at (69/70) × (59.0/69) of its limit; a built-up
 * road at (31/30) × 0.70 of its limit (the local 'A' road ratio, mostly towns); any other road at
 * (50/60) × (59.0/69) of its limit (the strategic network's ratio of average to free flow stands
 * for bends, hills and slow vehicles on rural roads, which are seldom congested). A 60 mph rural
 * road is driven at about 69 km/h, a 30 mph village street at about 35 km/h, a 70 mph motorway at
 * about 95 km/h.
 */

/** Kilometres an hour in one mile an hour. */
export const MPH_KMH = 1.609344;

/** Highest limit of a built-up road: 40 mph (DfT: "built-up" roads have a limit of 40 mph or lower). */
export const BUILT_UP_MAX_LIMIT_KMH = 40 * MPH_KMH + 0.5;

/** Lowest limit that only motorways and dual carriageways have in Great Britain: 70 mph. */
const DUAL_MIN_LIMIT_KMH = 70 * MPH_KMH - 0.5;

const FREE_FLOW = { motorwayMph: 69, singleNslMph: 50, thirtyRoadMph: 31 } as const;
const SRN_AVERAGE_MPH = 59.0;
const LOCAL_A = { averageMph: 25.4, delaySecPerMile: 43.2 } as const;

/** Average over whole roads as a share of free flow: on the strategic network and on local 'A' roads. */
const SRN_OF_FREE_FLOW = SRN_AVERAGE_MPH / FREE_FLOW.motorwayMph;
const LOCAL_A_OF_FREE_FLOW =
  (3600 / LOCAL_A.averageMph - LOCAL_A.delaySecPerMile) / (3600 / LOCAL_A.averageMph);

/** Travel speed as a share of the limit, by place. */
export const SHARE_OF_LIMIT = {
  motorway: (FREE_FLOW.motorwayMph / 70) * SRN_OF_FREE_FLOW,
  rural: (FREE_FLOW.singleNslMph / 60) * SRN_OF_FREE_FLOW,
  builtUp: (FREE_FLOW.thirtyRoadMph / 30) * LOCAL_A_OF_FREE_FLOW,
} as const;

/** Where a road is, for its travel speed. */
export type RoadPlace = keyof typeof SHARE_OF_LIMIT;

/** The place of a road from its class, limit and OSM's dual_carriageway tag. */
export function roadPlaceOf(highway: string, limitKmh: number, dualCarriageway: boolean): RoadPlace {
  if (limitKmh <= BUILT_UP_MAX_LIMIT_KMH) return 'builtUp';
  if (highway === 'motorway' || dualCarriageway || limitKmh >= DUAL_MIN_LIMIT_KMH) return 'motorway';
  return 'rural';
}

/** The speed (km/h) a car keeps along a road with this limit in this place. */
export function carTravelKmh(limitKmh: number, place: RoadPlace): number {
  return limitKmh * SHARE_OF_LIMIT[place];
}
