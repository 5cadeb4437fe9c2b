// RideBounds never overstate: from every stop, each journey the routers find to the end legs with
// j vehicles takes at least the bound for j vehicles and walks at least its walking bound (both
// search directions, slower walkers too, with and without same-stop change times), on seeded random
// networks; and McRAPTOR works them out only once a query has grown large.
import fc from 'fast-check';
import { describe, expect, it, onTestFinished } from 'vitest';
import { McRaptor } from '../../src/raptor/mcRaptor.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import { RideBounds } from '../../src/raptor/rideBounds.ts';
import { TimeBound } from '../../src/raptor/timeBound.ts';
import type { AccessLeg } from '../../src/raptor/types.ts';
import { randomNetwork, walkLegsArb } from '../support/randomNetwork.ts';

const QUERY_DATE = 20260603;
const ROUNDS = 4;

describe('RideBounds', () => {
  it('are at most the time and the walking of every journey from a stop with that many vehicles', () => {
    let compared = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const { view } = randomNetwork(seed, seed % 2 === 0 ? 0 : 120, QUERY_DATE);
      const raptor = new Raptor(view, ROUNDS - 1);
      const mc = new McRaptor(view, ROUNDS - 1);
      const bounds = new RideBounds(view, TimeBound.shared(view, true).fastestHop);
      const S = view.stopCount;
      fc.assert(
        fc.property(
          walkLegsArb(S),
          fc.integer({ min: 5 * 3600, max: 20 * 3600 }),
          fc.boolean(),
          fc.constantFrom(1, 1.5),
          (ends: AccessLeg[], timeSec, fwd, factor) => {
            bounds.compute(ends, fwd, ROUNDS, factor);
            for (let s = 0; s < S; s++) {
              const from: AccessLeg[] = [{ stopIdx: s, durationSec: 0, mode: 'walk' }];
              // Single departures: neither router prunes with a time bound there.
              const query = {
                direction: fwd ? ('depart-after' as const) : ('arrive-by' as const),
                timeSec,
                access: fwd ? from : ends,
                egress: fwd ? ends : from,
                walkTransferFactor: factor,
              };
              for (const j of [...raptor.route(query).journeys, ...mc.route(query).journeys]) {
                compared++;
                const at = (j.transfers + 1) * S + s;
                expect(bounds.ready[at]).toBeLessThanOrEqual(
                  fwd ? j.arrivalSec - timeSec : timeSec - j.departureSec,
                );
                expect(bounds.readyWalk[at]).toBeLessThanOrEqual(j.walkSec);
              }
            }
          },
        ),
        { numRuns: 10, seed },
      );
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('are worked out by McRAPTOR once a query has made RideBounds.afterLabels labels, not before', () => {
    const { view } = randomNetwork(3, 120, QUERY_DATE);
    const mc = new McRaptor(view, 3);
    const at = (s: number): AccessLeg[] => [{ stopIdx: s, durationSec: 60, mode: 'walk' }];
    const query = {
      direction: 'depart-after' as const,
      timeSec: 8 * 3600,
      windowSec: 3600,
      access: at(0),
      egress: at(view.stopCount - 1),
    };
    let computed = 0;
    const compute = RideBounds.prototype.compute;
    const afterLabels = RideBounds.afterLabels;
    RideBounds.prototype.compute = function (this: RideBounds, ...args) {
      computed++;
      return compute.apply(this, args);
    };
    onTestFinished(() => {
      RideBounds.prototype.compute = compute;
      RideBounds.afterLabels = afterLabels;
    });
    RideBounds.afterLabels = Infinity;
    const alone = mc.route(query);
    expect(computed).toBe(0);
    RideBounds.afterLabels = 0;
    const withBounds = mc.route(query);
    expect(computed).toBe(1);
    expect(withBounds.journeys).toEqual(alone.journeys);
  });
});
