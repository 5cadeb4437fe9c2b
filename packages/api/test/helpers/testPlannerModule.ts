import { createTestPlanner } from './testPlanner.ts';

/** PLANNER_MODULE for child processes in tests: the fixture planner, whatever the region folder. */
export function loadPlanner(_regionDir: string) {
  return createTestPlanner();
}
