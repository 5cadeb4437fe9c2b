// Feature under test: the request and the logged-in profile merge field by field (issue #14).
import { RAILCARDS, SearchRequest, type Profile } from '@cairn/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGiven, travellerFrom } from '../../../src/journeys/fares/traveller.ts';

const base = { origin: 'A', destination: 'B', out_time: '2026/06/15 09:00:00' };
const req = (extra: object) => SearchRequest.parse({ ...base, ...extra });
const profile: Profile = {
  has_car_access: true,
  has_concessionary_pass: true,
  has_young_scot_card: true,
  has_new_young_scot_card: true,
  railcard: 'Senior Railcard',
  user_age: 70,
  step_free: true,
};

describe('travellerFrom: each field is the request’s when given, else the profile’s', () => {
  it('takes every entitlement from the profile when the request carries none', () => {
    expect(travellerFrom(req({}), profile)).toEqual({
      age: 70,
      carAccess: true,
      concessionaryPass: true,
      youngScot: true,
      newYoungScot: true,
      railcard: 'Senior Railcard',
      stepFree: true,
      schemes: [],
    });
  });

  it('lets no empty value override the profile (null age, empty or null railcard, null type)', () => {
    const t = travellerFrom(req({ user_age: null, railcard: '', railcard_type: null }), profile);
    expect(t.age).toBe(70);
    expect(t.railcard).toBe('Senior Railcard');
    expect(travellerFrom(req({ railcard: null }), profile).railcard).toBe('Senior Railcard');
  });

  it('keeps the profile railcard when the form says it has one but names none', () =>
    expect(travellerFrom(req({ has_railcard: true }), profile).railcard).toBe('Senior Railcard'));

  it('applies the form railcard type, then the logged-in railcard field', () => {
    expect(
      travellerFrom(req({ has_railcard: true, railcard_type: '16-25 Railcard' }), profile).railcard,
    ).toBe('16-25 Railcard');
    expect(travellerFrom(req({ railcard: '26-30 Railcard' }), profile).railcard).toBe('26-30 Railcard');
  });

  it('reads an explicit false as the traveller’s choice for this search', () => {
    expect(travellerFrom(req({ has_railcard: false }), profile).railcard).toBeNull();
    expect(travellerFrom(req({ has_access_to_car: false }), profile).carAccess).toBe(false);
    expect(travellerFrom(req({ has_car_access: false }), profile).carAccess).toBe(false);
    expect(travellerFrom(req({ has_concessionary_pass: false }), profile).concessionaryPass).toBe(false);
  });

  it('prefers the form car question to the logged-in car field', () =>
    expect(travellerFrom(req({ has_access_to_car: true, has_car_access: false }), null).carAccess).toBe(
      true,
    ));

  it('resets the new Young Scot flag when Young Scot is No (SPEC §4)', () =>
    expect(travellerFrom(req({ has_young_scot_card: false }), profile).newYoungScot).toBe(false));

  it('prices an anonymous search with nothing given as an adult without cards', () =>
    expect(travellerFrom(req({}), null)).toEqual({
      age: null,
      carAccess: false,
      concessionaryPass: false,
      youngScot: false,
      newYoungScot: false,
      railcard: null,
      stepFree: false,
      schemes: [],
    }));

  it('never lets an absent or empty field override a random profile', () => {
    const railcard = fc.constantFrom(...RAILCARDS);
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const profileArb = fc.record({
      has_car_access: fc.boolean(),
      has_concessionary_pass: fc.boolean(),
      has_young_scot_card: fc.boolean(),
      has_new_young_scot_card: fc.boolean(),
      railcard: fc.oneof(railcard, fc.constant(null)),
      user_age: fc.option(fc.integer({ min: 0, max: 130 }), { nil: null }),
    });
    const requestArb = fc.record({
      has_car_access: maybe(fc.boolean()),
      has_concessionary_pass: maybe(fc.boolean()),
      has_young_scot_card: maybe(fc.boolean()),
      has_new_young_scot_card: maybe(fc.boolean()),
      railcard: maybe(fc.oneof(railcard, fc.constant(null), fc.constant('' as const))),
      user_age: maybe(fc.option(fc.integer({ min: 0, max: 130 }), { nil: null })),
    });
    fc.assert(
      fc.property(profileArb, requestArb, (p, r) => {
        const t = travellerFrom(req(r), p);
        const pick = <T>(given: T | null | undefined | '', stored: T | null | '') =>
          isGiven(given) ? given : stored;
        expect(t.carAccess).toBe(pick(r.has_car_access, p.has_car_access));
        expect(t.concessionaryPass).toBe(pick(r.has_concessionary_pass, p.has_concessionary_pass));
        expect(t.youngScot).toBe(pick(r.has_young_scot_card, p.has_young_scot_card));
        expect(t.newYoungScot).toBe(
          t.youngScot && pick(r.has_new_young_scot_card, p.has_new_young_scot_card),
        );
        expect(t.age).toBe(pick(r.user_age, p.user_age));
        expect(t.railcard).toBe(pick(r.railcard, p.railcard) || null);
      }),
    );
  });
});

describe('isGiven', () => {
  it('treats undefined, null, empty text and empty lists as not given, false and 0 as given', () => {
    expect([undefined, null, '', []].map(isGiven)).toEqual([false, false, false, false]);
    expect([false, 0, 'x', ['a']].map(isGiven)).toEqual([true, true, true, true]);
  });
});
