import { modeName } from '../lib/modeLabel.ts';
import { TRAVEL_TYPES, type Journey, type TravelType } from '@cairn/contracts';

/**
 * The stages to offer in the filter: every stage in the results and every one the URL selects
 * (so the panel shows the filter applied, results or not), sorted by name, blocked ones left out.
 */
export function listStageOptions(
  journeys: readonly Journey[],
  blocked: readonly string[],
  selected: readonly string[] | null = null,
): TravelType[] {
  const stages = new Set<TravelType>(TRAVEL_TYPES.filter((t) => selected?.includes(t)));
  for (const journey of journeys) {
    for (const stage of journey.depart.stages) stages.add(stage);
    for (const stage of journey.return?.stages ?? []) stages.add(stage);
  }
  // Sorted by the name the traveller reads ("lift" for the wire type "car"). These names are lower
  // case ASCII, which code units order as localeCompare does; localeCompare's first call loads
  // ICU's collation data, 11 to 20 ms in the task that draws Results' first cards (issue 31).
  return [...stages]
    .filter((s) => !blocked.includes(s))
    .sort((a, b) => byCodeUnits(modeName(a), modeName(b)));
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function stagesOf(journey: Journey): TravelType[] {
  return [...journey.depart.stages, ...(journey.return?.stages ?? [])];
}

/**
 * Whether a journey passes the stage filter.
 * - Single filter: `selected` null means all; otherwise the journey must use that stage.
 * - Multiple filter: every stage of the journey must be ticked (unticking "taxi" hides taxi
 *   journeys); null means all offered stages, so journeys using a blocked type never show.
 */
export function passesStageFilter(
  journey: Journey,
  mode: 'single' | 'multiple',
  selected: readonly string[] | null,
  offered: readonly string[],
  blocked: readonly string[],
): boolean {
  const stages = stagesOf(journey);
  if (mode === 'single') {
    if (stages.some((s) => blocked.includes(s))) return false;
    return selected === null || selected.length === 0 || stages.includes(selected[0] as TravelType);
  }
  const allowed = selected ?? offered;
  return stages.every((s) => allowed.includes(s));
}

/** Reads `?filters=` (comma list) into a selection; null is the default "all". */
export function parseFilters(param: string | null): string[] | null {
  if (param === null || param.trim() === '' || param === 'all') return null;
  return param
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
