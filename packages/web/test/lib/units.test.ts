import { describe, expect, it } from 'vitest';
import { formatElevation, formatMiles, METRES_TO_MILES } from '../../src/lib/units.ts';

describe('units', () => {
  it('uses the SPEC factor for miles', () => {
    expect(METRES_TO_MILES).toBe(0.00062137);
    expect(formatMiles(1609)).toBe('1.0 mile');
    expect(formatMiles(800)).toBe('0.5 miles');
  });
  it('hides unknown elevation', () => {
    expect(formatElevation(null)).toBeNull();
    expect(formatElevation(Number.NaN)).toBeNull();
    expect(formatElevation(312.4)).toBe('312 m');
  });
});
