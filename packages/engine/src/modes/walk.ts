import type { PlannedLeg } from '../journeys/model.ts';
import { haversineM } from '../geo/geometry.ts';
import type { Settlement, SettlementType } from '../places/types.ts';
import { inDaylight } from '../time/sunTimes.ts';
import { sumStepSec } from './streetStep.ts';

/** Walks longer than this are not offered door to door. */
export const MAX_WALK_SEC = 2 * 3600;

/** Why a door-to-door leg walks too long (more than MAX_WALK_SEC on foot in all), or null when it does not. */
export function checkWalkLeg(leg: PlannedLeg): string | null {
  return sumStepSec(leg, 'walk') > MAX_WALK_SEC ? 'the walk takes more than 2 hours' : null;
}

/**
 * A walk at least this long outside daylight on rural roads is not offered. Our own judgement,
 * not a published figure: issue #27's read found hour-long walks between Highland villages after
 * dark, on roads without lights or pavements; half an hour (about 2.4 km) is already a long way
 * in the dark beside traffic.
 */
export const DARK_RURAL_WALK_MAX_SEC = 30 * 60;

/**
 * How far from a settlement's centre its streets count as lit, by kind. Our own judgement, not a
 * published figure: a city is lit across its suburbs, a town through its centre and main roads,
 * a village along its main street, a hamlet not at all.
 */
export const LIT_RADIUS_M: Readonly<Record<SettlementType, number>> = {
  city: 5_000,
  town: 1_500,
  village: 500,
  hamlet: 0,
};

/**
 * A big city is lit further out than its kind says: 9 m × √population (our own judgement: about
 * 6.5 km for Edinburgh's 530,000, 26 km for New York's 8.3 million), whichever is more.
 */
function litRadiusM(p: Settlement): number {
  return Math.max(LIT_RADIUS_M[p.placeType], 9 * Math.sqrt(p.population ?? 0));
}

/**
 * Why a leg walks a long way on rural roads after dark ('dark rural walk'), or null: a walk step
 * of at least DARK_RURAL_WALK_MAX_SEC that is not all in civil daylight (as cycling, ADR 008 rule
 * 13) and whose midpoint lies outside every settlement's lit radius. A region without
 * settlements keeps every walk.
 */
export function checkDarkRuralWalk(
  settlements: readonly Settlement[],
  leg: PlannedLeg,
): 'dark rural walk' | null {
  // Without settlements (no OSM places) nothing says where the streets are lit.
  if (settlements.length === 0) return null;
  for (const s of leg.steps) {
    if (s.type !== 'walk' || s.endSec - s.startSec < DARK_RURAL_WALK_MAX_SEC) continue;
    if (inDaylight(s.from.lat, s.from.lon, s.startSec, s.endSec)) continue;
    const lat = (s.from.lat + s.to.lat) / 2;
    const lon = (s.from.lon + s.to.lon) / 2;
    const lit = settlements.some((p) => haversineM(p.lat, p.lon, lat, lon) <= litRadiusM(p));
    if (!lit) return 'dark rural walk';
  }
  return null;
}
