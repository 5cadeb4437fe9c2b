// Feature under test: an optional field sent as '' or null means "not given", like an absent one, on every form (issue #16).
import { SearchRequest } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { activeUser, newUserBody, useServerWithMail } from '../helpers/accounts.ts';
import { searchTime } from '../helpers/testServer.ts';

const ctx = useServerWithMail();

/** The three ways a client says "not given". */
const NOT_GIVEN = [
  ['an empty string', ''],
  ['null', null],
  ['absent', undefined],
] as const;

const search = (overrides: Record<string, unknown> = {}) => ({
  origin: 'Aviemore',
  destination: 'Glenmore',
  out_time: searchTime(2, '09:00'),
  ...overrides,
});

/** Every optional field of the search form, read off the contract so a new one is covered too. */
const SEARCH_OPTIONAL = Object.entries(SearchRequest.shape)
  .filter(([, schema]) => schema.safeParse(undefined).success)
  .map(([field]) => field);

const USER_OPTIONAL = ['phone_number', 'country_code_phone_number', 'profile'];
const PROFILE_OPTIONAL = [
  'has_car_access',
  'has_concessionary_pass',
  'has_young_scot_card',
  'has_new_young_scot_card',
  'railcard',
  'user_age',
];

/** `body` with `field` set to `value`, or without it when `value` is undefined. */
function withField(body: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

describe('search form', () => {
  it('has the optional fields the seed client sends', () =>
    expect(SEARCH_OPTIONAL).toEqual(
      expect.arrayContaining(['return_time', 'has_railcard', 'railcard_type', 'railcard', 'user_age']),
    ));

  it("accepts the seed client's search without a railcard (railcard_type: '')", async () => {
    const created = await ctx.server.call('POST', '/v1/journey-planner/search', {
      body: search({ has_access_to_car: false, has_railcard: false, railcard_type: '' }),
    });
    expect(created.status).toBe(201);
  });

  for (const field of SEARCH_OPTIONAL)
    for (const [how, value] of NOT_GIVEN)
      it(`accepts ${field} as ${how}`, async () => {
        const created = await ctx.server.call('POST', '/v1/journey-planner/search', {
          body: withField(search(), field, value),
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
      });

  for (const [how, value] of NOT_GIVEN)
    it(`asks for the railcard when has_railcard is true and railcard_type is ${how}`, async () => {
      const answer = await ctx.server.call('POST', '/v1/journey-planner/search', {
        body: withField(search({ has_railcard: true }), 'railcard_type', value),
      });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        message: 'The given data was invalid.',
        errors: { railcard_type: ['Choose your railcard.'] },
      });
    });

  it('still names a railcard_type that is not a railcard', async () => {
    const answer = await ctx.server.call('POST', '/v1/journey-planner/search', {
      body: search({ has_railcard: true, railcard_type: 'Gold Card' }),
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['railcard_type']);
  });

  it('keeps a given railcard', async () => {
    const created = await ctx.server.call('POST', '/v1/journey-planner/search', {
      body: search({ has_railcard: true, railcard_type: '16-25 Railcard' }),
    });
    expect(created.status).toBe(201);
  });

  it('keeps refusing an empty required field', async () => {
    const answer = await ctx.server.call('POST', '/v1/journey-planner/search', {
      body: search({ origin: '' }),
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['origin']);
  });
});

describe('OpenAPI', () => {
  it('states the rule once, in the document description', async () => {
    const docs = await ctx.server.call('GET', '/v1/docs');
    expect(docs.body.info.description).toMatch(/"" or null means "not given"/);
  });
});

describe('account forms', () => {
  for (const field of [...USER_OPTIONAL, 'creation_origin', 'terms'])
    for (const [how, value] of NOT_GIVEN)
      it(`register accepts ${field} as ${how}`, async () => {
        const body = withField(newUserBody(), field, value);
        const registered = await ctx.server.call('POST', '/v1/users/register', { body });
        expect(registered.status, JSON.stringify(registered.body)).toBe(201);
        if (field === 'phone_number') expect(registered.body.data.phone_number).toBeNull();
      });

  for (const field of PROFILE_OPTIONAL)
    for (const [how, value] of NOT_GIVEN)
      it(`register accepts profile.${field} as ${how}, as the field's default`, async () => {
        const body = newUserBody({ profile: withField({ has_concessionary_pass: true }, field, value) });
        const registered = await ctx.server.call('POST', '/v1/users/register', { body });
        expect(registered.status, JSON.stringify(registered.body)).toBe(201);
        const defaults: Record<string, unknown> = { railcard: null, user_age: null };
        expect(registered.body.data.profile[field]).toBe(field in defaults ? defaults[field] : false);
      });

  it('register still refuses an empty required field', async () => {
    const answer = await ctx.server.call('POST', '/v1/users/register', { body: newUserBody({ title: '' }) });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['title']);
  });

  it('update accepts every optional field as an empty string or null, and keeps the address', async () => {
    const user = await activeUser(ctx.server, ctx.smtp, { phone_number: '01479 810000' });
    for (const value of ['', null]) {
      const body = {
        title: user.title,
        first_name: user.first_name,
        last_name: user.last_name,
        dob: user.dob,
        email: value,
        current_password: value,
        phone_number: value,
        country_code_phone_number: value,
        profile: Object.fromEntries(PROFILE_OPTIONAL.map((f) => [f, value])),
      };
      const updated = await ctx.server.call('PUT', '/v1/users/update', { body, token: user.token });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.data.email).toBe(user.email);
      expect(updated.body.data.phone_number).toBeNull();
      expect(updated.body.data.profile).toMatchObject({ railcard: null, has_car_access: false });
    }
  });

  it('update treats a profile railcard sent empty as "no railcard" and an absent one as unchanged', async () => {
    const user = await activeUser(ctx.server, ctx.smtp, { profile: { railcard: '26-30 Railcard' } });
    const base = { title: user.title, first_name: user.first_name, last_name: user.last_name, dob: user.dob };
    const kept = await ctx.server.call('PUT', '/v1/users/update', {
      body: { ...base, profile: { has_car_access: true } },
      token: user.token,
    });
    expect(kept.body.data.profile.railcard).toBe('26-30 Railcard');
    const cleared = await ctx.server.call('PUT', '/v1/users/update', {
      body: { ...base, profile: { railcard: '' } },
      token: user.token,
    });
    expect(cleared.body.data.profile).toMatchObject({ railcard: null, has_car_access: true });
  });

  it('password reset and login still need their fields', async () => {
    for (const [path, body, field] of [
      ['/v1/users/password/reset', { email: '' }, 'email'],
      ['/v1/users/password/reset', { email: null }, 'email'],
      ['/v1/auth/login', { username: 'a@example.org', password: '' }, 'password'],
    ] as const) {
      const answer = await ctx.server.call('POST', path, { body });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual([field]);
    }
  });
});
