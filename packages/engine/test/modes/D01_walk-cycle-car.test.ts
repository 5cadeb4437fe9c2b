// Feature under test: walk, cycle, own car and car (a lift) door to door: availability, duration, distance and cost.
import { describe, expect, it } from 'vitest';
import { walkMode } from '../../src/modes/walk.ts';
import { cycleMode } from '../../src/modes/cycle.ts';
import { ownCarMode } from '../../src/modes/ownCar.ts';
import { carMode } from '../../src/modes/car.ts';
import { planDoorToDoor } from '../../src/modes/registry.ts';
import { adult, ctx, trip } from './modeFixture.ts';

const WALK_MPS = 4.8 / 3.6;
const CYCLE_MPS = 16 / 3.6;
const TOWN_MPS = (30 * 1.609344 * 0.9) / 3.6;

describe('walk and cycle', () => {
  it('walks 2 km along Main Street for free at 4.8 km/h', () => {
    const a = walkMode.plan(ctx, trip([-1000, 0], [1000, 0]));
    if (!a.ok) throw new Error(a.reason);
    expect(a.option.distanceM).toBeCloseTo(2000, -1);
    expect(a.option.durationSec).toBeCloseTo(2000 / WALK_MPS, -1);
    expect(a.option.cost.pence).toBe(0);
    expect(a.option.steps[0]!.route!.directions[0]!.instruction).toBe('Head east on Main Street');
  });

  it('does not offer a walk of more than two hours', () => {
    const a = walkMode.plan(ctx, trip([-2000, 0], [9000, 1000]));
    expect(a).toEqual({ ok: false, reason: 'the walk takes more than 2 hours' });
  });

  it('cycles the same street at 16 km/h', () => {
    const a = cycleMode.plan(ctx, trip([-1000, 0], [1000, 0]));
    if (!a.ok) throw new Error(a.reason);
    expect(a.option.durationSec).toBeCloseTo(2000 / CYCLE_MPS, -1);
    expect(a.option.cost.pence).toBe(0);
  });
});

describe('own car', () => {
  it('needs car access', () => {
    expect(ownCarMode.plan(ctx, trip([-1000, 0], [1950, 0]))).toEqual({
      ok: false,
      reason: 'the traveller has no car access',
    });
  });

  it('drives to the car park nearest the destination, parks free there and walks on', () => {
    const a = ownCarMode.plan(ctx, trip([-1000, 0], [1950, 0], undefined, { ...adult, hasCarAccess: true }));
    if (!a.ok) throw new Error(a.reason);
    expect(a.option.steps.map((s) => s.type)).toEqual(['own car', 'walk']);
    const drive = a.option.steps[0]!;
    expect(drive.to.name).toBe('East car park');
    expect(drive.leavesVehicleAt?.name).toBe('East car park');
    expect(drive.distanceM).toBeCloseTo(2900, -1);
    const miles = drive.distanceM * 0.00062137;
    expect(a.option.cost.pence).toBe(Math.round(20 * miles));
    expect(a.option.cost.estimate).toBe(true);
    expect(a.option.cost.lines[1]).toEqual({ description: 'Parking at East car park', pence: 0 });
  });

  it('parks at the door when no car park is near, leaving parking to be priced by the stay', () => {
    const a = ownCarMode.plan(ctx, trip([-1000, 0], [0, -900], undefined, { ...adult, hasCarAccess: true }));
    if (!a.ok) throw new Error(a.reason);
    expect(a.option.steps.map((s) => s.type)).toEqual(['own car']);
    expect(a.option.cost.lines[1]!.pence).toBeNull();
  });
});

describe('car (a lift)', () => {
  it('drives door to door without car access, free for the passenger', () => {
    const a = carMode.plan(ctx, trip([-1000, 0], [1000, 0]));
    if (!a.ok) throw new Error(a.reason);
    expect(a.option.durationSec).toBeCloseTo(2000 / TOWN_MPS, -1);
    expect(a.option.cost.pence).toBe(0);
    expect(a.option.steps[0]!.description).toBe('Get a lift from Home to Work');
  });

  it('takes the faster road when it is quicker', () => {
    // West end of Main Street to the east end of Far Road: via Station Road and the 60 mph road.
    const a = carMode.plan(ctx, trip([-1000, 0], [5000, 1000]));
    if (!a.ok) throw new Error(a.reason);
    expect(a.option.steps[0]!.route!.directions.map((d) => d.road)).toEqual([
      'Main Street',
      'Station Road',
      'Far Road',
    ]);
  });
});

describe('all modes at once', () => {
  it('answers every mode with an option or a reason', () => {
    const answers = planDoorToDoor(ctx, trip([-1000, 0], [1000, 0]));
    expect(answers.map((a) => a.mode)).toEqual([
      'walk',
      'cycle',
      'own car',
      'car',
      'taxi',
      'car club',
      'bike hire',
      'drt',
      'community transport',
    ]);
    expect(answers.filter((a) => a.answer.ok).map((a) => a.mode)).toEqual([
      'walk',
      'cycle',
      'car',
      'taxi',
      'car club',
      'bike hire',
      'drt',
    ]);
  });
});
