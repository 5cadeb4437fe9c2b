// Feature under test: the option set's protection of the lowest-CO2 option gives way to an option within the CO2 slack that is clearly better (ADR 008 §11), on a step-free search of the demo region.
import type { Journey } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { OPTION_SET } from '../../src/journeys/ranking/optionSet.ts';
import { demoPlanner, planBetween } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-ep11-');
const services = (j: Journey) => j.depart.steps.map((s) => s.service_number ?? s.type).join('>');
const arrival = (j: Journey) => Date.parse(j.depart.arrival_datetime);

describe('P11 the greenest option gives way to a clearly better one of similar CO2', () => {
  it('Aviemore → Newtonmore step-free on a weekday morning: the direct bus 32, not bus 31, an hour and more of waiting, a train and a lift', async () => {
    const js = await planBetween(demo.planner, 'Aviemore', 'Newtonmore', {
      out_time: '2026/11/25 09:00:00',
      step_free: true,
    });
    const direct = js.find((j) => services(j) === '32');
    expect(direct).toBeDefined();
    // Nothing emitting a little less, leaving no later and arriving clearly later with more
    // changes, stays beside it (one leaving later is a later departure, not beaten by it).
    const beaten = js.filter(
      (j) =>
        j !== direct &&
        j.carbon_emission < direct!.carbon_emission &&
        Date.parse(j.depart.departure_datetime) <= Date.parse(direct!.depart.departure_datetime) &&
        arrival(j) - arrival(direct!) >= OPTION_SET.clearlyFasterSec * 1000 &&
        j.depart.stages.length > direct!.depart.stages.length,
    );
    expect(beaten.map(services)).toEqual([]);
    // The direct bus is now the option of least CO2 within the slack.
    const greenest = Math.min(...js.map((j) => j.carbon_emission));
    expect(direct!.carbon_emission).toBeLessThanOrEqual(greenest + OPTION_SET.co2SlackKg);
  });
});
