import type { OsmTags } from './types.ts';

/*
 * What OSM says about getting along a way or past a node without steps (issue #19). Each answer is
 * one code of STEP_FREE_CODES: known step-free, not known (and why), or not step-free (and why).
 * Missing data stays unknown: a footpath without a surface tag is neither passable nor blocked.
 */

/**
 * Codes in order of severity, so the worst of several parts is the highest code: 0 is step-free,
 * the `unknown-*` codes are not known, the rest are known not to be step-free.
 */
export const STEP_FREE_CODES = [
  'step-free',
  'unknown-surface',
  'unknown-kerb',
  'steps',
  'kerb',
  'incline',
  'surface',
  'barrier',
  'marked-no',
] as const;
export type StepFreeCode = (typeof STEP_FREE_CODES)[number];
const CODE = new Map<StepFreeCode, number>(STEP_FREE_CODES.map((c, i) => [c, i]));

/** The number stored per edge for a code. */
export function stepFreeCodeIndex(code: StepFreeCode): number {
  return CODE.get(code)!;
}

/** First code that is known not to be step-free: codes from here on block a step-free search. */
export const FIRST_BLOCKING_CODE = stepFreeCodeIndex('steps');
/** First code that is not known to be step-free. */
export const FIRST_UNKNOWN_CODE = stepFreeCodeIndex('unknown-surface');

/**
 * Steepest slope taken, as a fraction: 1:12, the steepest ramp of Approved Document M (England)
 * and BS 8300-1 for wheelchair users.
 */
export const MAX_STEP_FREE_INCLINE = 1 / 12;

/** Surfaces a wheelchair cannot be expected to cross (OSM wiki Key:surface, the unpaved values). */
const ROUGH = new Set([
  'unpaved',
  'gravel',
  'pebblestone',
  'rock',
  'stone',
  'dirt',
  'earth',
  'ground',
  'grass',
  'mud',
  'sand',
  'woodchips',
  'scree',
]);
/** Surfaces that are smooth enough (OSM wiki Key:surface, paved values and compacted or fine gravel). */
const SMOOTH = new Set([
  'paved',
  'asphalt',
  'concrete',
  'concrete:plates',
  'concrete:lanes',
  'paving_stones',
  'metal',
  'wood',
  'rubber',
  'compacted',
  'fine_gravel',
  'tartan',
]);
/** OSM wiki Key:smoothness: values at which wheelchairs are said not to pass. */
const BAD_SMOOTHNESS = new Set(['bad', 'very_bad', 'horrible', 'very_horrible', 'impassable']);
/** Road classes taken as paved without a surface tag: the OSM wiki's implied surface of roads. */
const IMPLIED_PAVED = new Set([
  'motorway',
  'motorway_link',
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
  'unclassified',
  'residential',
  'living_street',
  'service',
  'road',
  'pedestrian',
]);
/** Barriers a wheelchair does not get through (OSM wiki Key:barrier). */
const BLOCKING_BARRIERS = new Set(['stile', 'kissing_gate', 'turnstile', 'full-height_turnstile', 'step']);
/** Kerb values a wheelchair rolls over (OSM wiki Key:kerb); raised and regular kerbs block, rolled are not known. */
const PASSABLE_KERBS = new Set(['lowered', 'flush', 'no']);
const BLOCKING_KERBS = new Set(['raised', 'regular', 'yes']);

/** A slope tag as a fraction (incline=12% or 7°); null for up/down or no tag. */
function inclineFraction(value: string | undefined): number | null {
  if (value === undefined) return null;
  const m = /^(-?\d+(?:\.\d+)?)\s*(%|°)?$/.exec(value.trim());
  if (!m) return null;
  const n = Math.abs(Number(m[1]));
  return m[2] === '°' ? Math.tan((n * Math.PI) / 180) : n / 100;
}

/** What a way's tags say about travelling it without steps. */
export function wayStepFree(tags: OsmTags): StepFreeCode {
  const highway = tags.route === 'ferry' ? 'ferry' : (tags.highway ?? '');
  if (tags.wheelchair === 'no') return 'marked-no';
  if (highway === 'steps')
    return tags['ramp:wheelchair'] === 'yes' || tags.wheelchair === 'yes' ? 'step-free' : 'steps';
  const incline = inclineFraction(tags.incline);
  if (incline !== null && incline > MAX_STEP_FREE_INCLINE) return 'incline';
  if (tags.smoothness !== undefined && BAD_SMOOTHNESS.has(tags.smoothness)) return 'surface';
  if (tags.surface !== undefined && ROUGH.has(tags.surface)) return 'surface';
  if (tags.wheelchair === 'yes' || tags.wheelchair === 'designated') return 'step-free';
  if (tags.surface !== undefined && SMOOTH.has(tags.surface)) return 'step-free';
  if (tags.surface === undefined && IMPLIED_PAVED.has(highway)) return 'step-free';
  return 'unknown-surface';
}

/** What a node's tags say about passing it: kerbs, gates and stiles, elevators, wheelchair=no. */
export function nodeStepFree(tags: OsmTags): StepFreeCode {
  if (tags.wheelchair === 'no') return 'marked-no';
  // An elevator node joins levels without steps; mapped as a node on the footways it links.
  if (tags.highway === 'elevator') return 'step-free';
  if (tags.barrier !== undefined && BLOCKING_BARRIERS.has(tags.barrier)) return 'barrier';
  const kerb = tags.kerb;
  if (kerb !== undefined) {
    if (PASSABLE_KERBS.has(kerb)) return 'step-free';
    return BLOCKING_KERBS.has(kerb) ? 'kerb' : 'unknown-kerb';
  }
  return tags.barrier === 'kerb' ? 'unknown-kerb' : 'step-free';
}
