/** `@cairn/engine/cli`: the engine's commands, which `cairn` (packages/api/bin) dispatches to. */
export { buildRegionCommand } from './buildRegion.ts';
export { planCommand } from './plan.ts';
export { initRegionCommand } from './initRegion.ts';
export { checkRegionCommand } from './checkRegion.ts';
