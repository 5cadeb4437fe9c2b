/**
 * The engine's entry points. This one is the planner port the API uses: load a region, get a
 * Planner. The others are subpaths: `@cairn/engine/region` (region.json and the GTFS/OSM readers,
 * for region tooling), `@cairn/engine/cli` (the `cairn` commands) and `@cairn/engine/format` (the
 * formatter set the web shares). Everything else is internal to the engine.
 */
export { loadPlanner } from './planner/loadPlanner.ts';
export type { MapFeatureCollection, MapFeature } from './planner/loadPlanner.ts';
export type { LoadPlanner, NoJourneyReason, Planner, PlanResult, RegionFacts } from './planner/port.ts';
export type { UnplacedEnd } from './places/locateEnd.ts';
