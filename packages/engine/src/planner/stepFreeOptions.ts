import type { Assistance, StepFree } from '@cairn/contracts';
import type { PlannedOption, PlannedStep } from '../journeys/model.ts';
import { inTaxiArea } from '../modes/serviceTime.ts';
import type { RegionConfig } from '../region/regionConfig.ts';
import { flexibleServiceOf } from '../region/regionConfig.ts';
import { rideStepFree, summariseStepFree } from '../stepFree/labels.ts';
import { buildStreetStep } from '../modes/streetStep.ts';
import type { StreetNetwork } from '../streets/streetNetwork.ts';
import type { RegionData } from '../loader/regionData.ts';

/*
 * Labels of step-free searches for the steps the street profile does not label (rides, cars,
 * taxis, booked services), the operator's help to book, and the rule that keeps options: known
 * not step-free goes while anything else is left; not known stays, marked (issue #19).
 */

const OWN_CAR: StepFree = { status: 'yes', reason: 'Your own car, door to door' };
const UNKNOWN_CAR: StepFree = {
  status: 'unknown',
  reason: 'No information on whether the car is accessible',
};
const BOOKED: StepFree = { status: 'unknown', reason: 'Ask the operator about access when you book' };

/** A taxi's label: step-free when the region lists a wheelchair-accessible operator for the pick-up. */
function taxiStepFree(region: RegionConfig, step: PlannedStep): StepFree {
  const accessible = region.taxi.operators.find(
    (op) => op.wheelchairAccessible && inTaxiArea(step.from.lat, step.from.lon, op.area),
  );
  return accessible
    ? {
        status: 'yes',
        reason: `Wheelchair-accessible taxi from ${accessible.name}: ask for one when you book`,
      }
    : { status: 'unknown', reason: 'No wheelchair-accessible taxi known here' };
}

/** The region operator's help for a step: the ride's operator, or the booked service's. */
function assistanceFor(region: RegionConfig, step: PlannedStep): Assistance | undefined {
  const svc = flexibleServiceOf(region, step.flexibleServiceId);
  const operatorId = step.ride?.operatorId ?? svc?.operatorId;
  return region.operators.find((o) => o.id === operatorId)?.assistance;
}

/**
 * A change between stops is timed from the timetable's footpaths; its label comes from the
 * step-free streets between the stops, or says there is no step-free path there.
 */
function changeStepFree(streets: StreetNetwork, step: PlannedStep): StepFree {
  const walked = buildStreetStep(streets, 'walk', step.from, step.to, { startSec: step.startSec });
  return walked?.stepFree ?? NO_CHANGE_PATH;
}

const NO_CHANGE_PATH: StepFree = { status: 'no', reason: 'No step-free path for this change' };

/** A step's label; walks keep the one the street profile gave them. */
function stepLabel(data: RegionData, step: PlannedStep): StepFree | undefined {
  const region = data.region;
  if (step.stepFree) return step.stepFree;
  if (step.type === 'walk') return changeStepFree(data.streets, step);
  const w = step.ride?.wheelchair;
  if (step.ride && w) {
    const stops = step.ride.stops;
    return rideStepFree({
      board: { name: stops[0]?.name ?? 'the first stop', wheelchair: w.board },
      alight: { name: stops.at(-1)?.name ?? 'the last stop', wheelchair: w.alight },
      vehicle: w.trip,
    });
  }
  switch (step.type) {
    case 'own car':
      return OWN_CAR;
    case 'taxi':
      return taxiStepFree(region, step);
    case 'drt':
    case 'community transport':
      return BOOKED;
    case 'car':
    case 'car club':
      return UNKNOWN_CAR;
    default:
      return undefined;
  }
}

/** Labels every step of an option in place and gives its summary. */
export function labelStepFree(data: RegionData, option: PlannedOption): StepFree | undefined {
  const steps = [...option.depart.steps, ...(option.ret?.steps ?? [])];
  for (const step of steps) {
    const label = stepLabel(data, step);
    if (label) step.stepFree = label;
    const help = assistanceFor(data.region, step);
    if (help) step.assistance = help;
  }
  return summariseStepFree(steps.map((s) => s.stepFree));
}

/** Options known not to be step-free go, unless nothing else is left: never nothing. */
export function keepStepFree<T>(options: readonly T[], summary: (o: T) => StepFree | undefined): T[] {
  const usable = options.filter((o) => summary(o)?.status !== 'no');
  return usable.length > 0 ? usable : [...options];
}
