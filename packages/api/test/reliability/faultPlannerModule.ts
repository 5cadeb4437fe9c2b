import { appendFileSync } from 'node:fs';
import { createTestPlanner } from '../helpers/testPlanner.ts';

/**
 * PLANNER_MODULE for the fault tests' child processes: the fixture planner, slowed by
 * FAULT_PLAN_DELAY_MS, answering FAULT_JOURNEYS journeys, and appending "<pid> <origin>" to
 * FAULT_MARKER_FILE when a plan starts, so a test can kill the process mid-search.
 */
export function loadPlanner(_regionDir: string) {
  const planner = createTestPlanner();
  planner.delayMs = Number(process.env.FAULT_PLAN_DELAY_MS ?? 0);
  planner.journeyCount = Number(process.env.FAULT_JOURNEYS ?? 3);
  const plan = planner.plan.bind(planner);
  planner.plan = async (request, profile, brand) => {
    if (process.env.FAULT_MARKER_FILE)
      appendFileSync(process.env.FAULT_MARKER_FILE, `${process.pid} ${request.origin}\n`);
    return plan(request, profile, brand);
  };
  return planner;
}
