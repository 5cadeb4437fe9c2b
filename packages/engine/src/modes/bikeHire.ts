import type { PlacePoint } from '../journeys/model.ts';
import { findSnapPoint } from '../streets/snap.ts';
import { reachTargets } from '../streets/search.ts';
import type { SnapPoint } from '../streets/search.ts';
import { MAX_SNAP_M } from '../streets/streetNetwork.ts';
import type { PartsAnswer } from './streetStep.ts';
import type { ModeContext } from './types.ts';

/** Furthest walk to a pick-up dock or from a drop-off dock. */
export const MAX_WALK_TO_DOCK_SEC = 15 * 60;

/** Docks within walking reach of a point (direction 'from': walking to them; 'to': walking from them), nearest first. */
function listDocksNear(
  ctx: ModeContext,
  lat: number,
  lon: number,
  direction: 'from' | 'to',
  maxSec = MAX_WALK_TO_DOCK_SEC,
): Array<{ index: number; walkSec: number }> {
  const point = findSnapPoint(ctx.net.snap, lat, lon, 'foot', MAX_SNAP_M);
  if (!point) return [];
  const usable = ctx.bikeDocks
    .map((d, index) => ({ index, snap: d.foot, capacity: d.station.capacity }))
    .filter(
      (d): d is { index: number; snap: SnapPoint; capacity: number } =>
        d.snap !== undefined && d.capacity > 0,
    );
  const reached = reachTargets(
    ctx.net.graph,
    point,
    'foot',
    maxSec,
    usable.map((d) => d.snap),
    direction,
  );
  return reached
    .map((r) => ({ index: usable[r.target]!.index, walkSec: r.durationSec }))
    .sort((a, b) => a.walkSec - b.walkSec);
}

/**
 * Docked bike hire: walk to the nearest open dock, ride to the open dock nearest the destination
 * and walk on, each walk within `maxWalkSec`. No pricing plan is pinned on the ride: the fares
 * code then charges the cheapest of the scheme's plans for the ride's length.
 */
export function bikeHireParts(
  modes: ModeContext,
  from: PlacePoint,
  to: PlacePoint,
  maxWalkSec = MAX_WALK_TO_DOCK_SEC,
): PartsAnswer {
  if (!modes.region.bikeHire) return { reason: 'the region has no bike-hire scheme' };
  const minutes = Math.round(maxWalkSec / 60);
  const nearest = (p: PlacePoint, direction: 'from' | 'to') =>
    listDocksNear(modes, p.lat, p.lng, direction, maxWalkSec)
      .map((d) => modes.bikeDocks[d.index]!)
      .find((d) => d.bicycle)?.station;
  const a = nearest(from, 'from');
  if (!a) return { reason: `no bike-hire dock within a ${minutes}-minute walk of the start` };
  const b = nearest(to, 'to');
  if (!b) return { reason: `no bike-hire dock within a ${minutes}-minute walk of the destination` };
  if (a.station_id === b.station_id)
    return { reason: 'the same dock is nearest both ends; walking is simpler' };
  const pa: PlacePoint = { name: `${a.name} bike-hire dock`, lat: a.lat, lng: a.lon };
  const pb: PlacePoint = { name: `${b.name} bike-hire dock`, lat: b.lat, lng: b.lon };
  return {
    parts: [
      { type: 'walk', from, to: pa },
      { type: 'bike hire', from: pa, to: pb },
      { type: 'walk', from: pb, to },
    ],
  };
}
