import { pathToFileURL } from 'node:url';
import { isAbsolute } from 'node:path';
import type { Planner } from './planner.ts';

const METHODS = ['plan', 'autocomplete', 'reverse', 'regionInfo', 'mapFeatures'] as const;

/**
 * Loads the planner for a region from a module exporting `loadPlanner(regionDir)`: the engine
 * (`@cairn/engine`) by default, or a file path given by PLANNER_MODULE.
 */
export async function loadPlannerFrom(moduleName: string, regionDir: string): Promise<Planner> {
  const specifier = isAbsolute(moduleName) ? pathToFileURL(moduleName).href : moduleName;
  const mod = (await import(specifier)) as { loadPlanner?: (dir: string) => unknown };
  if (typeof mod.loadPlanner !== 'function') {
    throw new Error(`${moduleName} does not export loadPlanner(regionDir)`);
  }
  const planner = (await mod.loadPlanner(regionDir)) as Record<string, unknown>;
  for (const method of METHODS) {
    if (typeof planner[method] !== 'function')
      throw new Error(`The planner of ${moduleName} has no ${method}() method`);
  }
  return planner as unknown as Planner;
}
