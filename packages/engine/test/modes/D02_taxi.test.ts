// Feature under test: taxi fare from the region tariff (day, night, bank holiday) and local operators by area.
import { describe, expect, it } from 'vitest';
import { taxiMode, listTaxiOperators } from '../../src/modes/taxi.ts';
import { at } from '../streets/osmFixture.ts';
import { ctx, monday, trip } from './modeFixture.ts';

/** The tariff by hand: £3 flag, £2 a mile, 40p a minute for time slower than 30 mph, rounded up to 10p. */
function expectedPence(distanceM: number, durationSec: number, uplift = 1): number {
  const miles = distanceM * 0.00062137;
  const waitingMin = Math.max(0, (durationSec - (miles / 30) * 3600) / 60);
  return Math.ceil(((300 + 200 * miles + 40 * waitingMin) * uplift) / 10) * 10;
}

describe('taxi', () => {
  it('prices a daytime ride with the metered tariff and lists the local operator', () => {
    const a = taxiMode.plan(ctx, trip([-1000, 0], [1000, 0]));
    if (!a.ok) throw new Error(a.reason);
    const step = a.option.steps[0]!;
    expect(a.option.cost.pence).toBe(expectedPence(step.distanceM, step.durationSec));
    expect(a.option.cost.estimate).toBe(true);
    expect(a.option.taxis).toEqual([{ name: 'Glen Cabs', phone: '01479 000001' }]);
  });

  it('adds the night uplift after 22:00', () => {
    const a = taxiMode.plan(ctx, trip([-1000, 0], [1000, 0], monday(23)));
    if (!a.ok) throw new Error(a.reason);
    const step = a.option.steps[0]!;
    expect(a.option.cost.pence).toBe(expectedPence(step.distanceM, step.durationSec, 1.5));
    expect(a.option.cost.lines[0]!.description).toContain('night rate');
  });

  it('adds the bank-holiday uplift on Christmas Day', () => {
    const christmas = Date.UTC(2026, 11, 25, 12) / 1000;
    const a = taxiMode.plan(ctx, trip([-1000, 0], [1000, 0], christmas));
    if (!a.ok) throw new Error(a.reason);
    const step = a.option.steps[0]!;
    const day = expectedPence(step.distanceM, step.durationSec);
    expect(a.option.cost.pence).toBe(Math.ceil((day * 1.5) / 10) * 10);
    expect(a.option.cost.lines[0]!.description).toContain('bank holiday rate');
  });

  it('lists operators by the pick-up area, and none where nobody serves it', () => {
    const far = at(5000, 1000);
    expect(listTaxiOperators(ctx, far.lat, far.lon)).toEqual([{ name: 'Far Taxis', phone: '01479 000002' }]);
    const between = at(3300, 1000);
    expect(listTaxiOperators(ctx, between.lat, between.lon)).toEqual([]);
    const a = taxiMode.plan(ctx, trip([3300, 1000], [1000, 0]));
    expect(a.ok && a.option.taxis).toEqual([]);
  });
});
