// Feature under test: walk, cycle, own car and car (a lift) door to door: limits, car access, the car park near the destination, durations and prices.
import { describe, expect, it } from 'vitest';
import type { PlannedLeg } from '../../src/journeys/model.ts';
import { checkWalkLeg, MAX_WALK_SEC } from '../../src/modes/walk.ts';
import { checkCycleLeg, MAX_CYCLE_SEC } from '../../src/modes/cycle.ts';
import { ownCarParts } from '../../src/modes/ownCar.ts';
import { adult, ctx, home, legOf, monday, partsOf, priceOf, work } from '../support/modeFixture.ts';
import { directionText } from '../../src/format/directions.ts';
import { SHARE_OF_LIMIT } from '../../src/osm/roadSpeeds.ts';

const WALK_MPS = 4.8 / 3.6;
const CYCLE_MPS = 16 / 3.6;
// A 30 mph town street is built-up: driven at roadSpeeds.ts's built-up share of its limit.
const TOWN_MPS = (30 * 1.609344 * SHARE_OF_LIMIT.builtUp) / 3.6;
const driver = { ...adult, carAccess: true };

/** A leg of one step of a type lasting `sec`, for the limits' edges. */
const oneStep = (type: 'walk' | 'cycle', sec: number): PlannedLeg => {
  const leg = legOf({ parts: [{ type, from: home(-1000, 0), to: work(1000, 0) }] });
  return { steps: [{ ...leg.steps[0]!, startSec: 0, endSec: sec }] };
};

describe('walk and cycle', () => {
  it('walks 2 km along Main Street for free at 4.8 km/h', () => {
    const leg = legOf({ parts: [{ type: 'walk', from: home(-1000, 0), to: work(1000, 0) }] });
    const step = leg.steps[0]!;
    expect(step.distanceM).toBeCloseTo(2000, -1);
    expect(step.endSec - step.startSec).toBeCloseTo(2000 / WALK_MPS, -1);
    expect(directionText(step.directions[0]!)).toBe('Head east on Main Street');
    expect(checkWalkLeg(leg)).toBeNull();
    expect(priceOf(leg).text).toBe('free');
  });

  it('does not offer a walk of more than two hours', () => {
    // Main Street, Station Road and 9 km of Far Road: 12 km, two and a half hours on foot.
    const leg = legOf({ parts: [{ type: 'walk', from: home(-2000, 0), to: work(9000, 1000) }] });
    expect(checkWalkLeg(leg)).toBe('the walk takes more than 2 hours');
    expect(checkWalkLeg(oneStep('walk', MAX_WALK_SEC))).toBeNull();
    expect(checkWalkLeg(oneStep('walk', MAX_WALK_SEC + 1))).toBe('the walk takes more than 2 hours');
  });

  it('cycles the same street at 16 km/h for free, up to three hours', () => {
    const leg = legOf({ parts: [{ type: 'cycle', from: home(-1000, 0), to: work(1000, 0) }] });
    const step = leg.steps[0]!;
    expect(step.endSec - step.startSec).toBeCloseTo(2000 / CYCLE_MPS, -1);
    expect(priceOf(leg).text).toBe('free');
    expect(checkCycleLeg(leg)).toBeNull();
    expect(checkCycleLeg(oneStep('cycle', MAX_CYCLE_SEC))).toBeNull();
    expect(checkCycleLeg(oneStep('cycle', MAX_CYCLE_SEC + 1))).toBe('the ride takes more than 3 hours');
  });
});

describe('own car', () => {
  it('needs car access', () => {
    expect(ownCarParts(ctx, home(-1000, 0), work(1950, 0), adult)).toEqual({
      reason: 'the traveller has no car access',
    });
  });

  it('drives to the car park nearest the destination, leaves the car there and walks on', () => {
    const answer = ownCarParts(ctx, home(-1000, 0), work(1950, 0), driver);
    expect('carPark' in answer && answer.carPark).toMatchObject({ name: 'East car park', fee: false });
    const leg = legOf(answer);
    expect(leg.steps.map((s) => [s.type, s.from.name, s.to.name])).toEqual([
      ['own car', 'Home', 'East car park'],
      ['walk', 'East car park', 'Work'],
    ]);
    const drive = leg.steps[0]!;
    expect(drive.distanceM).toBeCloseTo(2900, -1);
    // The fares code: running costs at 20p a mile; parking on a single trip depends on the stay.
    const price = priceOf(leg, driver);
    expect(price.totalPence).toBe(Math.round(20 * drive.distanceM * 0.00062137));
    expect(price.isEstimate).toBe(true);
    expect(price.lines.map((l) => l.description)).toContain(
      'Parking at East car park: not included (depends on how long you stay)',
    );
  });

  it('uses a car park only within 800 m of the destination, else parks at the door', () => {
    // 700 m and 900 m west of the car park along Main Street.
    expect(partsOf(ownCarParts(ctx, home(-1000, 0), work(1200, 0), driver)).map((p) => p.to.name)).toEqual([
      'East car park',
      'Work',
    ]);
    const atDoor = ownCarParts(ctx, home(-1000, 0), work(1000, 0), driver);
    expect(atDoor).toEqual({ parts: [{ type: 'own car', from: home(-1000, 0), to: work(1000, 0) }] });
    expect(partsOf(ownCarParts(ctx, home(-1000, 0), work(0, -900), driver))).toHaveLength(1);
  });
});

describe('car (a lift)', () => {
  it('drives door to door without car access, free for the passenger', () => {
    const leg = legOf({ parts: [{ type: 'car', from: home(-1000, 0), to: work(1000, 0) }] });
    const step = leg.steps[0]!;
    expect(step.endSec - step.startSec).toBeCloseTo(2000 / TOWN_MPS, -1);
    expect(step.description).toBe('Get a lift to Work');
    expect(priceOf(leg).totalPence).toBe(0);
  });

  it('takes the faster road when it is quicker', () => {
    // West end of Main Street to the east end of Far Road: via Station Road and the 60 mph road.
    const leg = legOf({ parts: [{ type: 'car', from: home(-1000, 0), to: work(5000, 1000) }] }, monday(10));
    const texts = leg.steps[0]!.directions.map(directionText).join(' / ');
    expect(texts).toMatch(/Main Street.*Station Road.*Far Road/);
  });
});
