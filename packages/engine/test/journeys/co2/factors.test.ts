// Feature under test: CO2 per step from the DESNZ 2025 factors, per passenger or per vehicle.
import { describe, expect, it } from 'vitest';
import { DESNZ_2025, DESNZ_EDITION, stepCo2Kg } from '../../../src/journeys/co2/factors.ts';

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
    expect(stepCo2Kg('car', 10_000)).toBeGreaterThan(stepCo2Kg('taxi', 10_000));
  });
  it('ranks a train below a car for the same distance', () =>
    expect(stepCo2Kg('train', 50_000)).toBeLessThan(stepCo2Kg('own car', 50_000)));
});
