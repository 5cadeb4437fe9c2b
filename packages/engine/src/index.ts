export {
  RegionConfig,
  BoundingBox,
  Feed,
  RealtimeFeed,
  REALTIME_KINDS,
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
export {
  loadRegionConfig,
  parseRegionConfig,
  resolveRegionPath,
  REGION_CONFIG_FILE,
} from './region/loadRegionConfig.ts';
export type { RegionConfigIssue, RegionConfigResult } from './region/loadRegionConfig.ts';
export { createPlanner, loadPlanner, loadPlannerFromFeeds } from './planner/loadPlanner.ts';
export type { PlannerOptions, MapFeatureCollection, MapFeature } from './planner/loadPlanner.ts';
export type { LoadPlanner, NoJourneyReason, Planner, PlanResult, RegionFacts } from './planner/port.ts';
export { loadOsmFile, loadOsmXml, loadOsmPbf } from './osm/loadOsm.ts';
export type { OsmData } from './osm/loadOsm.ts';
export { readOsmPbf } from './osm/pbfReader.ts';
export { readOsmXmlFile, readOsmXmlText } from './osm/xmlReader.ts';
export type { OsmSink, OsmTags, OsmWarning } from './osm/types.ts';
export {
  wayRouting,
  parseMaxspeedKmh,
  MODE_BIT,
  STREET_MODES,
  HIGHWAY_CLASSES,
  WALK_MPS,
  CYCLE_MPS,
} from './osm/wayAccess.ts';
export type { StreetMode, WayRouting, HighwayClass } from './osm/wayAccess.ts';
export {
  buildStreetGraph,
  graphBytes,
  findEdgeName,
  findEdgeRef,
  edgeHighwayClass,
  EDGE_FLAG,
} from './streets/graph.ts';
export type { StreetGraph, VertexIdx, EdgeIdx } from './streets/graph.ts';
export { createStreetNetwork, findStreetRoute, routeSnapped, MAX_SNAP_M } from './streets/streetNetwork.ts';
export type { StreetNetwork, StreetNetworkOptions, Coordinate } from './streets/streetNetwork.ts';
export { buildContractionHierarchy } from './streets/contraction.ts';
export type { ContractionHierarchy } from './streets/contraction.ts';
export { buildLandmarks } from './streets/landmarks.ts';
export type { Landmarks } from './streets/landmarks.ts';
export { componentsOf } from './streets/components.ts';
export { buildSnapIndex, findSnapPoint, findNearestStreetName } from './streets/snap.ts';
export type { SnapIndex } from './streets/snap.ts';
export { findStreetPath, findStreetPathInHierarchy, reachTargets } from './streets/search.ts';
export type { SnapPoint, StreetPath, PathPiece, Reached, SearchStats } from './streets/search.ts';
export { describeStreetPath, turnManeuver } from './streets/directions.ts';
export type { StreetRoute, Direction, Maneuver } from './streets/directions.ts';
export {
  emptyCatalogue,
  POI_CATEGORIES as OSM_POI_CATEGORIES,
  SETTLEMENT_TYPES,
  TRANSIT_STOP_MODES,
} from './places/types.ts';
export type {
  PlaceCatalogue,
  Settlement,
  Address,
  TransitStop,
  CarPark,
  BicycleParking,
  BikeHireDock,
  CarClubBayFeature,
  TaxiRank,
  Toilet,
  Poi,
  PoiCategory as OsmPoiCategory,
} from './places/types.ts';
export { listWeekOpening, findOpenAt, parseOpeningHours, WEEKDAY_NAMES } from './places/openingHours.ts';
export type { DayOpening } from './places/openingHours.ts';
export { isInGreatBritain, GREAT_BRITAIN_OUTLINE } from './places/greatBritain.ts';
export { buildGeocoder, listSuggestions, reverseGeocode, listStreets } from './places/geocoder.ts';
export { isInArea, locateEnd, locateEnds, notFoundMessage, outsideAreaMessage } from './places/locateEnd.ts';
export type {
  CoveredArea,
  FindPlace,
  LocatedEnd,
  LocatedEnds,
  SearchEnd,
  UnplacedEnd,
} from './places/locateEnd.ts';
export type {
  Geocoder,
  GeocodeResult,
  GeocodeKind,
  GeocoderOptions,
  StopEntry,
  BiasBox,
} from './places/geocoder.ts';
export { createModeContext } from './modes/context.ts';
export type { ModeContext, NamedPoint } from './modes/types.ts';
export { buildStreetChain, buildStreetStep } from './modes/streetStep.ts';
export type { ChainPart, PartsAnswer, RideTimer, At } from './modes/streetStep.ts';
export { MAX_WALK_SEC, checkWalkLeg } from './modes/walk.ts';
export { MAX_CYCLE_SEC, checkCycleLeg } from './modes/cycle.ts';
export { ownCarParts, findCarParkNear } from './modes/ownCar.ts';
export { taxiParts, listTaxiOperators } from './modes/taxi.ts';
export { carClubParts, listBaysNear } from './modes/carClub.ts';
export { bikeHireParts, listDocksNear } from './modes/bikeHire.ts';
export { flexibleParts, checkFlexibleLeg, checkServiceTime } from './modes/flexible.ts';
export {
  prepareStops,
  listWalkAccess,
  listCycleAccess,
  listTaxiAccess,
  listParkAndRideAccess,
  listFlexibleAccess,
  listBikeHireAccess,
} from './modes/accessEgress.ts';
export type {
  StopLocation,
  PreparedStops,
  StopAccess,
  AccessMode,
  AccessDirection,
} from './modes/accessEgress.ts';
export { listStreetFootpaths, streetFootpathSource } from './modes/footpaths.ts';
export type { StopFootpath, StopCoordinates } from './modes/footpaths.ts';
export { regionConfigJsonSchema } from './region/jsonSchema.ts';
// Transit: GTFS reader, compact timetable, RAPTOR router, service-day time helpers, engine commands.
export { readGtfsFeed, readGtfsSource } from './gtfs/readFeed.ts';
export type { ReadFeedOptions } from './gtfs/readFeed.ts';
export { loadGtfsFeeds, parseFeedSpec } from './gtfs/loadFeeds.ts';
export type { FeedSpec, LoadFeedsResult } from './gtfs/loadFeeds.ts';
export { feedsToTimetableInput } from './gtfs/toTimetableInput.ts';
export { findModeForRouteType, TRANSIT_MODES } from './gtfs/routeTypes.ts';
export type { TransitMode } from './gtfs/routeTypes.ts';
export { formatWarning } from './gtfs/warnings.ts';
export type { FeedWarning } from './gtfs/warnings.ts';
export type { GtfsFeed, ReadFeedResult } from './gtfs/types.ts';
export { buildTimetable } from './timetable/builder.ts';
export type { BuildOptions } from './timetable/builder.ts';
export { Timetable } from './timetable/timetable.ts';
export { TransitView } from './timetable/transitView.ts';
export { DEFAULT_TRANSFER_SETTINGS } from './timetable/types.ts';
export type {
  TimetableArrays,
  TimetableMeta,
  TimetableInput,
  TripInput,
  TransferSettings,
  FeedMeta,
  LineMeta,
  AgencyMeta,
} from './timetable/types.ts';
export { straightLineFootpaths, straightLineWalkSec } from './timetable/footpaths.ts';
export type { Footpath, FootpathSource, StopPositions } from './timetable/footpaths.ts';
export { writeTimetableSnapshot, readTimetableSnapshot } from './timetable/snapshot.ts';
export type { ReadSnapshotResult } from './timetable/snapshot.ts';
export { listStopsWithinWalk } from './timetable/nearbyStops.ts';
export { Raptor, DEFAULT_MAX_DURATION_SEC } from './raptor/raptor.ts';
// Live running (GTFS-realtime): src/realtime/README.md.
export { decodeFeed } from './realtime/decodeFeed.ts';
export type { DecodeResult, RtFeed, RtTripUpdate, RtAlert, RtVehicle } from './realtime/decodeFeed.ts';
export { LiveStore, regionLiveSources } from './realtime/liveStore.ts';
export type { LiveSource, PolledSource } from './realtime/liveStore.ts';
export type { LiveVersion, LiveAlert, FeedReport } from './realtime/liveVersion.ts';
export type { TripUpdatesReport, UnmatchedReason } from './realtime/tripUpdates.ts';
export { checkJourney } from './realtime/journeyCheck.ts';
export type { JourneyCheck, JourneyBreak, StepChange } from './realtime/journeyCheck.ts';
export { liveStepOf } from './realtime/stepLive.ts';
export { simulateFeed, simulatedSources, simulatorHandler, SIMULATED_KINDS } from './realtime/simulator.ts';
export type { SimulatedKind, SimulatedSource } from './realtime/simulator.ts';
export { POS_NO_PICKUP, POS_NO_DROP_OFF } from './raptor/transitData.ts';
export type { TransitData, TripHit, StopIdx, PatternIdx, TripIdx } from './raptor/transitData.ts';
export type {
  AccessLeg,
  RaptorQuery,
  RaptorJourney,
  RaptorLeg,
  RaptorResult,
  RaptorStats,
  RaptorTraceEvent,
  SearchDirection,
} from './raptor/types.ts';
export {
  serviceDayStartEpochSec,
  localToEpochSec,
  utcOffsetSec,
  epochToLocal,
  formatIsoLocal,
  parseLocalDateTime,
  parseGtfsDate,
  parseGtfsTime,
  dateToDayNumber,
  dayNumberToDate,
  isValidTimeZone,
} from './time/serviceDay.ts';
export type { DateInt } from './time/serviceDay.ts';
export { buildRegionCommand, TIMETABLE_SNAPSHOT_FILE, FEED_REPORT_FILE } from './cli/buildRegion.ts';
export { planCommand, toPlanJson, formatPlanTable } from './cli/plan.ts';
export type { PlanJson, PlanJsonLeg, PlanJsonPlace } from './cli/plan.ts';
