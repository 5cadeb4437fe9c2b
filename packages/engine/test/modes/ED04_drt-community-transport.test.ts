// Feature under test: DRT and community transport: zone, operating days and hours, bank holidays, booking notice, fares and eligibility.
import { describe, expect, it } from 'vitest';
import { assembleJourney } from '../../src/journeys/assemble/assembleJourney.ts';
import type { PlannedLeg } from '../../src/journeys/model.ts';
import { checkFlexibleLeg, flexibleParts } from '../../src/modes/flexible.ts';
import { buildStreetChain } from '../../src/modes/streetStep.ts';
import { adult, home, legOf, monday, net, partsOf, priceOf, region, work } from '../support/modeFixture.ts';

const drt = region.flexibleServices.find((s) => s.id === 'glendrt')!;
const ct = region.flexibleServices.find((s) => s.id === 'glenct')!;
const saturday = (hh: number, mm = 0): number => Date.UTC(2026, 10, 28, hh, mm) / 1000;
const christmas = Date.UTC(2026, 11, 25, 10) / 1000;
const DAYS_AHEAD = 2 * 86_400;

/** A ride along Main Street with the service leaving at startSec. */
const ride = (service: typeof drt, startSec: number): PlannedLeg =>
  legOf(flexibleParts(service, home(-1000, 0), work(1000, 0)), startSec);
/** Why the ride cannot be taken, booked two days ahead unless told. */
const why = (leg: PlannedLeg, nowSec = (leg.steps[0]?.startSec ?? 0) - DAYS_AHEAD) =>
  checkFlexibleLeg(region, leg, nowSec);

describe('DRT', () => {
  it('takes a trip inside the zone in service hours, timed at the service speed', () => {
    const leg = ride(drt, monday(10));
    const step = leg.steps[0]!;
    expect(step.type).toBe('drt');
    expect(step.flexibleServiceId).toBe('glendrt');
    expect(step.endSec - step.startSec).toBeCloseTo(2000 / (30 / 3.6), -1);
    expect(why(leg)).toBeNull();
    // Arriving by a time, the ride is timed the same way.
    const parts = partsOf(flexibleParts(drt, home(-1000, 0), work(1000, 0)));
    const arriving = buildStreetChain(net, parts, { endSec: monday(11) })!.steps[0]!;
    expect(arriving.endSec).toBe(monday(11));
    expect(arriving.endSec - arriving.startSec).toBe(step.endSec - step.startSec);
  });

  it('charges adults the single, children the child fare, infants and concession holders nothing', () => {
    const leg = ride(drt, monday(10));
    const adultPrice = priceOf(leg);
    expect(adultPrice.totalPence).toBe(250);
    expect(adultPrice.isEstimate).toBe(false);
    expect(priceOf(leg, { ...adult, age: 10 }).totalPence).toBe(120);
    expect(priceOf(leg, { ...adult, age: 3 }).totalPence).toBe(0);
    expect(priceOf(leg, { ...adult, concessionaryPass: true }).totalPence).toBe(0);
  });

  it('refuses trips starting or ending outside the zone', () => {
    expect(flexibleParts(drt, home(-1000, 0), work(5000, 1000))).toEqual({
      reason: 'Work is outside the Glen Flexi zone',
    });
    expect(flexibleParts(drt, home(5000, 1000), work(-1000, 0))).toEqual({
      reason: 'Home is outside the Glen Flexi zone',
    });
  });

  it('refuses days and hours it does not run, arrivals after hours and bank holidays', () => {
    expect(why(ride(drt, saturday(10)))).toBe('Glen Flexi does not run on sat');
    expect(why(ride(drt, monday(6, 30)))).toBe('Glen Flexi runs 07:00-19:00');
    // A four-minute ride: leaving 18:55 arrives in time, leaving 18:58 does not.
    expect(why(ride(drt, monday(18, 55)))).toBeNull();
    expect(why(ride(drt, monday(18, 58)))).toBe('Glen Flexi runs 07:00-19:00');
    expect(why(ride(drt, christmas))).toBe('Glen Flexi does not run on bank holidays');
  });

  it('needs booking the advance notice ahead', () => {
    const leg = ride(drt, monday(10));
    expect(why(leg, monday(9, 30))).toBe('Glen Flexi must be booked at least 60 minutes ahead');
    expect(why(leg, monday(9))).toBeNull();
  });

  it('refuses a ride on a service the region does not have', () => {
    const leg = ride(drt, monday(10));
    const stray = { steps: [{ ...leg.steps[0]!, flexibleServiceId: 'gone' }] };
    expect(why(stray)).toBe('no flexible service gone in the region');
  });
});

describe('community transport', () => {
  it('runs on its own days, booked a day ahead', () => {
    const leg = ride(ct, saturday(10));
    expect(leg.steps[0]!.type).toBe('community transport');
    expect(why(leg)).toBeNull();
    expect(why(ride(ct, monday(10)))).toBe('Glen Community Car does not run on mon');
    expect(why(leg, saturday(9))).toBe('Glen Community Car must be booked at least 1440 minutes ahead');
  });

  it('does not waive its fare for concession holders when the service says so', () => {
    const leg = ride(ct, saturday(10));
    expect(priceOf(leg).totalPence).toBe(400);
    expect(priceOf(leg, { ...adult, concessionaryPass: true }).totalPence).toBe(400);
  });

  it('shows who may use it with the booking details', () => {
    const leg = ride(ct, saturday(10));
    const journey = assembleJourney({ kind: 'test', depart: leg, ret: null }, priceOf(leg), {
      region,
      origin: leg.steps[0]!.from,
      destination: leg.steps[0]!.to,
      extras: { poisNear: () => [], toiletsNear: () => [], taxisAt: () => [], timetableFor: () => undefined },
      carClubPromo: false,
    });
    const step = journey.depart.steps[0]!;
    expect(step.booking_phone).toBe('01479 000004');
    expect(step.how_to_guide?.service.statements.map((s) => s.body)).toContain(
      'Residents unable to use buses',
    );
  });
});
