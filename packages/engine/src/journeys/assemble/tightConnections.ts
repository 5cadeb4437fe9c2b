import type { JourneyNotice, Step } from '@cairn/contracts';
import type { PlannedLeg, PlannedStep } from '../model.ts';

/*
 * A connection onto the last departure of the day with little time to spare is flagged (issue 27):
 * missing it strands the traveller, so they should know before they set off. Whether a ride is the
 * last of the day the planner says from its timetable (planner/stepTimetable.ts hasLaterRun).
 */

/** Notices for each ride of a leg boarded after another step with less than `tightSec` to spare, onto the day's last run. */
export function listTightLastConnections(
  leg: PlannedLeg,
  steps: readonly Step[],
  rule: { tightSec: number; isLast: ((step: PlannedStep) => boolean) | undefined },
): JourneyNotice[] {
  const out: JourneyNotice[] = [];
  leg.steps.forEach((planned, i) => {
    const before = leg.steps[i - 1];
    if (!planned.ride || !before || !rule.isLast) return;
    const spareSec = planned.startSec - before.endSec;
    if (spareSec >= rule.tightSec || !rule.isLast(planned)) return;
    const step = steps[i]!;
    const spareMin = Math.max(0, Math.floor(spareSec / 60));
    const service = step.service_number ? ` ${step.service_number}` : '';
    out.push({
      kind: 'tight last connection',
      text:
        `${spareMin === 0 ? 'Less than a minute' : `Only ${spareMin} min`} to make the ${step.departure_time} ${step.type}${service} from ${step.start_address}: ` +
        `it is the last one today.`,
      margin_min: spareMin,
    });
  });
  return out;
}
