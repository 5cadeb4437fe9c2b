// Feature under test: CO2 per step from the DESNZ 2025 factors, per passenger or per vehicle.
import { describe, expect, it } from 'vitest';
import {
  co2BasisFor,
  DESNZ_2025,
  DESNZ_EDITION,
  DRIVEN_FOR_TRAVELLER_RUNS,
  stepCo2Kg,
  TAXI_PER_VKM,
} from '../../../src/journeys/co2/factors.ts';

describe('stepCo2Kg', () => {
  it('names its edition', () => expect(DESNZ_EDITION).toMatch(/DESNZ.*2025/));
  it('is zero for walking, cycling and bike hire', () => {
    expect(stepCo2Kg('walk', 5000)).toBe(0);
    expect(stepCo2Kg('cycle', 5000)).toBe(0);
    expect(stepCo2Kg('bike hire', 5000)).toBe(0);
  });
  it('uses passenger-km factors for shared modes', () => {
    expect(stepCo2Kg('bus', 10_000)).toBeCloseTo(10 * DESNZ_2025.localBusNotLondonPerPkm, 3);
    expect(stepCo2Kg('train', 100_000)).toBeCloseTo(3.546, 3);
    expect(stepCo2Kg('intercity bus', 100_000)).toBeCloseTo(2.776, 3);
  });
  it('charges a whole car to its driver, and a lift the ride plus the driver running back empty', () => {
    expect(stepCo2Kg('own car', 10_000)).toBeCloseTo(1.673, 3);
    expect(stepCo2Kg('car', 10_000)).toBeCloseTo(3.345, 3);
  });
  it('counts a lift and a taxi by one rule: the whole vehicle on the ride and on an empty run as long', () => {
    expect(DRIVEN_FOR_TRAVELLER_RUNS).toBe(2);
    const lift = co2BasisFor('car');
    const taxi = co2BasisFor('taxi');
    expect(lift).toEqual({ ...taxi, kgPerKm: lift.kind === 'vehicle' ? lift.kgPerKm : NaN });
    for (const km of [1, 7.4, 25, 60]) {
      const m = km * 1000;
      expect(stepCo2Kg('car', m)).toBeCloseTo(km * 2 * DESNZ_2025.averageCarPerVkm, 2);
      expect(stepCo2Kg('taxi', m)).toBeCloseTo(km * 2 * TAXI_PER_VKM, 2);
      // The only difference is the vehicle factor: a regular taxi emits more per km than the average car.
      expect(stepCo2Kg('taxi', m) / stepCo2Kg('car', m)).toBeCloseTo(
        TAXI_PER_VKM / DESNZ_2025.averageCarPerVkm,
        2,
      );
    }
    // The taxi's vehicle factor is DESNZ's passenger-km factor at its 1.4 passengers per taxi.
    expect(TAXI_PER_VKM).toBeCloseTo(0.20805, 4);
  });
  it('ranks a train below a car for the same distance', () =>
    expect(stepCo2Kg('train', 50_000)).toBeLessThan(stepCo2Kg('own car', 50_000)));
});
