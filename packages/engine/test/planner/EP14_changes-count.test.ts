// Feature under test: the number of changes of every leg is its public transport rides less one, as the engine counts it once for every reader (issue #27 point 1).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Leg } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoRegion } from '../../../../regions/cairngorms/generator/main.ts';
import { CHANGES_SORT_SCALE } from '../../src/journeys/ranking/sortKeys.ts';
import { loadReferenceRegion, planEarliest } from './reference/plannerReference.ts';
import type { ReferenceRegion } from './reference/plannerReference.ts';
import { listRandomSearches } from './reference/searches.ts';

const dir = mkdtempSync(join(tmpdir(), 'cairn-changes-'));
let region: ReferenceRegion;

beforeAll(async () => {
  await generateDemoRegion({ outDir: dir, seed: 1, date: '2026-11-22' });
  region = await loadReferenceRegion(dir, Date.UTC(2026, 10, 22, 9, 0));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Rides read from the steps alone: a step with its stops (timetabled) or a booked service. */
const ridesOf = (leg: Leg) =>
  leg.steps.filter((s) => s.stops !== undefined || s.type === 'drt' || s.type === 'community transport')
    .length;

describe('P14 changes are rides less one', () => {
  it('property: on 60 seeded searches with a way back, every leg says its rides less one, and the sort key orders by them, then by stages', async () => {
    let rideChanges = 0;
    for (const [from, to, out] of listRandomSearches(region, 60, 2701)) {
      const back = `${out.slice(0, 11)}${String(Math.min(23, Number(out.slice(11, 13)) + 4)).padStart(2, '0')}${out.slice(13)}`;
      const { journeys } = await planEarliest(region, from, to, out, { return_time: back });
      for (const j of journeys)
        for (const leg of [j.depart, j.return].filter((l) => l !== null)) {
          const where = `${from.name} → ${to.name} ${out}: ${leg.stages.join('>')}`;
          expect(leg.changes, where).toBe(Math.max(0, ridesOf(leg) - 1));
          if (leg === j.depart)
            expect(j.sort['least-changes'], where).toBe(
              leg.changes! * CHANGES_SORT_SCALE + leg.stages.length,
            );
          // Merged stages hide a change: bus → bus is one stage "bus" and one change.
          if (leg.changes! > leg.stages.filter((s) => s !== 'walk').length - 1) rideChanges++;
        }
    }
    // The searches hold changes that counting stages would have missed.
    expect(rideChanges).toBeGreaterThan(0);
  }, 240_000);
});
