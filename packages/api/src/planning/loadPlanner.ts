import { pathToFileURL } from 'node:url';
import { isAbsolute } from 'node:path';
import type { LoadPlanner, Planner } from '@cairn/engine';

const METHODS = ['plan', 'autocomplete', 'reverse', 'regionInfo', 'mapFeatures'] as const;

/**
 * Loads the planner for a region from a module exporting `loadPlanner(regionDir)` (the engine's
 * LoadPlanner): the engine (`@cairn/engine`) by default, or a file path given by PLANNER_MODULE.
 * A module is untyped until loaded: its shape is checked here, so a wrong one fails at start.
 */
export async function loadPlannerFrom(moduleName: string, regionDir: string): Promise<Planner> {
  const specifier = isAbsolute(moduleName) ? pathToFileURL(moduleName).href : moduleName;
  const mod: { loadPlanner?: LoadPlanner } = await import(specifier);
  if (typeof mod.loadPlanner !== 'function') {
    throw new Error(`${moduleName} does not export loadPlanner(regionDir)`);
  }
  const planner = await mod.loadPlanner(regionDir);
  for (const method of METHODS) {
    if (typeof planner[method] !== 'function')
      throw new Error(`The planner of ${moduleName} has no ${method}() method`);
  }
  if (typeof planner.region?.timeZone !== 'string')
    throw new Error(`The planner of ${moduleName} does not say its region's time zone`);
  return planner;
}
