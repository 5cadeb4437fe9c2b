export {
  RegionConfig,
  BoundingBox,
  Feed,
  Operator,
  TaxiOperator,
  TaxiTariff,
  TaxiArea,
  CarClubProvider,
  CarClubBay,
  BikeHire,
  FlexibleService,
  FareRule,
  Concessions,
  GeoPolygon,
  LatLon,
  RegionMode,
  PaymentMethod,
  Weekday,
  REGION_MODES,
  PAYMENT_METHODS,
  WEEKDAYS,
} from './region/regionConfig.ts';
export type { RegionConfigInput } from './region/regionConfig.ts';
export { loadRegionConfig, parseRegionConfig, resolveRegionPath, REGION_CONFIG_FILE } from './region/loadRegionConfig.ts';
export type { RegionConfigIssue, RegionConfigResult } from './region/loadRegionConfig.ts';
export { loadPlanner } from './planner/loadPlanner.ts';
export type { Planner, MapFeatureCollection, MapFeature } from './planner/loadPlanner.ts';
