// Feature under test: step-free searches on the generated demo region: a longer route round a stepped platform, a stop with no data shown as unknown, per-step labels, Passenger Assist and wheelchair taxis (issue #19).
import type { Journey, Step } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-demo-step-free-');
const plan = (from: string, to: string, out: string, stepFree: boolean) =>
  planBetween(demo.planner, from, to, { out_time: out, step_free: stepFree });
const steps = (j: Journey): Step[] => [...j.depart.steps, ...(j.return?.steps ?? [])];
const arrival = (j: Journey) => Date.parse(j.depart.arrival_datetime);
const byTrain = (j: Journey) => steps(j).some((s) => s.type === 'train');
const atNewtonmoreStation = (s: Step) => s.type === 'train' && s.end_address === 'Newtonmore';
const publicTransport = (j: Journey) => steps(j).every((s) => s.type === 'walk' || s.stops !== undefined);

describe('W03 step-free golden searches on the demo region', () => {
  it('Aviemore → Newtonmore: the ordinary search trains to the stepped platform 2; step-free takes the later bus', async () => {
    const ordinary = await plan('Aviemore', 'Newtonmore', '2026/11/24 13:00:00', false);
    const train = ordinary.filter((j) => byTrain(j) && steps(j).some(atNewtonmoreStation));
    expect(train.length).toBeGreaterThan(0);
    expect(
      ordinary.every((j) => j.step_free === undefined && steps(j).every((s) => s.step_free === undefined)),
    ).toBe(true);
    const fastest = Math.min(...ordinary.filter(publicTransport).map(arrival));

    const stepFree = await plan('Aviemore', 'Newtonmore', '2026/11/24 13:00:00', true);
    const transit = stepFree.filter(publicTransport);
    expect(transit.length).toBeGreaterThan(0);
    // No southbound train: they call at the platform reached only by steps.
    expect(transit.some((j) => steps(j).some(atNewtonmoreStation))).toBe(false);
    const best = transit.sort((a, b) => arrival(a) - arrival(b))[0]!;
    expect(arrival(best)).toBeGreaterThan(fastest);
    expect(best.depart.stages).not.toContain('train');
    expect(best.step_free).toEqual({ status: 'yes', reason: 'every part is known to be step-free' });
    for (const s of steps(best)) expect(s.step_free?.status).toBe('yes');
  });

  it('Keith → Dufftown: the only bus calls at a stop with no step-free data, shown as not known', async () => {
    const js = await plan('Keith', 'Dufftown', '2026/11/25 14:00:00', true);
    const bus = js.find((j) => steps(j).some((s) => s.service_number === '366'));
    expect(bus).toBeDefined();
    const ride = steps(bus!).find((s) => s.service_number === '366')!;
    expect(ride.step_free).toEqual({
      status: 'unknown',
      reason: 'No step-free information for Dufftown, Balvenie Street',
    });
    expect(bus!.step_free?.status).toBe('unknown');
    expect(bus!.step_free?.reason).toMatch(
      /not known to be step-free: No step-free information for Dufftown/,
    );
  });

  it('labels a train step with the operator Passenger Assist booking, and marks wheelchair taxis', async () => {
    const js = await plan('Aviemore', 'Kingussie', '2026/11/24 09:00:00', true);
    const rail = js.flatMap(steps).find((s) => s.type === 'train');
    expect(rail?.assistance).toMatchObject({
      name: 'Passenger Assist',
      notice: 'Book at least 2 hours before you travel',
    });
    expect(rail?.assistance?.phone).toBeTruthy();
    const taxis = js.flatMap((j) => j.depart.taxis);
    expect(taxis.some((t) => t.wheelchair_accessible === true)).toBe(true);
    const elsewhere = await plan('Grantown-on-Spey', 'Aviemore', '2026/11/24 09:00:00', false);
    expect(elsewhere.flatMap((j) => j.depart.taxis).some((t) => t.wheelchair_accessible === undefined)).toBe(
      true,
    );
  });

  it('offers no cycling on a step-free search', async () => {
    const js = await plan('Aviemore', 'Newtonmore', '2026/11/24 09:00:00', true);
    expect(js.flatMap(steps).some((s) => s.type === 'cycle' || s.type === 'bike hire')).toBe(false);
  });
});
