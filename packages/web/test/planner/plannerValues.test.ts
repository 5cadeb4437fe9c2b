import { describe, expect, it } from 'vitest';
import { SearchRequest, type SearchQuery } from '@cairn/contracts';
import {
  firstMessages,
  initialPlannerValues,
  swapEnds,
  TERMS_MESSAGE,
  toSearchRequest,
  validatePlanner,
  SAME_PLACE_MESSAGE,
  valuesFromQuery,
  withProfile,
  withReturnToggle,
} from '../../src/planner/plannerValues.ts';

const now = new Date(2026, 10, 22, 9, 2);

describe('planner form rules', () => {
  it('starts single, leaving at the next 5-minute step', () => {
    const v = initialPlannerValues(now);
    expect(v.isReturn).toBe(false);
    expect(v.outTime).toBe('2026-11-22T09:05');
  });
  it('requires the terms checkbox', () => {
    const v = initialPlannerValues(now, { origin: 'Aviemore', destination: 'Glenmore' });
    expect(validatePlanner(v)).toEqual({ terms: TERMS_MESSAGE });
    expect(validatePlanner({ ...v, acceptTerms: true })).toEqual({});
  });
  it('says at once that From and To are empty, with the terms unticked too (SPEC §5)', () => {
    expect(validatePlanner(initialPlannerValues(now))).toEqual({
      origin: 'Enter where you are travelling from.',
      destination: 'Enter where you are travelling to.',
      terms: TERMS_MESSAGE,
    });
  });
  it('refuses From and To that are the same place, by words or by the suggestion chosen', () => {
    const v = {
      ...initialPlannerValues(now, { origin: 'Aviemore', destination: ' aviemore ' }),
      acceptTerms: true,
    };
    expect(validatePlanner(v)).toEqual({ destination: SAME_PLACE_MESSAGE });
    const spot = { lat: 57.1893, lng: -3.8286 };
    const chosen = {
      ...v,
      destination: 'Aviemore Station',
      originLocation: spot,
      destinationLocation: { ...spot },
    };
    expect(validatePlanner(chosen)).toEqual({ destination: SAME_PLACE_MESSAGE });
    expect(validatePlanner({ ...chosen, destinationLocation: { lat: 57.08, lng: -4.05 } })).toEqual({});
  });
  it('asks for the railcard when "I have a railcard" is ticked without one (as the API does)', () => {
    const v = {
      ...initialPlannerValues(now, { origin: 'Aviemore', destination: 'Glenmore' }),
      acceptTerms: true,
      hasRailcard: true,
    };
    expect(validatePlanner(v)).toStrictEqual({ railcard_type: 'Choose your railcard.' });
    expect(validatePlanner({ ...v, railcardType: '16-25 Railcard' })).toEqual({});
  });
  it('Single clears return_time; Return proposes one after the outbound', () => {
    const ret = withReturnToggle(initialPlannerValues(now), true);
    expect(ret.returnTime).toBe('2026-11-22T12:05');
    const single = withReturnToggle(ret, false);
    expect(single.returnTime).toBeNull();
    expect(toSearchRequest({ ...single, acceptTerms: true }, null).return_time).toBeNull();
  });
  it('a loaded return time switches the toggle to Return', () => {
    const query: SearchQuery = {
      hash: 'h',
      origin_address: 'A',
      destination_address: 'B',
      out_departure_at: '2026/11/23 09:00:00',
      return_departure_at: '2026/11/23 17:00:00',
      arrive_at_time: null,
      return_time: '2026/11/23 17:00:00',
      results_retrieved: 3,
      status: 'done',
      has_return: true,
    };
    const v = valuesFromQuery(query, now);
    expect(v.isReturn).toBe(true);
    expect(v.returnTime).toBe('2026-11-23T17:00');
    expect(v.origin).toBe('A');
  });
  it('swaps From and To with their coordinates', () => {
    const v = {
      ...initialPlannerValues(now, { origin: 'A', destination: 'B' }),
      originLocation: { lat: 1, lng: 2 },
    };
    const s = swapEnds(v);
    expect([s.origin, s.destination, s.destinationLocation]).toEqual(['B', 'A', { lat: 1, lng: 2 }]);
  });
  it('builds a request the contracts accept, without arrive_time, with the buffer', () => {
    const v = {
      ...withReturnToggle(initialPlannerValues(now, { origin: 'Aviemore', destination: 'Glenmore' }), true),
      acceptTerms: true,
    };
    const request = toSearchRequest(v, null);
    expect(request).not.toHaveProperty('arrive_time');
    expect(request.out_time).toBe('2026/11/22 09:05:00');
    expect(request.arrive_by_buffer).toBe(30);
    expect(request).not.toHaveProperty('has_concessionary_pass');
    expect(SearchRequest.safeParse(request).success).toBe(true);
  });
  it('adds the profile fields when signed in, as the form shows them (started from the profile)', () => {
    const profile = {
      has_car_access: true,
      has_concessionary_pass: true,
      has_young_scot_card: false,
      has_new_young_scot_card: false,
      railcard: null,
      user_age: 70,
    };
    const v = { ...initialPlannerValues(now, { origin: 'A', destination: 'B' }, profile), acceptTerms: true };
    const request = toSearchRequest(v, profile);
    expect(request.has_concessionary_pass).toBe(true);
    expect(request.has_access_to_car).toBe(true);
    expect(request.has_car_access).toBe(true);
    expect(request.user_age).toBe(70);
    expect(SearchRequest.safeParse(request).success).toBe(true);
  });
  it('step-free: starts from the profile, sent when asked or to turn the profile off (issue #19)', () => {
    const profile = {
      has_car_access: false,
      has_concessionary_pass: false,
      has_young_scot_card: false,
      has_new_young_scot_card: false,
      railcard: null,
      user_age: null,
      step_free: true,
    };
    const anonymous = { ...initialPlannerValues(now, { origin: 'A', destination: 'B' }), acceptTerms: true };
    expect(anonymous.stepFree).toBe(false);
    expect(toSearchRequest(anonymous, null)).not.toHaveProperty('step_free');
    expect(toSearchRequest({ ...anonymous, stepFree: true }, null).step_free).toBe(true);
    const signedIn = {
      ...initialPlannerValues(now, { origin: 'A', destination: 'B' }, profile),
      acceptTerms: true,
    };
    expect(signedIn.stepFree).toBe(true);
    expect(toSearchRequest(signedIn, profile).step_free).toBe(true);
    expect(toSearchRequest({ ...signedIn, stepFree: false }, profile).step_free).toBe(false);
  });
  it('editing a step-free search keeps the choice without a profile', () => {
    const query: SearchQuery = {
      hash: 'h',
      origin_address: 'Aviemore',
      destination_address: 'Kingussie',
      out_departure_at: '2026/11/23 09:00:00',
      return_departure_at: null,
      arrive_at_time: null,
      return_time: null,
      results_retrieved: 3,
      status: 'done',
      has_return: false,
      step_free: true,
    };
    const edited = valuesFromQuery(query, now);
    expect(edited.stepFree).toBe(true);
    expect(withProfile(edited, null).stepFree).toBe(true);
    expect(valuesFromQuery({ ...query, step_free: undefined }, now).stepFree).toBe(false);
  });
  it('keeps the first server message per field', () => {
    expect(firstMessages({ origin: ['first', 'second'], destination: [] })).toEqual({ origin: 'first' });
  });
});
