import { pathToFileURL } from 'node:url';
import { isAbsolute } from 'node:path';
import type { Planner, StreetFeature } from './planner.ts';

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
  return adaptPlanner(await mod.loadPlanner(regionDir));
}

type Loose = Record<string, unknown> & Partial<Planner>;

/** Checks the loaded object has the planner's methods; street geometry may go by a few names. */
export function adaptPlanner(value: unknown): Planner {
  const engine = value as Loose;
  for (const method of ['plan', 'autocomplete', 'reverse', 'regionInfo'] as const) {
    if (typeof engine[method] !== 'function') throw new Error(`The planner has no ${method}() method`);
  }
  const streets = (['streetFeatures', 'streetGeometry', 'listStreetFeatures'] as const)
    .map((name) => engine[name])
    .find((f): f is () => Iterable<StreetFeature> => typeof f === 'function');
  return {
    plan: (request, profile, brand) => engine.plan!.call(engine, request, profile, brand),
    autocomplete: (q, limit) => engine.autocomplete!.call(engine, q, limit),
    reverse: (lat, lng) => engine.reverse!.call(engine, lat, lng),
    regionInfo: () => engine.regionInfo!.call(engine),
    streetFeatures: () => (streets ? toFeatures(streets.call(engine)) : []),
  };
}

function toFeatures(value: unknown): Iterable<StreetFeature> | Promise<Iterable<StreetFeature>> {
  if (value instanceof Promise) return value.then((v: unknown) => toFeatures(v) as Iterable<StreetFeature>);
  const collection = value as { type?: string; features?: StreetFeature[] };
  if (collection && collection.type === 'FeatureCollection') return collection.features ?? [];
  return value as Iterable<StreetFeature>;
}
