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
// Live running (GTFS-realtime, src/realtime/README.md): what the API's poller and channel use.
export { regionLiveSources } from './realtime/liveStore.ts';
export type { LiveStore, PolledSource } from './realtime/liveStore.ts';
export type { LiveVersion } from './realtime/liveVersion.ts';
export type { JourneyCheck } from './realtime/journeyCheck.ts';
export { simulatorHandler, simulatedSources } from './realtime/simulator.ts';
