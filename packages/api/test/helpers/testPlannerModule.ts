import { createTestPlanner } from './testPlanner.ts';

/**
 * PLANNER_MODULE for child processes in tests: the fixture planner, whatever the region folder.
 * TEST_PLANNER_DELAY_MS makes each plan take that long (to kill a worker mid-job).
 */
export function loadPlanner(_regionDir: string) {
  const planner = createTestPlanner();
  planner.delayMs = Number(process.env.TEST_PLANNER_DELAY_MS ?? 0);
  return planner;
}
