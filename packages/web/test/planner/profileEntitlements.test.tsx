// @vitest-environment jsdom
// Feature under test: a logged-in traveller's form starts from the profile and sends what it shows (issue #14).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { SearchRequest, type Profile, type User } from '@cairn/contracts';
import { PlannerForm } from '../../src/planner/PlannerForm.tsx';
import {
  describeEntitlements,
  initialPlannerValues,
  toSearchRequest,
  withProfile,
} from '../../src/planner/plannerValues.ts';
import { deleteCookie, writeCookie } from '../../src/privacy/cookies.ts';
import { TOKEN_COOKIE } from '../../src/privacy/storedItems.ts';
import { renderRoutes, stubFetch } from '../support/harness.tsx';

const now = new Date(2026, 10, 22, 9, 2);
const PROFILE: Profile = {
  has_car_access: true,
  has_concessionary_pass: false,
  has_young_scot_card: true,
  has_new_young_scot_card: true,
  railcard: '16-25 Railcard',
  user_age: 19,
};
const USER: User = {
  id: 'u1',
  title: 'Ms',
  first_name: 'Isla',
  last_name: 'Grant',
  email: 'isla@example.org',
  phone_number: null,
  country_code_phone_number: null,
  dob: '2007-03-04',
  profile: PROFILE,
};

describe('plannerForm entitlements', () => {
  it('an anonymous form starts with none and sends today’s defaults, without profile fields', () => {
    const v = { ...initialPlannerValues(now, { origin: 'A', destination: 'B' }), acceptTerms: true };
    const request = toSearchRequest(v, null);
    expect(request).toMatchObject({ has_access_to_car: false, has_railcard: false, railcard_type: null });
    expect(request).not.toHaveProperty('has_car_access');
    expect(request).not.toHaveProperty('railcard');
    expect(describeEntitlements(v, false)).toBe('none');
  });

  it('a logged-in form starts from the profile and sends the railcard, car access and cards it shows', () => {
    const v = { ...initialPlannerValues(now, { origin: 'A', destination: 'B' }, PROFILE), acceptTerms: true };
    expect(v).toMatchObject({
      hasAccessToCar: true,
      hasRailcard: true,
      railcardType: '16-25 Railcard',
      youngScot: true,
      newYoungScot: true,
      concessionaryPass: false,
    });
    const request = toSearchRequest(v, PROFILE);
    expect(request).toMatchObject({
      has_access_to_car: true,
      has_railcard: true,
      railcard_type: '16-25 Railcard',
      has_car_access: true,
      railcard: '16-25 Railcard',
      has_concessionary_pass: false,
      has_young_scot_card: true,
      has_new_young_scot_card: true,
      user_age: 19,
    });
    expect(SearchRequest.safeParse(request).success).toBe(true);
    expect(describeEntitlements(v, true)).toBe('16-25 Railcard · car access · Young Scot card');
  });

  it('sends the traveller’s change for this search: railcard No is has_railcard false and no railcard field', () => {
    const v = { ...initialPlannerValues(now, {}, PROFILE), hasRailcard: false, railcardType: null };
    const request = toSearchRequest(v, PROFILE);
    expect(request.has_railcard).toBe(false);
    expect(request).not.toHaveProperty('railcard');
  });

  it('a profile without a railcard is no railcard; no profile resets to none', () => {
    expect(withProfile(initialPlannerValues(now), { ...PROFILE, railcard: null })).toMatchObject({
      hasRailcard: false,
      railcardType: null,
    });
    expect(withProfile(initialPlannerValues(now, {}, PROFILE), null)).toMatchObject({
      hasAccessToCar: false,
      hasRailcard: false,
      youngScot: false,
    });
  });
});

describe('PlannerForm signed in', () => {
  beforeEach(() => deleteCookie(TOKEN_COOKIE));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    deleteCookie(TOKEN_COOKIE);
  });

  const routes = (
    initial = initialPlannerValues(new Date(), { origin: 'Edinburgh', destination: 'Aviemore' }),
  ) => [
    {
      path: '/',
      element: <PlannerForm initial={{ ...initial, acceptTerms: true }} submitLabel="Find Routes & Times" />,
    },
    { path: '/search/:hash/results', element: <h1>Results</h1> },
  ];

  it('shows the profile railcard and car access once the user loads, and posts them', async () => {
    writeCookie(TOKEN_COOKIE, 'tok-1');
    const calls = stubFetch((method, url) => {
      if (url.pathname === '/v1/users/show') return { body: { data: USER } };
      if (method === 'POST' && url.pathname === '/v1/journey-planner/search')
        return { status: 201, body: { data: { hash: 'a'.repeat(32) } } };
      return undefined;
    });
    renderRoutes(routes(), '/');
    expect(await screen.findByText('(16-25 Railcard · car access · Young Scot card)')).toBeTruthy();
    expect((screen.getByLabelText('I have a railcard') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Railcard') as HTMLSelectElement).value).toBe('16-25 Railcard');
    expect((screen.getByLabelText('I have access to a car') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('From your profile. Changes here apply to this search only.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Find Routes & Times' }));
    await screen.findByRole('heading', { name: 'Results' });
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      has_railcard: true,
      railcard_type: '16-25 Railcard',
      railcard: '16-25 Railcard',
      has_access_to_car: true,
      has_car_access: true,
    });
  });

  it('keeps the traveller’s own change when the profile arrives later, and sends it', async () => {
    writeCookie(TOKEN_COOKIE, 'tok-1');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const calls: Array<{ method: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL, init?: RequestInit) => {
        const url = new URL(String(input));
        const method = init?.method ?? 'GET';
        calls.push({ method, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
        if (url.pathname === '/v1/users/show') await gate;
        const body = url.pathname === '/v1/users/show' ? { data: USER } : { data: { hash: 'b'.repeat(32) } };
        return new Response(JSON.stringify(body), {
          status: method === 'POST' ? 201 : 200,
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    renderRoutes(routes(), '/');
    // Before the profile loads the traveller ticks "I have access to a car" off… then on, then off.
    const car = screen.getByLabelText('I have access to a car') as HTMLInputElement;
    fireEvent.click(car);
    fireEvent.click(car);
    expect(car.checked).toBe(false);
    release();
    await waitFor(() =>
      expect(screen.getByText('From your profile. Changes here apply to this search only.')).toBeTruthy(),
    );
    expect((screen.getByLabelText('I have access to a car') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Find Routes & Times' }));
    await screen.findByRole('heading', { name: 'Results' });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      has_access_to_car: false,
      has_car_access: false,
    });
  });
});
