// Feature under test: cycling on the demo region takes the hills into account: up to Cairngorm Mountain is slower than down.
import type { Step } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-demo-hills-');

/** The door-to-door cycle step of a one-way search, depart-after or arrive-by. */
async function cycleStep(from: string, to: string, by: 'depart' | 'arrive'): Promise<Step> {
  // Late enough in the morning that even arriving by 10:30 (11:00 less the 30-minute buffer) the
  // 91-minute climb starts after sunrise (08:14): cycling is offered in daylight only (issue #27).
  const js = await planBetween(demo.planner, from, to, {
    out_time: '2026/11/24 11:00:00',
    ...(by === 'arrive' ? { arrive_by: true } : {}),
  });
  const direct = js.find((j) => j.depart.stages.length === 1 && j.depart.stages[0] === 'cycle');
  const step = direct?.depart.steps[0];
  if (!step) throw new Error(`no direct cycle option from ${from} to ${to}`);
  return step;
}

describe('cycling up and down hills on the demo region', () => {
  for (const by of ['depart', 'arrive'] as const) {
    it(`Aviemore → Cairngorm Mountain by bike takes clearly longer than the way back down (${by})`, async () => {
      const up = await cycleStep('Aviemore', 'Cairngorm Mountain', by);
      const down = await cycleStep('Cairngorm Mountain', 'Aviemore', by);
      // Measured on seed 1: 91 min up (477 m climbed), 40 min down, over the same 13.1 km; 49 min each way on the flat.
      expect(Math.abs(up.distance.value - down.distance.value)).toBeLessThan(0.1 * down.distance.value);
      expect(up.duration.value).toBeGreaterThan(1.5 * down.duration.value);
      expect(down.duration.value).toBeLessThan(down.distance.value / (16 / 3.6));
      expect(up.ascent_m).toBeGreaterThan(300);
      expect(down.descent_m).toBeGreaterThan(300);
      expect(up.ascent_m! - up.descent_m!).toBeCloseTo(-(down.ascent_m! - down.descent_m!), -1);
    });
  }
});
