// Feature under test: the routers and the vehicle bound follow only the transfers between two stops
// that patterns serve, in the timetable's order, in both search directions (issue 32).
import { describe, expect, it } from 'vitest';
import { servedTransfers } from '../../src/raptor/servedTransfers.ts';
import { randomNetwork } from '../support/randomNetwork.ts';

describe('served transfers', () => {
  it('are the transfers between stops with patterns, in order, forward from a stop and backward into it', () => {
    let dropped = 0;
    for (const seed of [3, 7, 11]) {
      const { view: d } = randomNetwork(seed, 60, 20260603);
      const served = (s: number) => d.stopPatternOffsets[s + 1]! > d.stopPatternOffsets[s]!;
      for (const fwd of [true, false]) {
        const got = servedTransfers(d, fwd);
        // Built once per timetable and direction.
        expect(servedTransfers(d, fwd)).toBe(got);
        const off = fwd ? d.transferOffsets : d.transferInOffsets;
        const to = fwd ? d.transferTo : d.transferInFrom;
        const secs = fwd ? d.transferSec : d.transferInSec;
        const walks = fwd ? d.transferIsWalk : d.transferInIsWalk;
        for (let s = 0; s < d.stopCount; s++) {
          const want: number[][] = [];
          for (let i = off[s]!; i < off[s + 1]!; i++)
            if (served(s) && served(to[i]!)) want.push([to[i]!, secs[i]!, walks[i]!]);
            else dropped++;
          const have: number[][] = [];
          for (let i = got.offsets[s]!; i < got.offsets[s + 1]!; i++)
            have.push([got.other[i]!, got.sec[i]!, got.isWalk[i]!]);
          expect(have).toEqual(want);
        }
      }
    }
    // The random networks have transfers to or from stops without patterns to leave out.
    expect(dropped).toBeGreaterThan(20);
  });
});
