import type { PlaceSuggestion, RegionInfo } from '@cairn/contracts';
import { toLatLng } from '../geo/geometry.ts';
import { listPoisNear, listToiletMarkersNear } from '../journeys/extras/places.ts';
import { listTaxiOperators } from '../modes/taxi.ts';
import type { PlannedStep } from '../journeys/model.ts';
import {
  buildGeocoder,
  findPlace,
  listSuggestions,
  plainPlaceName,
  reverseGeocode,
} from '../geocoding/geocoder.ts';
import type { GeocodeResult } from '../geocoding/geocoder.ts';
import { isInGreatBritain } from '../places/greatBritain.ts';
import { locateEnds, outsideAreaMessage } from '../places/locateEnd.ts';
import { findBeyond } from './beyond.ts';
import { MAX_TRANSFERS } from '../figures/planningFigures.ts';
import type { CoveredArea, FindPlace } from '../places/locateEnd.ts';
import { McRaptor } from '../raptor/mcRaptor.ts';
import { Raptor } from '../raptor/raptor.ts';
import { TransitView } from '../timetable/transitView.ts';
import { countStopCalls, listStopLines } from '../timetable/stopKind.ts';
import { epochToLocal } from '../time/serviceDay.ts';
import type { DateInt } from '../time/serviceDay.ts';
import { mapView } from '../region/mapView.ts';
import { buildMapFeatures } from './mapFeatures.ts';
import type { MapFeatureCollection } from './mapFeatures.ts';
import { planSearch } from './plan.ts';
import type { Planner } from './port.ts';
import { loadRegionData, regionDataFromFeeds } from '../loader/regionData.ts';
import type { FeedRegionOptions, RegionData } from '../loader/regionData.ts';
import type { FeedSpec } from '../gtfs/loadFeeds.ts';
import type { FeedWarning } from '../gtfs/warnings.ts';
import { buildStepTimetable, hasLaterRun } from './stepTimetable.ts';
import type { LiveVersion } from '../realtime/liveVersion.ts';
import { LiveStore } from '../realtime/liveStore.ts';
import { checkJourney } from '../realtime/journeyCheck.ts';

const VIEW_CACHE = 4;
/** Places this far beyond the region's box (degrees, ~10 km) are still its own: extracts reach past the box. */
const REGION_PLACE_MARGIN_DEG = 0.1;

function isInBox(b: RegionData['region']['bbox'], lat: number, lon: number, marginDeg: number): boolean {
  return (
    lat >= b.minLat - marginDeg &&
    lat <= b.maxLat + marginDeg &&
    lon >= b.minLon - marginDeg &&
    lon <= b.maxLon + marginDeg
  );
}

/** Options of a loaded planner. */
export interface PlannerOptions {
  /** The clock (epoch milliseconds), for booking windows of DRT and community transport; Date.now by default. */
  now?: () => number;
  /** Where load progress goes (whether the timetable came from the snapshot or from GTFS); stderr by default. */
  log?: (message: string) => void;
}

/** Loads a region folder (region.json, timetable snapshot or GTFS feeds, OSM extract) into a Planner. */
export async function loadPlanner(regionDir: string, options: PlannerOptions = {}): Promise<Planner> {
  const data = await loadRegionData(regionDir, {
    ...(options.log ? { log: options.log } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  return createPlanner(data, options);
}

/**
 * A Planner over GTFS feeds without region.json (loader/regionData.ts regionDataFromFeeds: default
 * region config, straight-line walks without an OSM file), or why it cannot be built.
 */
export function loadPlannerFromFeeds(
  feeds: FeedSpec[],
  options: PlannerOptions & FeedRegionOptions = {},
):
  | { ok: true; planner: Planner; feedWarnings: FeedWarning[]; warningCounts: Map<string, number> }
  | {
      ok: false;
      message: string;
      feedWarnings: FeedWarning[];
    } {
  const built = regionDataFromFeeds(feeds, options);
  if (!built.ok) return built;
  return {
    ok: true,
    planner: createPlanner(built.data, options),
    feedWarnings: built.feedWarnings,
    warningCounts: built.warningCounts,
  };
}

/** A Planner over region data already loaded (a region folder, or feeds with the default config). */
export function createPlanner(data: RegionData, options: PlannerOptions = {}): Planner {
  const now = options.now ?? Date.now;
  const stops = data.timetable.meta.stopIds.map((id, s) => ({
    id,
    name: data.timetable.meta.stopNames[s] ?? id,
    lat: data.timetable.a.stopLat[s] ?? 0,
    lon: data.timetable.a.stopLon[s] ?? 0,
    lines: listStopLines(data.timetable, s),
    calls: countStopCalls(data.timetable, s),
  }));
  const b = data.region.bbox;
  const geocoder = buildGeocoder(
    { places: data.places, network: data.streets, stops, beyond: data.region.placeSearch.beyond },
    {
      biasBox: { minLat: b.minLat, minLon: b.minLon, maxLat: b.maxLat, maxLon: b.maxLon },
      // The region's own places in any country, and Great Britain's as before (SPEC §5).
      restrictTo: (lat, lon) => isInBox(b, lat, lon, REGION_PLACE_MARGIN_DEG) || isInGreatBritain(lat, lon),
      abbreviations: data.region.placeSearch.abbreviations,
    },
  );
  const area: CoveredArea = { name: data.region.name, ...b };
  const find: FindPlace = (text) => findPlace(geocoder, text);
  const views = new Map<
    string,
    { view: TransitView; raptor: Raptor; mcRaptor: McRaptor; live?: LiveVersion }
  >();
  // One cache for timetable and live views: a new live version simply makes new entries (checked
  // by identity, as two stores may name their versions alike).
  const routersOf = (live: LiveVersion | undefined) => (date: DateInt) => {
    const key = `${date}|${live?.id ?? ''}`;
    let v = views.get(key);
    if (!v || v.live !== live) {
      // The view counts service days in the region's time zone, as viewDateOf picks its date.
      const view = new TransitView(data.timetable, date, data.region.timeZone, live);
      v = {
        view,
        raptor: new Raptor(view, MAX_TRANSFERS),
        mcRaptor: new McRaptor(view, MAX_TRANSFERS),
        ...(live ? { live } : {}),
      };
      views.delete(key);
      views.set(key, v);
      if (views.size > VIEW_CACHE) views.delete(views.keys().next().value as string);
    }
    return v;
  };
  let features: MapFeatureCollection | undefined;
  return {
    warnings: data.warnings,
    region: { timeZone: data.region.timeZone },
    async plan(request, profile, brand, live, options) {
      if (live && live.timetable !== data.timetable) throw new Error('live version of another timetable');
      const raptorFor = routersOf(live);
      const ends = locateEnds(request, find, area);
      if (!ends.ok) return { found: false, journeys: [], why: { reason: 'unplaced', ends: ends.unplaced } };
      const { origin: from, destination: to } = ends;
      // The steps name each end plainly: a suggestion's label may carry its lines to tell it apart.
      let origin = { name: plainPlaceName(geocoder, from.name), lat: from.lat, lon: from.lon };
      let destination = { name: plainPlaceName(geocoder, to.name), lat: to.lat, lon: to.lon };
      // An end outside the region: plan to (or from) the region's station nearest it, estimate the rest.
      const outside = from.outside ? 'origin' : to.outside ? 'destination' : undefined;
      const beyond = outside && findBeyond(data, outside, outside === 'origin' ? origin : destination);
      if (outside && !beyond) {
        // No station in the region to plan from: refused as before.
        const message = outsideAreaMessage(outside === 'origin' ? request.origin : request.destination, area);
        return {
          found: false,
          journeys: [],
          why: { reason: 'unplaced', ends: [{ end: outside, problem: 'outside area', message }] },
        };
      }
      if (beyond?.end === 'origin') origin = beyond.gateway;
      if (beyond?.end === 'destination') destination = beyond.gateway;
      return planSearch(
        data,
        {
          request,
          profile,
          brand,
          origin,
          destination,
          nowSec: Math.floor(now() / 1000),
          ...(live ? { live } : {}),
          ...(options?.explain ? { explain: true } : {}),
          ...(beyond ? { beyond } : {}),
        },
        extrasFor(data, raptorFor, brand.showPois),
        raptorFor,
      );
    },
    createLiveStore(idPrefix) {
      return new LiveStore(data.timetable, idPrefix);
    },
    checkJourney(journey, live) {
      return checkJourney(journey, live, data.region.timeZone);
    },
    autocomplete(q, limit) {
      return listSuggestions(geocoder, q, limit).map(toSuggestion);
    },
    findPlace(text) {
      const found = findPlace(geocoder, text);
      return found && toSuggestion(found);
    },
    reverse(lat, lon) {
      return toSuggestion(reverseGeocode(geocoder, lat, lon));
    },
    regionInfo() {
      return regionInfoOf(data);
    },
    mapFeatures() {
      features ??= buildMapFeatures(data);
      return features;
    },
  };
}

const SUGGESTION_KIND: Record<GeocodeResult['kind'], PlaceSuggestion['kind']> = {
  place: 'place',
  station: 'station',
  stop: 'stop',
  street: 'street',
  address: 'address',
  poi: 'poi',
  // The wire's kinds are a closed list old clients check: a healthcare place travels as a point of
  // interest, and its description says hospital or clinic.
  hospital: 'poi',
  clinic: 'poi',
};

function toSuggestion(r: GeocodeResult): PlaceSuggestion {
  return {
    id: r.id,
    label: r.label,
    description: [r.context, r.kind].filter((x) => x).join(', '),
    kind: SUGGESTION_KIND[r.kind],
    location: toLatLng(r),
  };
}

function extrasFor(data: RegionData, raptorFor: (date: DateInt) => { view: TransitView }, showPois: boolean) {
  return {
    poisNear: (lat: number, lon: number, name: string) =>
      showPois ? listPoisNear(data.places.pois, lat, lon, name) : [],
    toiletsNear: (lat: number, lon: number, visitSec: number) =>
      listToiletMarkersNear(data.places.toilets, lat, lon, new Date(visitSec * 1000)),
    taxisAt: (lat: number, lon: number) => listTaxiOperators(data, lat, lon),
    timetableFor: (step: PlannedStep) => {
      const first = step.ride?.stops[0];
      if (!first) return undefined;
      const { view } = raptorFor(viewDateOf(data, first.timeSec));
      return buildStepTimetable(data, view, step);
    },
    lastRunOfDay: (step: PlannedStep) => {
      const first = step.ride?.stops[0];
      if (!first) return false;
      const { view } = raptorFor(viewDateOf(data, first.timeSec));
      return !hasLaterRun(data, view, step);
    },
  };
}

function viewDateOf(data: RegionData, epochSec: number): DateInt {
  return epochToLocal(data.region.timeZone, epochSec).date;
}

/** The region as the web app needs it (SPEC GET /v1/config). */
function regionInfoOf(data: RegionData): RegionInfo {
  const r = data.region;
  const view = mapView(r);
  return {
    id: r.id,
    name: r.name,
    demo: r.demo,
    bbox: [r.bbox.minLon, r.bbox.minLat, r.bbox.maxLon, r.bbox.maxLat],
    center: toLatLng(view.centre),
    zoom: view.zoom,
    attribution: ['© OpenStreetMap contributors', ...r.attribution].join(' · '),
    time_zone: r.timeZone,
    currency: r.currency,
    concession_schemes: r.fares.concessions.schemes.map(({ id, label, eligibility }) => ({
      id,
      label,
      eligibility,
    })),
  };
}

export type { MapFeatureCollection, MapFeature } from './mapFeatures.ts';
export type { Planner } from './port.ts';
