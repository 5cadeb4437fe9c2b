// Feature under test: one rule merges a search's entitlements: form over profile over defaults (ADR 009, issue #17).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowsTravelType,
  entitlementsProfile,
  mergeEntitlements,
  NO_ENTITLEMENTS,
  Profile,
  RAILCARDS,
  SearchRequest,
  type EntitlementAnswers,
  type Entitlements,
  type ProfileAnswers,
} from '../src/index.ts';

const PROFILE: ProfileAnswers = {
  has_car_access: true,
  has_concessionary_pass: true,
  has_young_scot_card: true,
  has_new_young_scot_card: true,
  railcard: 'Senior Railcard',
  user_age: 70,
};
const DEFAULTS: Entitlements = { ...NO_ENTITLEMENTS, age: 41, railcard: '26-30 Railcard' };

type Row = [
  name: string,
  form: EntitlementAnswers,
  profile: ProfileAnswers | null,
  field: keyof Entitlements,
  expected: Entitlements[keyof Entitlements],
];

const NOT_GIVEN = [undefined, null, ''] as const;

const ROWS: Row[] = [
  ['form car question over profile', { has_access_to_car: false }, PROFILE, 'carAccess', false],
  [
    'form car question over logged-in field',
    { has_access_to_car: true, has_car_access: false },
    null,
    'carAccess',
    true,
  ],
  ['logged-in car field over profile', { has_car_access: false }, PROFILE, 'carAccess', false],
  ['profile car access when the form gives none', {}, PROFILE, 'carAccess', true],
  ['default car access without form or profile', {}, null, 'carAccess', false],
  ...NOT_GIVEN.map((v): Row => [
    `car question ${JSON.stringify(v)} falls through`,
    { has_access_to_car: v },
    PROFILE,
    'carAccess',
    true,
  ]),
  [
    'form railcard type over everything',
    { has_railcard: true, railcard_type: '16-25 Railcard', railcard: '16-17 Saver' },
    PROFILE,
    'railcard',
    '16-25 Railcard',
  ],
  ['logged-in railcard over profile', { railcard: '16-17 Saver' }, PROFILE, 'railcard', '16-17 Saver'],
  [
    'profile railcard when the form names none',
    { has_railcard: true },
    PROFILE,
    'railcard',
    'Senior Railcard',
  ],
  ['default railcard without form or profile card', {}, { railcard: null }, 'railcard', '26-30 Railcard'],
  [
    'railcard No beats every card',
    { has_railcard: false, railcard: '16-17 Saver' },
    PROFILE,
    'railcard',
    null,
  ],
  ...NOT_GIVEN.map((v): Row => [
    `railcard type ${JSON.stringify(v)} falls through`,
    { railcard_type: v, railcard: v },
    PROFILE,
    'railcard',
    'Senior Railcard',
  ]),
  ['form age over profile', { user_age: 17 }, PROFILE, 'age', 17],
  ['age 0 is an answer', { user_age: 0 }, PROFILE, 'age', 0],
  ['profile age over default', {}, PROFILE, 'age', 70],
  ['default age when neither gives one', {}, { user_age: null }, 'age', 41],
  ...NOT_GIVEN.map((v): Row => [
    `age ${JSON.stringify(v)} falls through`,
    { user_age: v },
    PROFILE,
    'age',
    70,
  ]),
  ['form pass No over profile', { has_concessionary_pass: false }, PROFILE, 'concessionaryPass', false],
  ['profile pass', {}, PROFILE, 'concessionaryPass', true],
  ['form Young Scot No over profile', { has_young_scot_card: false }, PROFILE, 'youngScot', false],
  [
    'Young Scot No clears the new-card flag (SPEC §4)',
    { has_young_scot_card: false },
    PROFILE,
    'newYoungScot',
    false,
  ],
  [
    'new card from the profile with Young Scot from the form',
    { has_young_scot_card: true },
    { has_new_young_scot_card: true },
    'newYoungScot',
    true,
  ],
];

describe('mergeEntitlements: the form, then the profile, then the defaults', () => {
  it.each(ROWS)('%s', (_name, form, profile, field, expected) =>
    expect(mergeEntitlements(form, profile, DEFAULTS)[field]).toEqual(expected),
  );

  it('gives no entitlements to an anonymous traveller who answered nothing', () =>
    expect(mergeEntitlements({}, null)).toEqual(NO_ENTITLEMENTS));

  it('takes a parsed search request as the form', () => {
    const request = SearchRequest.parse({
      origin: 'A',
      destination: 'B',
      out_time: '2026/06/15 09:00:00',
      has_access_to_car: '',
      railcard: null,
      user_age: 19,
    });
    expect(mergeEntitlements(request, PROFILE)).toMatchObject({
      carAccess: true,
      railcard: 'Senior Railcard',
      age: 19,
    });
  });
});

describe('allowsTravelType: the brand blocks, car access allows own car', () => {
  it.each([
    [[], true, 'own car', true],
    [[], false, 'own car', false],
    [['own car'], true, 'own car', false],
    [['bus'], false, 'bus', false],
    [['bus'], false, 'train', true],
  ] as const)('blocked %j, car access %s: %s allowed is %s', (blocked, carAccess, type, allowed) =>
    expect(allowsTravelType(blocked, { carAccess }, type)).toBe(allowed),
  );
});

const notGiven = fc.constantFrom(undefined, null, '' as const);
const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof(a, notGiven);
const railcard = fc.constantFrom(...RAILCARDS);
const schemes = fc.uniqueArray(fc.constantFrom('deutschlandticket', 'senior'), { maxLength: 2 });
const formArb: fc.Arbitrary<EntitlementAnswers> = fc.record({
  has_access_to_car: maybe(fc.boolean()),
  has_car_access: maybe(fc.boolean()),
  has_railcard: maybe(fc.boolean()),
  railcard_type: maybe(railcard),
  railcard: maybe(railcard),
  has_concessionary_pass: maybe(fc.boolean()),
  has_young_scot_card: maybe(fc.boolean()),
  has_new_young_scot_card: maybe(fc.boolean()),
  user_age: maybe(fc.integer({ min: 0, max: 130 })),
  step_free: maybe(fc.boolean()),
  concession_schemes: maybe(schemes),
});
const profileArb: fc.Arbitrary<ProfileAnswers | null> = fc.option(
  fc.record({
    has_car_access: maybe(fc.boolean()),
    has_concessionary_pass: maybe(fc.boolean()),
    has_young_scot_card: maybe(fc.boolean()),
    has_new_young_scot_card: maybe(fc.boolean()),
    railcard: maybe(railcard),
    user_age: maybe(fc.integer({ min: 0, max: 130 })),
    step_free: maybe(fc.boolean()),
    concession_schemes: maybe(schemes),
  }),
  { nil: null },
);
const defaultsArb: fc.Arbitrary<Entitlements> = fc
  .record({
    age: fc.option(fc.integer({ min: 0, max: 130 }), { nil: null }),
    carAccess: fc.boolean(),
    concessionaryPass: fc.boolean(),
    youngScot: fc.boolean(),
    newYoungScot: fc.boolean(),
    railcard: fc.option(railcard, { nil: null }),
    stepFree: fc.boolean(),
    schemes,
  })
  .map((d) => ({ ...d, newYoungScot: d.youngScot && d.newYoungScot }));

const given = <T>(v: T | null | undefined | ''): v is T => v !== undefined && v !== null && v !== '';

describe('mergeEntitlements properties', () => {
  it('is deterministic: equal inputs give equal entitlements and the inputs are left as they were', () =>
    fc.assert(
      fc.property(formArb, profileArb, defaultsArb, (form, profile, defaults) => {
        const copies = structuredClone({ form, profile, defaults });
        const first = mergeEntitlements(form, profile, defaults);
        expect(mergeEntitlements(copies.form, copies.profile, copies.defaults)).toEqual(first);
        expect({ form, profile, defaults }).toEqual(copies);
      }),
    ));

  it('lets every value the form gives win over any profile and defaults', () =>
    fc.assert(
      fc.property(formArb, profileArb, defaultsArb, (form, profile, defaults) => {
        const merged = mergeEntitlements(form, profile, defaults);
        const car = given(form.has_access_to_car) ? form.has_access_to_car : form.has_car_access;
        if (given(car)) expect(merged.carAccess).toBe(car);
        if (form.has_railcard === false) expect(merged.railcard).toBeNull();
        else {
          const card = given(form.railcard_type) ? form.railcard_type : form.railcard;
          if (given(card)) expect(merged.railcard).toBe(card);
        }
        if (given(form.has_concessionary_pass))
          expect(merged.concessionaryPass).toBe(form.has_concessionary_pass);
        if (given(form.has_young_scot_card)) expect(merged.youngScot).toBe(form.has_young_scot_card);
        if (given(form.has_new_young_scot_card))
          expect(merged.newYoungScot).toBe(merged.youngScot && form.has_new_young_scot_card);
        if (given(form.user_age)) expect(merged.age).toBe(form.user_age);
        if (Array.isArray(form.concession_schemes)) expect(merged.schemes).toEqual(form.concession_schemes);
      }),
    ));

  it('falls through a field not given: the same as the next layer alone', () =>
    fc.assert(
      fc.property(profileArb, defaultsArb, notGiven, (profile, defaults, empty) => {
        const silent = Object.fromEntries(
          ['has_access_to_car', 'has_car_access', 'railcard_type', 'railcard', 'user_age'].map((k) => [
            k,
            empty,
          ]),
        );
        expect(mergeEntitlements(silent, profile, defaults)).toEqual(
          mergeEntitlements({}, profile, defaults),
        );
        expect(mergeEntitlements({}, null, defaults)).toEqual(defaults);
      }),
    ));

  it('changes nothing when merged again over the profile it stored (API then engine)', () =>
    fc.assert(
      fc.property(formArb, profileArb, defaultsArb, (form, profile, defaults) => {
        const merged = mergeEntitlements(form, profile, defaults);
        expect(mergeEntitlements(form, entitlementsProfile(merged))).toEqual(merged);
      }),
    ));
});

describe("concession_schemes: the region's own schemes, the form's list over the profile's (issue 28)", () => {
  it.each([
    ['form holds one, profile silent', { concession_schemes: ['senior'] }, null, ['senior']],
    ['profile holds one, form silent', {}, { concession_schemes: ['senior'] }, ['senior']],
    [
      'an empty list on the form is an answer',
      { concession_schemes: [] },
      { concession_schemes: ['senior'] },
      [],
    ],
    [
      'null on the form falls through',
      { concession_schemes: null },
      { concession_schemes: ['senior'] },
      ['senior'],
    ],
    ['none when neither says', {}, null, []],
  ] as Array<[string, EntitlementAnswers, ProfileAnswers | null, string[]]>)(
    '%s',
    (_name, form, profile, expected) => expect(mergeEntitlements(form, profile).schemes).toEqual(expected),
  );

  it('is stored with a search only when one is held, so stored profiles without schemes stay as they were', () => {
    expect(entitlementsProfile(mergeEntitlements({}, null))).not.toHaveProperty('concession_schemes');
    expect(entitlementsProfile(mergeEntitlements({ concession_schemes: ['senior'] }, null))).toMatchObject({
      concession_schemes: ['senior'],
    });
  });

  it('takes ids only, each once, at most 20', () => {
    expect(SearchRequest.shape.concession_schemes.parse(['senior', 'senior'])).toEqual(['senior']);
    expect(SearchRequest.shape.concession_schemes.safeParse(['<script>']).success).toBe(false);
    expect(Profile.shape.concession_schemes.parse('')).toBeUndefined();
  });
});

describe('step_free: the form over the profile, off by default (issue #19)', () => {
  it.each([
    ['form asks, profile silent', { step_free: true }, null, true],
    ['profile asks, form silent', {}, { step_free: true }, true],
    ['form false overrides the profile', { step_free: false }, { step_free: true }, false],
    ['form true over a profile false', { step_free: true }, { step_free: false }, true],
    ['empty form value falls through to the profile', { step_free: '' as const }, { step_free: true }, true],
    ['off when neither says', {}, null, false],
  ] as const)('%s', (_name, form, profile, expected) =>
    expect(mergeEntitlements(form, profile).stepFree).toBe(expected),
  );

  it('stores step_free in the search profile only when asked, so older profiles stay as they were', () => {
    expect(entitlementsProfile(mergeEntitlements({ step_free: true }, null))).toMatchObject({
      step_free: true,
    });
    expect(entitlementsProfile(NO_ENTITLEMENTS)).not.toHaveProperty('step_free');
  });

  it('reads step_free from a search request and a profile', () => {
    const request = SearchRequest.parse({
      origin: 'A',
      destination: 'B',
      out_time: '2026/06/15 09:00:00',
      step_free: '',
    });
    expect(request.step_free).toBeUndefined();
    expect(Profile.parse({ step_free: true }).step_free).toBe(true);
    expect(
      SearchRequest.safeParse({
        origin: 'A',
        destination: 'B',
        out_time: '2026/06/15 09:00:00',
        step_free: 'x',
      }).success,
    ).toBe(false);
  });
});
