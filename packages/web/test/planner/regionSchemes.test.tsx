// @vitest-environment jsdom
// Feature under test: a region's own concession schemes (GET /v1/config region.concession_schemes) offered in the search form and the profile, and sent with searches and profiles (issue 28).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Profile, SearchRequest, type RegionInfo } from '@cairn/contracts';
import { PlannerForm } from '../../src/planner/PlannerForm.tsx';
import {
  describeEntitlements,
  initialPlannerValues,
  toSearchRequest,
  withToggled,
} from '../../src/planner/plannerValues.ts';
import { answerScheme, EMPTY_USER_FORM, schemeAnswer, toProfile } from '../../src/account/userFormValues.ts';
import { renderRoutes, stubFetch, testRegion } from '../support/harness.tsx';

const now = new Date(2026, 10, 22, 9, 2);
const SCHEMES = [
  { id: 'deutschlandticket', label: 'Deutschlandticket', eligibility: 'Monthly subscription, anyone' },
  { id: 'senior', label: 'Senior pass', eligibility: 'Aged 65 or over' },
];
const region: RegionInfo = { ...testRegion, concession_schemes: SCHEMES };

describe('scheme rules', () => {
  it('sends the schemes ticked, and an empty list to turn off the profile’s for this search', () => {
    const v = { ...initialPlannerValues(now, { origin: 'A', destination: 'B' }), schemes: ['senior'] };
    expect(toSearchRequest(v, null).concession_schemes).toEqual(['senior']);
    expect(describeEntitlements(v, false, SCHEMES)).toBe('Senior pass');
    const profile = Profile.parse({ concession_schemes: ['senior'] });
    const fromProfile = initialPlannerValues(now, { origin: 'A', destination: 'B' }, profile);
    expect(fromProfile.schemes).toEqual(['senior']);
    const off = toSearchRequest(
      { ...fromProfile, schemes: withToggled(fromProfile.schemes, 'senior', false) },
      profile,
    );
    expect(off.concession_schemes).toEqual([]);
    expect(SearchRequest.safeParse({ ...off, out_time: '2026/11/22 10:00:00' }).success).toBe(true);
    // A region without schemes, and a traveller holding none, sends nothing new.
    expect(
      toSearchRequest(initialPlannerValues(now, { origin: 'A', destination: 'B' }), null),
    ).not.toHaveProperty('concession_schemes');
  });

  it('keeps a profile’s schemes as answered: none sent until answered, then the list held', () => {
    expect(toProfile(EMPTY_USER_FORM, now)).not.toHaveProperty('concession_schemes');
    expect(schemeAnswer(EMPTY_USER_FORM, 'senior')).toBe('');
    const yes = answerScheme(EMPTY_USER_FORM, 'senior', 'yes');
    expect(schemeAnswer(yes, 'senior')).toBe('yes');
    expect(schemeAnswer(yes, 'deutschlandticket')).toBe('no');
    expect(toProfile(yes, now).concession_schemes).toEqual(['senior']);
    expect(toProfile(answerScheme(yes, 'senior', 'no'), now).concession_schemes).toEqual([]);
  });
});

describe('PlannerForm in a region with its own schemes', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers each scheme with who may hold it, and posts the one ticked', async () => {
    const calls = stubFetch((method, url) =>
      method === 'POST' && url.pathname === '/v1/journey-planner/search'
        ? { status: 201, body: { data: { hash: 'a'.repeat(32) } } }
        : undefined,
    );
    const initial = initialPlannerValues(new Date(), { origin: 'Mannheim', destination: 'Heidelberg' });
    renderRoutes(
      [
        {
          path: '/',
          element: <PlannerForm initial={{ ...initial, acceptTerms: true }} submitLabel="Find" />,
        },
        { path: '/search/:hash/results', element: <h1>Results</h1> },
      ],
      '/',
      region,
    );
    const box = (await screen.findByLabelText(/I have a Deutschlandticket/)) as HTMLInputElement;
    expect(screen.getByText('(Monthly subscription, anyone)')).toBeTruthy();
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(screen.getByText('(Deutschlandticket)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByRole('heading', { name: 'Results' });
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      concession_schemes: ['deutschlandticket'],
    });
  });

  it('offers none in a region without schemes', async () => {
    renderRoutes(
      [{ path: '/', element: <PlannerForm initial={initialPlannerValues(new Date())} submitLabel="Find" /> }],
      '/',
    );
    await screen.findByRole('button', { name: 'Find' });
    expect(screen.queryByLabelText(/Deutschlandticket/)).toBeNull();
  });
});
