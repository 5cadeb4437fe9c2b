// Feature under test: the demo's real hospitals and GP surgeries, found by name or by what they are, labelled so, and reachable (issue 31).
import { describe, expect, it } from 'vitest';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-demo-health-');
const suggest = (q: string) => demo.planner.autocomplete(q, 8);

describe('C05 hospitals and clinics on the demo region', () => {
  it('finds Raigmore by its name, labelled as a hospital in Inverness', () => {
    const [first] = suggest('Raigmore');
    expect(first).toMatchObject({
      label: 'Raigmore Hospital, Inverness',
      description: 'Inverness, hospital',
    });
    // The wire's closed list of kinds stays as old clients know it.
    expect(first?.kind).toBe('poi');
  });

  it('offers the infirmaries for "Infirmary" and the hospitals for "Hospital"', () => {
    expect(suggest('Infirmary').map((s) => s.label)).toEqual(
      expect.arrayContaining([
        'Aberdeen Royal Infirmary, Aberdeen',
        'Perth Royal Infirmary, Perth',
        'Royal Infirmary of Edinburgh, Edinburgh',
      ]),
    );
    const hospitals = suggest('Hospital');
    expect(hospitals.length).toBeGreaterThanOrEqual(5);
    for (const s of hospitals) expect(s.description).toMatch(/hospital$/);
  });

  it('offers the GP surgery for "GP", "Surgery" and "Clinic", labelled as a clinic', () => {
    for (const q of ['GP', 'Surgery', 'Clinic'])
      expect(
        suggest(q).map((s) => [s.label, s.description]),
        q,
      ).toContainEqual(['Atholl Medical Centre, Pitlochry', 'Pitlochry, clinic']);
  });

  it('plans a trip to the hospital door that ends on its access road, not across fields', async () => {
    const js = await planBetween(demo.planner, 'Aviemore', 'Raigmore', { out_time: '2026/12/01 08:00:00' });
    const transit = js.find((j) => j.transport_mode === 'transit');
    expect(transit).toBeDefined();
    const last = transit!.depart.steps.at(-1)!;
    expect(last.straight_line).toBeUndefined();
    expect(last.end_address).toMatch(/^Raigmore Hospital/);
  });
});
