import { findStopSnapPoint, listSnapPoints } from '../streets/snap.ts';
import { reachTargets } from '../streets/search.ts';
import type { SnapPoint } from '../streets/search.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import { WALK_MPS } from '../figures/planningFigures.ts';
import KDBush from 'kdbush';

/** A directed walk between two stops (same shape as the timetable's Footpath). */
export interface StopFootpath {
  from: number;
  to: number;
  durationSec: number;
}

/** Stop positions by index (same shape as the timetable's StopPositions). */
export interface StopCoordinates {
  count: number;
  lat: Float64Array;
  lon: Float64Array;
}

/** Stops further than this from a street keep the timetable's straight-line footpaths. */
const STOP_SNAP_M = 400;

/**
 * Walking times between stops along real streets: for each stop, a bounded walking search to
 * the stops within `radiusM` in a straight line. The search allows twice the straight-line
 * walking time for detours. Pass as the timetable's footpath source. Stops that cannot be
 * snapped get no footpaths from here.
 */
export function listStreetFootpaths(
  net: StreetNetwork,
  stops: StopCoordinates,
  settings: { footpathRadiusM: number },
): StopFootpath[] {
  const { kx, ky } = net.graph.projection;
  const snaps: Array<SnapPoint | undefined> = [];
  for (let i = 0; i < stops.count; i++)
    snaps.push(findStopSnapPoint(net.snap, stops.lat[i]!, stops.lon[i]!, 'foot', STOP_SNAP_M));
  const out: StopFootpath[] = [];
  if (stops.count < 2) return out;
  const index = new KDBush(stops.count);
  for (let i = 0; i < stops.count; i++) index.add(stops.lon[i]! * kx, stops.lat[i]! * ky);
  index.finish();
  const maxSec = (2 * settings.footpathRadiusM) / WALK_MPS;
  for (let i = 0; i < stops.count; i++) {
    const from = snaps[i];
    if (!from) continue;
    const near = index
      .within(stops.lon[i]! * kx, stops.lat[i]! * ky, settings.footpathRadiusM)
      .filter((j) => j !== i && snaps[j]);
    if (near.length === 0) continue;
    // The stop joins the network at the best of its nearby edges (links charged by the search).
    const links = listSnapPoints(net.snap, stops.lat[i]!, stops.lon[i]!, 'foot', STOP_SNAP_M);
    const reached = reachTargets(
      net.graph,
      links.length > 0 ? links : from,
      'foot',
      maxSec,
      near.map((j) => snaps[j]!),
      'from',
    );
    for (const r of reached)
      out.push({
        from: i,
        to: near[r.target]!,
        durationSec: Math.ceil(r.durationSec + snaps[near[r.target]!]!.distanceM / WALK_MPS),
      });
  }
  return out;
}

/** A footpath source for the timetable builder that walks the street network. */
export function streetFootpathSource(
  net: StreetNetwork,
): (stops: StopCoordinates, settings: { footpathRadiusM: number }) => StopFootpath[] {
  return (stops, settings) => listStreetFootpaths(net, stops, settings);
}
