/**
 * `@cairn/engine/region`: what region tooling (the demo generator, operators' checks) needs to write
 * and read a region's files: the region.json schema and the engine's own GTFS and OSM readers.
 */
export { parseRegionConfig, loadRegionConfig } from './loadRegionConfig.ts';
export type { RegionConfigInput, GeoPolygon } from './regionConfig.ts';
export { regionConfigJsonSchema } from './jsonSchema.ts';
export { readGtfsFeed } from '../gtfs/readFeed.ts';
export { loadOsmFile } from '../osm/loadOsm.ts';
