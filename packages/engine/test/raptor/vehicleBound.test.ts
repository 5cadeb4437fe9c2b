// Feature under test: the vehicle bound keeps the bounds of its last few end-leg sets, and a query
// whose ends were computed before gets exactly what a fresh computation gives; where vehicles stop,
// its counts are a breadth-first search's over every transfer, and a stop no vehicle serves is out
// of reach for boarding (issue 32).
import { describe, expect, it } from 'vitest';
import type { TransitData } from '../../src/raptor/transitData.ts';
import type { AccessLeg } from '../../src/raptor/types.ts';
import { VehicleBound } from '../../src/raptor/vehicleBound.ts';
import { randomNetwork } from '../support/randomNetwork.ts';

const legs = (...stops: number[]): AccessLeg[] =>
  stops.map((s) => ({ stopIdx: s, durationSec: 60, mode: 'walk' }));

describe('vehicle bound', () => {
  it('bounds reused across queries taking turns between end sets equal fresh ones', () => {
    const { view } = randomNetwork(7, 60, 20260603);
    const S = view.stopCount;
    // More end sets than are kept, both directions, visited in an order that revisits each.
    const sets = [legs(0, 1), legs(S - 1), legs(2, S - 2, 3), legs(S >> 1), legs(4), legs(S - 3, 5)];
    const order = [0, 1, 0, 2, 1, 3, 0, 4, 5, 2, 0, 5, 1, 3, 4, 0];
    const kept = new VehicleBound(view);
    let compared = 0;
    for (const fwd of [true, false])
      for (const i of order) {
        const starts = sets[(i + 1) % sets.length]!;
        kept.computeForSearch(starts, sets[i]!, fwd, 4);
        const fresh = new VehicleBound(view);
        fresh.computeForSearch(starts, sets[i]!, fwd, 4);
        expect(kept.afterRide).toEqual(fresh.afterRide);
        expect(kept.toBoard).toEqual(fresh.toBoard);
        expect(kept.usefulTo.subarray(0, 5 * view.patternCount)).toEqual(
          fresh.usefulTo.subarray(0, 5 * view.patternCount),
        );
        compared++;
      }
    expect(compared).toBe(2 * order.length);
  });

  it('counts a breadth-first search over every transfer where vehicles stop; a stop without one boards nothing', () => {
    let unserved = 0;
    for (const seed of [3, 7, 11, 19]) {
      const { view } = randomNetwork(seed, 60, 20260603);
      const S = view.stopCount;
      const served = (s: number) => view.stopPatternOffsets[s + 1]! > view.stopPatternOffsets[s]!;
      for (let s = 0; s < S; s++) if (!served(s)) unserved++;
      for (const fwd of [true, false])
        for (const ends of [legs(0), legs(1, S - 1), legs(S >> 1, 2)])
          for (const levels of [1, 2, 3]) {
            const bound = new VehicleBound(view);
            bound.compute(ends, fwd, levels);
            const plain = plainLevels(view, ends, fwd, levels);
            for (let s = 0; s < S; s++) {
              if (!served(s)) {
                expect(bound.toBoard[s]).toBe(255);
                continue;
              }
              expect(bound.afterRide[s]).toBe(plain.afterRide[s]);
              expect(bound.toBoard[s]).toBe(plain.toBoard[s]);
            }
          }
    }
    // The random networks have stops no pattern serves (else this proves nothing about them).
    expect(unserved).toBeGreaterThan(10);
  });
});

/**
 * The bound as a plain breadth-first search from the end stops over every pattern and every
 * transfer, levels 0 … `levels`; stops unseen get levels + 1 when the search was cut, else 255.
 */
function plainLevels(d: TransitData, ends: readonly AccessLeg[], fwd: boolean, levels: number) {
  const S = d.stopCount;
  const afterRide = new Array<number>(S).fill(255);
  const toBoard = new Array<number>(S).fill(255);
  let rides = [...new Set(ends.map((e) => e.stopIdx))];
  for (const s of rides) afterRide[s] = 0;
  for (let level = 1; level <= levels && rides.length > 0; level++) {
    const boards: number[] = [];
    for (const s of rides)
      for (let i = d.stopPatternOffsets[s]!; i < d.stopPatternOffsets[s + 1]!; i++) {
        const r = d.stopPatterns[i]!;
        const base = d.patternStopOffsets[r]!;
        const n = d.patternStopOffsets[r + 1]! - base;
        const pos = d.stopPatternPos[i]!;
        // Boarding before s (forward) or after it (backward) on this pattern reaches s.
        for (let p = fwd ? 0 : pos + 1; p < (fwd ? pos : n); p++) {
          const q = d.patternStops[base + p]!;
          if (toBoard[q] === 255) {
            toBoard[q] = level;
            boards.push(q);
          }
        }
      }
    rides = [];
    for (const q of boards)
      for (let s = 0; s < S; s++)
        for (let i = d.transferOffsets[s]!; i < d.transferOffsets[s + 1]!; i++) {
          const [from, to] = fwd ? [s, d.transferTo[i]!] : [d.transferTo[i]!, s];
          if (to === q && afterRide[from] === 255) {
            afterRide[from] = level;
            rides.push(from);
          }
        }
  }
  if (rides.length > 0)
    for (let s = 0; s < S; s++) {
      if (afterRide[s] === 255) afterRide[s] = levels + 1;
      if (toBoard[s] === 255) toBoard[s] = levels + 1;
    }
  return { afterRide, toBoard };
}
