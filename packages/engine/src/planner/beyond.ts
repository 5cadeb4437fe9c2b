import type { JourneyNotice } from '@cairn/contracts';
import { haversineM } from '../geo/geometry.ts';
import { formatDuration } from '../format/duration.ts';
import type { PlacePoint, PlannedLeg, PlannedStep } from '../journeys/model.ts';
import { stopKindOf } from '../timetable/stopKind.ts';
import type { RegionData } from '../loader/regionData.ts';
import { stopPlace } from './transitSteps.ts';

/*
 * A search end outside the region's box (issue 27, SPEC §1: such journeys are possible but less
 * accurate). The planner plans as far as its data reaches — to the region's station nearest the
 * outside place, the gateway — and adds the rest as one estimated step, labelled as an estimate,
 * with a notice that tells the traveller so. The estimate is a straight line stretched by a detour
 * factor at an average speed; it is never a timetable and it has no price.
 */

/** An end outside the region, and the gateway station the plan inside the region uses for it. */
export interface Beyond {
  end: 'origin' | 'destination';
  place: PlacePoint;
  gateway: PlacePoint;
  /** The estimated step between the gateway and the place, its length and time. */
  distanceM: number;
  durationSec: number;
  /** The time the estimate adds to the plan inside: the step and the change at the gateway. */
  addedSec: number;
  type: 'train' | 'intercity bus';
}

/**
 * Rail distance over the straight line between places in Great Britain, and average speeds with
 * changes. Our estimate from two journeys: Edinburgh–London King's Cross is 632 km of track for
 * 534 km in a straight line (1.18) in about 4 h 20 min, 146 km/h (LNER timetable); Inverness–Perth
 * is 190 km of track for 150 km (1.27) in about 2 h 10 min, 88 km/h (ScotRail timetable). Long
 * trips average nearer the first, with a change or two: 1.25 and 110 km/h. Coaches on trunk roads
 * average about 60 km/h with stops (Scottish Citylink Inverness–Fort William, 105 km in about
 * 1 h 50 min).
 */
const RAIL_DETOUR = 1.25;
const RAIL_KMH = 110;
const ROAD_DETOUR = 1.3;
const COACH_KMH = 60;
/** Time allowed to change at the gateway onto the estimated train or coach (or off it). */
const CHANGE_SEC = 15 * 60;
/** Beyond this the estimate goes by train; nearer, by coach. */
const RAIL_FROM_M = 150_000;

/** The region's station nearest `place` (of its declared gateways when any is found), and how far; best -1 when there is none. */
function nearestGateway(data: RegionData, place: PlacePoint): { best: number; bestM: number } {
  const a = data.timetable.a;
  const { bbox, gateways } = data.region;
  const nearest = (declaredOnly: boolean) => {
    let best = -1;
    let bestM = Infinity;
    for (let s = 0; s < a.stopLat.length; s++) {
      const lat = a.stopLat[s] ?? 0;
      const lon = a.stopLon[s] ?? 0;
      if (lat < bbox.minLat || lat > bbox.maxLat || lon < bbox.minLon || lon > bbox.maxLon) continue;
      if (stopKindOf(data.timetable, s) !== 'station') continue;
      if (declaredOnly && !gateways.includes(data.timetable.meta.stopNames[s] ?? '')) continue;
      const m = haversineM(lat, lon, place.lat, place.lon);
      if (m < bestM) [best, bestM] = [s, m];
    }
    return { best, bestM };
  };
  // The station nearest in a straight line may have no road or rail on towards the place
  // (Dalwhinnie for Fort William): the declared gateways are where the trains and coaches beyond
  // really leave from.
  const declared = gateways.length > 0 ? nearest(true) : { best: -1, bestM: Infinity };
  return declared.best >= 0 ? declared : nearest(false);
}

/** The estimate for `place` outside the region: the gateway station nearest it and the step's length and time; undefined when the region has no station. */
export function findBeyond(data: RegionData, end: Beyond['end'], place: PlacePoint): Beyond | undefined {
  const { best, bestM } = nearestGateway(data, place);
  if (best < 0) return undefined;
  const rail = bestM >= RAIL_FROM_M;
  const distanceM = bestM * (rail ? RAIL_DETOUR : ROAD_DETOUR);
  const durationSec = Math.round(distanceM / (((rail ? RAIL_KMH : COACH_KMH) * 1000) / 3600));
  return {
    end,
    place,
    gateway: stopPlace(data, best),
    distanceM,
    durationSec,
    addedSec: durationSec + CHANGE_SEC,
    type: rail ? 'train' : 'intercity bus',
  };
}

/** The leg with the estimated step added at its outside end: after it towards the place, before it from the place. */
export function extendBeyond(leg: PlannedLeg, b: Beyond, towardsPlace: boolean): PlannedLeg {
  const at = towardsPlace
    ? (leg.steps[leg.steps.length - 1]?.endSec ?? 0) + CHANGE_SEC
    : (leg.steps[0]?.startSec ?? 0) - CHANGE_SEC;
  const [from, to] = towardsPlace ? [b.gateway, b.place] : [b.place, b.gateway];
  const how = b.type === 'train' ? 'by train' : 'by coach';
  const step: PlannedStep = {
    type: b.type,
    startSec: towardsPlace ? at : at - b.durationSec,
    endSec: towardsPlace ? at + b.durationSec : at,
    distanceM: b.distanceM,
    from,
    to,
    coords: [
      [from.lat, from.lon],
      [to.lat, to.lon],
    ],
    directions: [],
    elevation: null,
    description: `About ${formatDuration(b.durationSec)} ${how} from ${from.name} to ${to.name} (estimate: outside the timetables this planner holds)`,
  };
  return { steps: towardsPlace ? [...leg.steps, step] : [step, ...leg.steps] };
}

/** The notice every journey to or from the outside place carries. */
export function beyondNotice(b: Beyond, regionName: string): JourneyNotice {
  const how = b.type === 'train' ? 'by train' : 'by coach';
  return {
    kind: 'estimate beyond region',
    text:
      `${b.place.name} is outside the area this planner covers (${regionName}): it plans as far as ` +
      `${b.gateway.name}, and the rest (about ${formatDuration(b.durationSec)} ${how}) is an estimate, ` +
      `not a timetable. Check it with the operators before you travel.`,
  };
}
