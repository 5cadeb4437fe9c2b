// Feature under test: which fare a traveller pays — NEC, Young Scot under-22, railcards, child fares.
import { describe, expect, it } from 'vitest';
import { applyEntitlements } from '../../../src/journeys/fares/entitlements.ts';
import type { EntitlementInput } from '../../../src/journeys/fares/entitlements.ts';
import { travellerFrom } from '../../../src/journeys/fares/traveller.ts';
import { SearchRequest } from '@cairn/contracts';
import { testRegion } from '../../support/region.ts';
import { adult } from '../../support/traveller.ts';

const concessions = testRegion().fares.concessions;
const bus: EntitlementInput = {
  mode: 'bus',
  adultPence: 450,
  childPercent: 50,
  ruleConcessionsFree: false,
  ticket: 'single',
};
const rail: EntitlementInput = {
  mode: 'train',
  adultPence: 4500,
  childPercent: 50,
  ruleConcessionsFree: false,
  ticket: 'single',
};

describe('applyEntitlements', () => {
  it('charges an adult the adult fare', () =>
    expect(applyEntitlements(adult, concessions, bus)).toMatchObject({ pence: 450, entitlement: null }));
  it('makes the bus free with a National Entitlement Card, but not the train', () => {
    const nec = { ...adult, age: 67, concessionaryPass: true };
    expect(applyEntitlements(nec, concessions, bus)).toMatchObject({
      pence: 0,
      entitlement: 'National Entitlement Card',
    });
    expect(applyEntitlements(nec, concessions, rail).pence).toBe(4500);
  });
  it('frees a DRT ride whose rule says concessions travel free', () => {
    const nec = { ...adult, concessionaryPass: true };
    expect(
      applyEntitlements(nec, concessions, { ...bus, mode: 'drt', ruleConcessionsFree: true }).pence,
    ).toBe(0);
    expect(applyEntitlements(nec, concessions, { ...bus, mode: 'drt' }).pence).toBe(450);
  });
  it('gives under-22 free bus only with the new Young Scot card', () => {
    const young = { ...adult, age: 19, youngScot: true };
    expect(applyEntitlements(young, concessions, bus).pence).toBe(450);
    expect(applyEntitlements({ ...young, newYoungScot: true }, concessions, bus)).toMatchObject({
      pence: 0,
      entitlement: 'Young Scot under-22 free bus travel',
    });
    expect(applyEntitlements({ ...young, newYoungScot: true, age: 22 }, concessions, bus).pence).toBe(450);
    expect(applyEntitlements({ ...young, newYoungScot: true, age: null }, concessions, bus).pence).toBe(0);
  });
  it('gives Young Scot holders aged 16–18 the region rail discount', () => {
    const ys = { ...adult, youngScot: true, age: 17 };
    expect(applyEntitlements(ys, concessions, rail).pence).toBe(2250);
    expect(applyEntitlements({ ...ys, age: 19 }, concessions, rail).pence).toBe(4500);
    expect(applyEntitlements({ ...ys, age: null }, concessions, rail).pence).toBe(4500);
  });
  it('takes a third off rail with a railcard and half with the 16-17 Saver, never off buses', () => {
    expect(applyEntitlements({ ...adult, railcard: '16-25 Railcard' }, concessions, rail)).toMatchObject({
      pence: 3000,
      entitlement: '16-25 Railcard',
    });
    expect(applyEntitlements({ ...adult, railcard: 'Senior Railcard' }, concessions, rail).pence).toBe(3000);
    expect(applyEntitlements({ ...adult, railcard: '16-17 Saver' }, concessions, rail).pence).toBe(2250);
    expect(applyEntitlements({ ...adult, railcard: '16-25 Railcard' }, concessions, bus).pence).toBe(450);
  });
  it('charges children the child fare and infants nothing', () => {
    expect(applyEntitlements({ ...adult, age: 10 }, concessions, bus)).toMatchObject({
      pence: 225,
      basis: 'child single',
    });
    expect(applyEntitlements({ ...adult, age: 10 }, concessions, { ...bus, childPence: 200 }).pence).toBe(
      200,
    );
    expect(applyEntitlements({ ...adult, age: 3 }, concessions, rail).pence).toBe(0);
  });
});

describe('travellerFrom', () => {
  const req = (extra: object) =>
    SearchRequest.parse({ origin: 'A', destination: 'B', out_time: '2026/06/15 09:00:00', ...extra });
  it('reads the form railcard and car access before the profile', () => {
    const profile = {
      has_car_access: true,
      has_concessionary_pass: true,
      has_young_scot_card: false,
      has_new_young_scot_card: true,
      railcard: 'Senior Railcard' as const,
      user_age: 70,
    };
    const t = travellerFrom(
      req({ has_access_to_car: false, has_railcard: true, railcard_type: '16-25 Railcard' }),
      profile,
    );
    expect(t).toMatchObject({
      carAccess: false,
      railcard: '16-25 Railcard',
      concessionaryPass: true,
      age: 70,
    });
    expect(t.newYoungScot).toBe(false);
    expect(travellerFrom(req({ has_railcard: false }), profile).railcard).toBeNull();
    expect(travellerFrom(req({}), profile).railcard).toBe('Senior Railcard');
  });
});
