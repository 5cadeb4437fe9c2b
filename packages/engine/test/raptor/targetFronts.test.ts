// TargetFronts answers "does a kept destination label dominate (time, walk, k)?" exactly as a scan
// of every label added, for random labels, queries and vehicle counts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TargetFronts } from '../../src/raptor/targetFronts.ts';

type Label = [time: number, walk: number, k: number];
const label = fc.tuple(
  fc.integer({ min: -50, max: 50 }),
  fc.integer({ min: 0, max: 30 }),
  fc.integer({ min: 1, max: 4 }),
);

const scanDominates = (added: readonly Label[], [t, w, k]: Label) =>
  added.some(([ti, wi, ki]) => ti <= t && wi <= w && ki <= k);

describe('TargetFronts', () => {
  it('matches a scan of every label added, over several queries on one instance', () => {
    const fronts = new TargetFronts();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(label, fc.array(label, { maxLength: 8 })), { maxLength: 60 }),
        (steps) => {
          fronts.reset(4);
          const added: Label[] = [];
          for (const [l, queries] of steps) {
            fronts.add(...l);
            added.push(l);
            for (const q of queries) expect(fronts.dominates(...q)).toBe(scanDominates(added, q));
          }
          // Above the query's vehicle count the answer is the largest front's.
          for (const [t, w] of added) expect(fronts.dominates(t, w, 9)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds nothing after reset, and a query with fewer vehicles than any label is never dominated', () => {
    const fronts = new TargetFronts();
    fronts.reset(3);
    fronts.add(10, 5, 2);
    expect(fronts.dominates(10, 5, 1)).toBe(false);
    expect(fronts.dominates(10, 5, 2)).toBe(true);
    fronts.reset(3);
    expect(fronts.dominates(1000, 1000, 3)).toBe(false);
  });
});
