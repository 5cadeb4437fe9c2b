import { describe, expect, it } from 'vitest';
import { percentile, summariseDrain } from '../../bench/loadStats.ts';

describe('percentile (nearest rank)', () => {
  it('answers NaN for no samples', () => {
    expect(percentile([], 50)).toBeNaN();
  });

  it('takes the value at rank ceil(p·n)', () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(ten, 50)).toBe(5);
    expect(percentile(ten, 95)).toBe(10);
    expect(percentile(ten, 90)).toBe(9);
    expect(percentile(ten, 0)).toBe(1);
    expect(percentile(ten, 100)).toBe(10);
  });

  it('is the one sample when there is one', () => {
    expect(percentile([42], 50)).toBe(42);
    expect(percentile([42], 99)).toBe(42);
  });
});

describe('summariseDrain', () => {
  it('counts from the planners starting, not from the first search planned', () => {
    // Started at 1000 ms; a 10 s region load, then one search a second.
    const done = [11_000, 12_000, 13_000, 14_000, 15_000];
    const s = summariseDrain(1000, done);
    expect(s.planned).toBe(5);
    expect(s.firstSec).toBe(10);
    expect(s.totalSec).toBe(14);
    expect(s.perSec).toBeCloseTo(5 / 14);
    expect(s.warmPerSec).toBeCloseTo(1);
  });

  it('does not care in which order the completions arrive', () => {
    expect(summariseDrain(0, [3000, 1000, 2000])).toEqual(summariseDrain(0, [1000, 2000, 3000]));
  });

  it('has no warm rate for a single search and nothing at all for none', () => {
    const one = summariseDrain(0, [2000]);
    expect(one.totalSec).toBe(2);
    expect(one.perSec).toBe(0.5);
    expect(one.warmPerSec).toBeNaN();
    expect(summariseDrain(0, []).planned).toBe(0);
    expect(summariseDrain(0, []).perSec).toBeNaN();
  });
});
