// Feature under test: which fare a traveller pays — NEC, Young Scot under-22, railcards, child fares.
import { describe, expect, it } from 'vitest';
import { applyEntitlements } from '../../../src/journeys/fares/entitlements.ts';
import type { EntitlementInput } from '../../../src/journeys/fares/entitlements.ts';
import { travellerFrom } from '../../../src/journeys/fares/traveller.ts';
import { SearchRequest } from '@cairn/contracts';
import { testRegion } from '../../support/region.ts';
import { Concessions } from '../../../src/region/regionConfig.ts';
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

describe("a region's own concession schemes (issue 28)", () => {
  // A region outside Scotland: schemes as data, none of the Scottish cards.
  const schemes = Concessions.parse({
    schemes: [
      {
        id: 'deutschlandticket',
        label: 'Deutschlandticket',
        eligibility: 'Monthly subscription, anyone',
        covers: { modes: ['bus', 'tram', 'subway', 'train'] },
        discount: { kind: 'free' },
      },
      {
        id: 'senior',
        label: 'Senior card',
        eligibility: 'Aged 65 or over',
        covers: { modes: ['bus'] },
        discount: { kind: 'percent', percent: 50 },
      },
      {
        id: 'cap',
        label: 'City cap',
        eligibility: 'Residents',
        covers: { operatorIds: ['city'] },
        discount: { kind: 'capped', capPence: 100 },
      },
    ],
  });
  const holding = (...ids: string[]) => ({ ...adult, schemes: ids });

  it('makes covered rides free, a percentage off, or capped, and names itself', () => {
    expect(applyEntitlements(holding('deutschlandticket'), schemes, rail)).toMatchObject({
      pence: 0,
      basis: 'free with Deutschlandticket',
      entitlement: 'Deutschlandticket',
    });
    expect(applyEntitlements(holding('senior'), schemes, bus)).toMatchObject({
      pence: 225,
      basis: 'adult single with Senior card (50% off)',
    });
    expect(applyEntitlements(holding('cap'), schemes, { ...bus, operatorId: 'city' }).pence).toBe(100);
    expect(
      applyEntitlements(holding('cap'), schemes, { ...bus, operatorId: 'city', ticket: 'return' }).pence,
    ).toBe(200);
  });

  it('leaves rides it does not cover, schemes not held, and ids the region does not define at the adult fare', () => {
    expect(applyEntitlements(holding('senior'), schemes, rail).pence).toBe(4500);
    expect(applyEntitlements(holding('cap'), schemes, { ...bus, operatorId: 'other' }).pence).toBe(450);
    expect(applyEntitlements(holding('cap'), schemes, bus).pence).toBe(450);
    expect(applyEntitlements(adult, schemes, bus).pence).toBe(450);
    expect(applyEntitlements(holding('young-scot-lookalike'), schemes, bus).pence).toBe(450);
  });

  it('takes the cheapest of several held, and keeps the Scottish cards as they were', () => {
    expect(applyEntitlements(holding('senior', 'deutschlandticket'), schemes, bus).pence).toBe(0);
    expect(applyEntitlements({ ...adult, concessionaryPass: true }, concessions, bus).pence).toBe(0);
  });

  it('refuses a scheme that covers nothing named, a second scheme of one id, and a discount over 100 %', () => {
    const one = {
      id: 'x',
      label: 'X',
      eligibility: 'All',
      covers: { modes: ['bus'] },
      discount: { kind: 'free' },
    };
    expect(Concessions.safeParse({ schemes: [{ ...one, covers: {} }] }).success).toBe(false);
    expect(Concessions.safeParse({ schemes: [one, one] }).success).toBe(false);
    expect(
      Concessions.safeParse({ schemes: [{ ...one, discount: { kind: 'percent', percent: 120 } }] }).success,
    ).toBe(false);
  });
});
