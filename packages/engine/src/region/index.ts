/**
 * `@cairn/engine/region`: what region tooling (the demo generator, operators' checks) needs to write
 * and read a region's files: the region.json schema, the engine's own GTFS, TransXChange and OSM
 * readers, and the TransXChange writer the demo ships part of its buses with.
 */
export { parseRegionConfig, loadRegionConfig } from './loadRegionConfig.ts';
export type { RegionConfigInput, GeoPolygon } from './regionConfig.ts';
export { regionConfigJsonSchema } from './jsonSchema.ts';
export { readGtfsFeed, readGtfsSource } from '../gtfs/readFeed.ts';
export { readTimetableFeed } from '../feeds/readTimetableFeed.ts';
export { writeTransxchange } from '../transxchange/writeTransxchange.ts';
export { easterSunday } from '../transxchange/bankHolidays.ts';
export { loadOsmFile } from '../loader/loadOsm.ts';
