import { describe, expect, it } from 'vitest';
import { gradientText, totalClimb } from '../../src/journey/print/gradient.ts';

describe('gradient of the walking and cycling steps', () => {
  it('adds the metres climbed and descended of the steps that report them', () => {
    const steps = [
      { ascent_m: 120, descent_m: 15 },
      {}, // a bus: the engine reports no climb for vehicles
      { ascent_m: 30.4, descent_m: 90 },
    ];
    expect(totalClimb(steps)).toEqual({ ascent: 150.4, descent: 105 });
    expect(gradientText(steps)).toBe('climb 150 m, descent 105 m');
  });
  it('says a flat walk is flat rather than leaving it out', () => {
    expect(gradientText([{ ascent_m: 0, descent_m: 0 }])).toBe('climb 0 m, descent 0 m');
  });
  it('reads a missing descent as none when the climb is known', () => {
    expect(totalClimb([{ ascent_m: 12 }])).toEqual({ ascent: 12, descent: 0 });
  });
  it('prints nothing when no step knows its heights', () => {
    expect(totalClimb([{}, {}])).toBeNull();
    expect(gradientText([])).toBeNull();
  });
});
