// Feature under test: taxi: local operators by pick-up area (none: no taxi), and the fare from the region tariff (day, night, public holiday).
import { describe, expect, it } from 'vitest';
import { listTaxiOperators, taxiParts } from '../../src/modes/taxi.ts';
import { at } from '../support/osmFixture.ts';
import { ctx, home, legOf, monday, priceOf, work } from '../support/modeFixture.ts';

/** The tariff by hand: £3 flag, £2 a mile, 40p a minute for time slower than 30 mph, rounded up to 10p. */
function expectedPence(distanceM: number, durationSec: number, uplift = 1): number {
  const miles = distanceM * 0.00062137;
  const waitingMin = Math.max(0, (durationSec - (miles / 30) * 3600) / 60);
  return Math.ceil(((300 + 200 * miles + 40 * waitingMin) * uplift) / 10) * 10;
}

/** A taxi along Main Street leaving at startSec, with its fare. */
function ride(startSec: number) {
  const leg = legOf(taxiParts(ctx, home(-1000, 0), work(1000, 0)), startSec);
  const step = leg.steps[0]!;
  const price = priceOf(leg);
  return { step, price, sec: step.endSec - step.startSec };
}

const christmas = (hh: number): number => Date.UTC(2026, 11, 25, hh) / 1000;

describe('taxi', () => {
  it('is a ride from the pick-up with the local operators to call', () => {
    const answer = taxiParts(ctx, home(-1000, 0), work(1000, 0));
    expect(answer).toEqual({
      parts: [{ type: 'taxi', from: home(-1000, 0), to: work(1000, 0) }],
      operators: [{ name: 'Glen Cabs', phone: '01479 000001' }],
    });
  });

  it('lists operators by the pick-up area, and offers no taxi where nobody serves it', () => {
    const far = at(5000, 1000);
    expect(listTaxiOperators(ctx, far.lat, far.lon)).toEqual([{ name: 'Far Taxis', phone: '01479 000002' }]);
    const between = at(3300, 1000);
    expect(listTaxiOperators(ctx, between.lat, between.lon)).toEqual([]);
    expect(taxiParts(ctx, home(3300, 1000), work(1000, 0))).toEqual({
      reason: 'no local taxi operator serves Home',
    });
  });

  it('is priced by the fares code with the metered tariff in the day, as an estimate', () => {
    const { step, price, sec } = ride(monday(10));
    expect(price.totalPence).toBe(expectedPence(step.distanceM, sec));
    expect(price.isEstimate).toBe(true);
  });

  it('adds the night uplift after 22:00', () => {
    const { step, price, sec } = ride(monday(23));
    expect(price.totalPence).toBe(expectedPence(step.distanceM, sec, 1.5));
    expect(price.lines[0]!.description).toContain('night rate');
  });

  it('adds the public-holiday uplift on Christmas Day, and not on top of the night rate', () => {
    const noon = ride(christmas(12));
    expect(noon.price.totalPence).toBe(expectedPence(noon.step.distanceM, noon.sec, 1.5));
    expect(noon.price.lines[0]!.description).toContain('public holiday rate');
    const night = ride(christmas(23));
    expect(night.price.totalPence).toBe(expectedPence(night.step.distanceM, night.sec, 1.5));
  });
});
