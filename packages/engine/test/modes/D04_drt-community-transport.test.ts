// Feature under test: DRT and community transport: zone, operating days and hours, bank holidays, booking notice and fares.
import { describe, expect, it } from 'vitest';
import { communityTransportMode, drtMode } from '../../src/modes/flexible.ts';
import { adult, ctx, monday, trip } from './modeFixture.ts';

const saturday = (hh: number): number => Date.UTC(2026, 10, 28, hh) / 1000;

describe('DRT', () => {
  it('takes a trip inside the zone in service hours, timed at the service speed, with booking details', () => {
    const a = drtMode.plan(ctx, trip([-1000, 0], [1000, 0]));
    if (!a.ok) throw new Error(a.reason);
    expect(a.option.durationSec).toBeCloseTo(2000 / (30 / 3.6), -1);
    expect(a.option.cost).toEqual({
      pence: 250,
      estimate: false,
      lines: [{ description: 'Glen Flexi: adult single', pence: 250 }],
    });
    expect(a.option.booking).toEqual({
      serviceName: 'Glen Flexi',
      website: 'https://example.org/flexi',
      phone: '01479 000003',
      advanceBookingMin: 60,
      eligibility: null,
    });
    expect(a.option.steps[0]!.flexibleServiceId).toBe('glendrt');
  });

  it('charges children the child fare and concession holders nothing', () => {
    const child = drtMode.plan(ctx, trip([-1000, 0], [1000, 0], monday(10), { ...adult, ageYears: 10 }));
    expect(child.ok && child.option.cost.pence).toBe(120);
    const infant = drtMode.plan(ctx, trip([-1000, 0], [1000, 0], monday(10), { ...adult, ageYears: 3 }));
    expect(infant.ok && infant.option.cost.pence).toBe(0);
    const pass = drtMode.plan(
      ctx,
      trip([-1000, 0], [1000, 0], monday(10), { ...adult, hasConcessionaryPass: true }),
    );
    expect(pass.ok && pass.option.cost.pence).toBe(0);
  });

  it('refuses trips leaving the zone', () => {
    expect(drtMode.plan(ctx, trip([-1000, 0], [5000, 1000]))).toEqual({
      ok: false,
      reason: 'Work is outside the Glen Flexi zone',
    });
  });

  it('refuses days and hours it does not run, and bank holidays', () => {
    expect(drtMode.plan(ctx, trip([-1000, 0], [1000, 0], saturday(10)))).toEqual({
      ok: false,
      reason: 'Glen Flexi does not run on sat',
    });
    expect(drtMode.plan(ctx, trip([-1000, 0], [1000, 0], monday(6, 30)))).toEqual({
      ok: false,
      reason: 'Glen Flexi runs 07:00-19:00',
    });
    expect(drtMode.plan(ctx, trip([-1000, 0], [1000, 0], monday(18, 58)))).toEqual({
      ok: false,
      reason: 'Glen Flexi runs 07:00-19:00',
    });
    const christmas = Date.UTC(2026, 11, 25, 10) / 1000;
    expect(drtMode.plan(ctx, trip([-1000, 0], [1000, 0], christmas))).toEqual({
      ok: false,
      reason: 'Glen Flexi does not run on bank holidays',
    });
  });

  it('needs booking the advance notice ahead', () => {
    const req = { ...trip([-1000, 0], [1000, 0]), nowSec: monday(9, 30) };
    expect(drtMode.plan(ctx, req)).toEqual({
      ok: false,
      reason: 'Glen Flexi must be booked at least 60 minutes ahead',
    });
    expect(drtMode.plan(ctx, { ...req, nowSec: monday(9) }).ok).toBe(true);
  });
});

describe('community transport', () => {
  it('runs on its own days, with its eligibility shown', () => {
    const a = communityTransportMode.plan(ctx, trip([-1000, 0], [1000, 0], saturday(10)));
    if (!a.ok) throw new Error(a.reason);
    expect(a.option.mode).toBe('community transport');
    expect(a.option.cost.pence).toBe(400);
    expect(a.option.booking?.eligibility).toBe('Residents unable to use buses');
    expect(communityTransportMode.plan(ctx, trip([-1000, 0], [1000, 0], monday(10)))).toEqual({
      ok: false,
      reason: 'Glen Community Car does not run on mon',
    });
  });

  it('does not waive its fare for concession holders when the service says so', () => {
    const a = communityTransportMode.plan(
      ctx,
      trip([-1000, 0], [1000, 0], saturday(10), { ...adult, hasConcessionaryPass: true }),
    );
    expect(a.ok && a.option.cost.pence).toBe(400);
  });
});
