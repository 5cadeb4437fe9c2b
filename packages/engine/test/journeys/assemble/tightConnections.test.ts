// Feature under test: the notice of a tight connection onto the day's last run (journeys/assemble/tightConnections.ts).
import type { Step } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { listTightLastConnections } from '../../../src/journeys/assemble/tightConnections.ts';
import type { PlannedLeg, PlannedStep } from '../../../src/journeys/model.ts';

/** A change walk ending `spareSec` before the last tram 5A/15 leaves Rosengarten at 23:48 (RNV). */
function change(spareSec: number) {
  const leaves = 86_280;
  const leg = {
    steps: [
      { type: 'walk', startSec: leaves - 165 - spareSec, endSec: leaves - spareSec },
      { type: 'tram', startSec: leaves, endSec: leaves + 720, ride: {} },
    ],
  } as unknown as PlannedLeg;
  const steps = [
    {},
    { departure_time: '23:48', type: 'tram', service_number: '5A/15', start_address: 'Rosengarten' },
  ] as unknown as Step[];
  return listTightLastConnections(leg, steps, { tightSec: 300, isLast: (_: PlannedStep) => true });
}

describe('a tight connection onto the last run', () => {
  it('says "less than a minute" when under a minute is left (RNV said "Only 0 min to make the 23:48 tram")', () => {
    expect(change(15)).toEqual([
      {
        kind: 'tight last connection',
        text: 'Less than a minute to make the 23:48 tram 5A/15 from Rosengarten: it is the last one today.',
        margin_min: 0,
      },
    ]);
    expect(change(150)[0]!.text).toBe(
      'Only 2 min to make the 23:48 tram 5A/15 from Rosengarten: it is the last one today.',
    );
  });
});
