// Feature under test: the vehicle bound keeps the bounds of its last few end-leg sets, and a query
// whose ends were computed before gets exactly what a fresh computation gives (issue 32).
import { describe, expect, it } from 'vitest';
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
});
