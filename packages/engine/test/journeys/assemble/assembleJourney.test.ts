// Feature under test: a priced option becomes a valid Journey document with legs, steps, extras and sort keys.
import { Journey } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { assembleJourney } from '../../../src/journeys/assemble/assembleJourney.ts';
import type { AssembleContext } from '../../../src/journeys/assemble/assembleJourney.ts';
import { priceOption } from '../../../src/journeys/fares/priceOption.ts';
import type { PlannedOption } from '../../../src/journeys/model.ts';
import { testRegion } from '../../support/region.ts';
import { MON_0900, PLACES, rideStep, streetStep } from '../../support/steps.ts';
import { adult } from '../../support/traveller.ts';

const region = testRegion();
const ctx: AssembleContext = {
  region,
  origin: PLACES.aviemore,
  destination: PLACES.carrbridge,
  carClubPromo: true,
  extras: {
    poisNear: () => [],
    toiletsNear: () => [],
    taxisAt: () => [{ name: 'Test Taxis', phone: '01479 000000' }],
    timetableFor: () => ({
      Mode: 'bus',
      ServiceNumber: '31',
      stops: ['Aviemore station', 'Carrbridge'],
      columns: [{ headsign: 'Carrbridge', times: ['09:00', null] }],
    }),
  },
};

function option(): PlannedOption {
  const walk = streetStep('walk', PLACES.aviemore, PLACES.aviemoreStation, MON_0900 - 900, 1.3);
  const bus = rideStep('bus', PLACES.aviemoreStation, PLACES.carrbridge, MON_0900, 900);
  const back = rideStep('bus', PLACES.carrbridge, PLACES.aviemoreStation, MON_0900 + 5 * 3600, 900);
  const walkBack = streetStep('walk', PLACES.aviemoreStation, PLACES.aviemore, back.endSec + 60, 1.3);
  return { kind: 'transit', depart: { steps: [walk, bus] }, ret: { steps: [back, walkBack] } };
}

/** The option priced for an adult (no GTFS fares) and assembled, as the contract accepts it. */
function assembled(o: PlannedOption): Journey {
  return Journey.parse(
    assembleJourney(o, priceOption(o, { region, traveller: adult, gtfsFares: new Map() }), ctx),
  );
}

describe('assembleJourney', () => {
  it('gives each direction its structured form and the HTML rendered from it', () => {
    const o = option();
    const walk = o.depart.steps[0]!;
    walk.directions = [{ action: 'turn-left', street: 'Dalfaber <Road> & "Mill"', distance_m: 400 }];
    expect(assembled(o).depart.steps[0]!.directions).toEqual([
      {
        html_instructions: 'Turn <b>left</b> onto <b>Dalfaber &lt;Road&gt; &amp; &quot;Mill&quot;</b>',
        distance: { text: '0.25 miles' },
        instruction: { action: 'turn-left', street: 'Dalfaber <Road> & "Mill"', distance_m: 400 },
      },
    ]);
  });

  it('builds a Journey the contract accepts, with local times, stages, costs and CO2', () => {
    const o = option();
    const j = assembled(o);
    expect(j.transport_mode).toBe('transit');
    expect(j.depart.stages).toEqual(['walk', 'bus']);
    expect(j.depart.departure_at).toBe(
      o.depart.steps[0]
        ? new Date((o.depart.steps[0].startSec + 3600) * 1000).toISOString().slice(11, 16)
        : '',
    );
    expect(j.depart.steps[1]).toMatchObject({
      departure_time: '09:00',
      arrival_time: '09:15',
      service_number: '31',
      agency: { name: 'Test Buses', url: 'https://bus.example/' },
    });
    expect(j.depart.steps[1]?.how_to_guide?.service.statements).toEqual([{ body: 'Wave to stop the bus.' }]);
    expect(j.depart.steps[1]?.timetable?.columns[0]?.times).toEqual(['09:00', null]);
    expect(j.cost).toBe('£8.00');
    expect(j.return?.steps[0]?.cost).toBe('included');
    expect(j.carbon_emission).toBeGreaterThan(0);
    expect(j.carbon_emission).toBeCloseTo(
      (j.depart.steps[1]?.carbon_emission ?? 0) + (j.return?.steps[0]?.carbon_emission ?? 0),
      3,
    );
    expect(j.sort['least-changes']).toBe(2);
    expect(j.sort.cost).toBe(800);
    expect(j.depart.taxis).toHaveLength(1);
    expect(j.return?.departure_at).toBe('14:00');
    expect(j.total_walking_distance.value).toBe(
      Math.round(o.depart.steps[0]!.distanceM + o.ret!.steps[1]!.distanceM),
    );
  });
  it('names the DRT operator and booking website', () => {
    const drt = {
      ...streetStep('drt', PLACES.aviemore, PLACES.carrbridge, MON_0900, 10),
      flexibleServiceId: 'drt1',
    };
    const o: PlannedOption = { kind: 'drt', depart: { steps: [drt] }, ret: null };
    const j = assembled(o);
    expect(j.drt_operator).toEqual({ name: 'Test Dial-a-bus', booking_website: 'https://drt.example/book' });
    expect(j.depart.steps[0]).toMatchObject({ booking_website: 'https://drt.example/book', cost: '£3.00' });
    expect(j.transport_mode).toBe('drt');
  });
  it('marks a straight-line walk on the wire (straight_line) and leaves other steps without it', () => {
    const walk = streetStep('walk', PLACES.aviemore, PLACES.aviemoreStation, MON_0900 - 900, 1.3, {
      straightLine: true,
    });
    const bus = rideStep('bus', PLACES.aviemoreStation, PLACES.carrbridge, MON_0900, 900);
    const o: PlannedOption = { kind: 'transit', depart: { steps: [walk, bus] }, ret: null };
    const j = assembled(o);
    expect(j.depart.steps[0]!.straight_line).toBe(true);
    expect('straight_line' in j.depart.steps[1]!).toBe(false);
  });
});
