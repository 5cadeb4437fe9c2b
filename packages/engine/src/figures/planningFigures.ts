// The planning figures more than one part of the engine reads, each with its one home here (issue
// 33): the router, the timetable's generated footpaths, the street search and the ranking all walk
// at one speed, stretch a straight line by one detour factor and allow as many changes.

/** Walking speed 4.8 km/h (3 mph), the usual planning figure, in metres per second. */
export const WALK_MPS = 4.8 / 3.6;

/**
 * The same speed rounded to 1.33 m/s, as the timetable's generated straight-line footpaths have
 * always been timed. Kept apart on purpose: timing them at WALK_MPS changes journeys (the NYC
 * bench's digest), which a refactor must not; joining the two is a change of results to make on
 * its own, with a timetable rebuild (snapshots store the speed they were built with).
 */
export const FOOTPATH_WALK_MPS = 1.33;

/**
 * Real walks run about this much longer than the straight line between their ends: a typical
 * urban detour, for walks timed without a street route (straight-line footpaths, gaps in the map).
 */
export const WALK_DETOUR_FACTOR = 1.3;

/** Changes a transit journey may have (4 vehicles at most); the routers are sized for them. */
export const MAX_TRANSFERS = 3;
