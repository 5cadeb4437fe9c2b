// The search for an option inside an arrive-by buffer is run only when such an option could be
// offered: it must leave over BUFFER_COST_SEC after the latest option keeping the buffer, and it
// arrives a minute or more before the time, so it leaves by then too.
import { describe, expect, it } from 'vitest';
import type { SearchContext } from '../../src/planner/context.ts';
import type { Candidate } from '../../src/planner/families/family.ts';
import { BUFFER_COST_SEC, findWithinBuffer } from '../../src/planner/withinBuffer.ts';
import { MON_0900, PLACES, rideStep } from '../support/steps.ts';

const ASKED = MON_0900 + 3 * 3600;
const BUFFER_SEC = 30 * 60;

/** A context that fails the test when the search reads it. */
const notToSearch = new Proxy({} as SearchContext, {
  get: (_, field) => {
    throw new Error(`searched (read ${String(field)})`);
  },
});

/** A bus option leaving at `startSec`. */
const busAt = (startSec: number): Candidate => ({
  key: { family: 'transit', first: 'walk', last: 'walk' },
  leg: { steps: [rideStep('bus', PLACES.carrbridge, PLACES.aviemore, startSec, 20 * 60)] },
  back: { rule: 'same' },
});

describe('findWithinBuffer', () => {
  it('searches nothing when the latest option keeping the buffer leaves within the hour before the time less a minute', () => {
    const latest = ASKED - 60 - BUFFER_COST_SEC;
    expect(
      findWithinBuffer(notToSearch, [busAt(latest - 3600), busAt(latest)], ASKED, BUFFER_SEC),
    ).toBeUndefined();
  });

  it('searches when it leaves a second earlier, or when no option keeps the buffer', () => {
    const earlier = ASKED - 61 - BUFFER_COST_SEC;
    expect(() => findWithinBuffer(notToSearch, [busAt(earlier)], ASKED, BUFFER_SEC)).toThrow('searched');
    expect(() => findWithinBuffer(notToSearch, [], ASKED, BUFFER_SEC)).toThrow('searched');
  });
});
