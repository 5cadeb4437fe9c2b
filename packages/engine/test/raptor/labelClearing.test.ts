// Feature under test: a Raptor reused across queries clears only the stops the last query labelled
// when they were few, and every stop after a wide query; each answer equals a fresh router's
// (issue 32).
import { describe, expect, it } from 'vitest';
import { makeRandom } from '../../bench/transitNetwork.ts';
import { sparseNetworkView } from '../support/randomNetwork.ts';
import { Raptor } from '../../src/raptor/raptor.ts';
import type { RaptorQuery } from '../../src/raptor/types.ts';

const DATE = 20260603;

describe('Raptor label clearing', () => {
  it('answers each of a mixed run of queries as a fresh router does', () => {
    // 800 stops on few lines: most queries label a few dozen stops (under a sixteenth of them).
    const view = sparseNetworkView(32, DATE);
    const reused = new Raptor(view, 4);
    const rnd = makeRandom(32);
    const served: number[] = [];
    for (let s = 0; s < view.stopCount; s++)
      if (view.stopPatternOffsets[s + 1]! > view.stopPatternOffsets[s]!) served.push(s);
    const leg = () => ({
      stopIdx: served[Math.floor(rnd() * served.length)]!,
      durationSec: Math.floor(rnd() * 600),
      mode: 'walk' as const,
    });
    let found = 0;
    for (let i = 0; i < 120; i++) {
      const query: RaptorQuery = {
        direction: i % 3 === 2 ? 'arrive-by' : 'depart-after',
        timeSec: 6 * 3600 + Math.floor(rnd() * 12 * 3600),
        // Every fifth a range (wide), the rest one departure.
        windowSec: i % 5 === 0 ? 7200 : 0,
        access: [leg(), leg()],
        egress: [leg()],
      };
      const answer = reused.route(query).journeys;
      expect(answer).toEqual(new Raptor(view, 4).route(query).journeys);
      if (answer.length > 0) found++;
    }
    expect(found).toBeGreaterThan(20);
  });
});
