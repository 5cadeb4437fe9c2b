// Feature under test: accounts — register, activation and reset by e-mailed single-use codes, login, lockout, logout.
import { LoginResponse, User } from '@cairn/contracts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneLoginFailures } from '../../src/accounts/loginThrottle.ts';
import { registeredUser } from '../helpers/accounts.ts';
import { linkIn, startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';

let server: TestServer;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'Explorer <no-reply@explorer.example>' },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

let counter = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  title: 'Ms',
  first_name: 'Isla',
  last_name: 'Grant',
  email: `isla.${++counter}.${Date.now()}@example.org`,
  phone_number: '01479 810000',
  country_code_phone_number: '+44',
  dob: '1990-04-12',
  password: 'correct horse battery',
  password_confirmation: 'correct horse battery',
  creation_origin: 'HOME_PAGE',
  profile: { has_concessionary_pass: true, railcard: '26-30 Railcard' },
  ...overrides,
});

describe('registration and activation', () => {
  it('registers, mails an activation link that works once, then logs in', async () => {
    const user = newUser();
    const registered = await server.call('POST', '/v1/users/register', { body: user });
    expect(registered.status).toBe(201);
    expect(registered.body.message).toMatch(/activate/i);
    expect(User.parse(registered.body.data)).toMatchObject({
      email: user.email,
      first_name: 'Isla',
      dob: '1990-04-12',
    });
    expect(registered.body.data).not.toHaveProperty('password_hash');

    // Not active yet: a correct password is refused like a wrong one (issue 30, finding 2), with
    // a message that tells a new traveller to use the link.
    const early = await server.call('POST', '/v1/auth/login', {
      body: { username: user.email, password: user.password },
    });
    expect(early.status).toBe(401);
    expect(early.body.message).toMatch(/once activated/);

    const mail = await smtp.waitForMessage((m) => m.to.includes(user.email));
    expect(mail.from).toBe('no-reply@explorer.example');
    expect(mail.subject).toBe('Activate your Explorer account');
    const { link, code } = linkIn(mail, '/auth/activation');
    expect(link.startsWith(server.url)).toBe(true);

    const activated = await server.call('POST', `/v1/users/activation/${code}`, {
      headers: { 'content-type': 'application/json' },
    });
    expect(activated.status).toBe(200);
    const again = await server.call('POST', `/v1/users/activation/${code}`);
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/already been used|invalid/);

    const login = await server.call('POST', '/v1/auth/login', {
      body: { username: user.email.toUpperCase(), password: user.password },
    });
    expect(login.status).toBe(200);
    const token = LoginResponse.parse(login.body).data.access_token;
    const me = await server.call('GET', '/v1/users/show', { token });
    expect(me.status).toBe(200);
    expect(User.parse(me.body.data).profile).toMatchObject({
      has_concessionary_pass: true,
      railcard: '26-30 Railcard',
      has_car_access: false,
    });
  });

  it.each([
    ['a bad e-mail', { email: 'not-an-email' }, 'email'],
    ['a short password', { password: 'short', password_confirmation: 'short' }, 'password'],
    [
      'mismatched confirmation',
      { password_confirmation: 'something else entirely' },
      'password_confirmation',
    ],
    ['an unknown title', { title: 'Captain' }, 'title'],
    ['a blank first name', { first_name: ' ' }, 'first_name'],
    ['a blank last name', { last_name: '' }, 'last_name'],
    ['a bad phone number', { phone_number: 'call me' }, 'phone_number'],
    ['a dob in the wrong format', { dob: '12-04-1990' }, 'dob'],
    ['a dob that is not a date', { dob: '1990-02-30' }, 'dob'],
    ['an age under 12', { dob: `${new Date().getUTCFullYear() - 11}-01-01` }, 'dob'],
    ['an unknown railcard', { profile: { railcard: 'Gold Card' } }, 'railcard'],
    ['terms not accepted', { terms: false }, 'terms'],
  ])('refuses %s with 422 and a field error', async (_name, overrides, field) => {
    const response = await server.call('POST', '/v1/users/register', { body: newUser(overrides) });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]?.[0]).toEqual(expect.any(String));
  });

  it('makes no second account for the same e-mail, whatever its case, and answers as for a new one (no enumeration)', async () => {
    const user = newUser();
    const first = await server.call('POST', '/v1/users/register', { body: user });
    expect(first.status).toBe(201);
    const twice = await server.call('POST', '/v1/users/register', {
      body: { ...user, email: user.email.toUpperCase() },
    });
    expect(twice.status).toBe(201);
    expect(twice.body.message).toBe(first.body.message);
    const rows = await server.runtime.ctx.database.db
      .selectFrom('users')
      .select('id')
      .where(({ fn }) => fn('lower', ['email']), '=', user.email.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses unknown and malformed activation codes', async () => {
    expect((await server.call('POST', `/v1/users/activation/${'A'.repeat(43)}`)).status).toBe(422);
    expect((await server.call('POST', '/v1/users/activation/x')).status).toBe(422);
  });
});

describe('login, lockout and logout', () => {
  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const user = await registeredUser(server, smtp);
    const unknown = await server.call('POST', '/v1/auth/login', {
      body: { username: 'nobody@example.org', password: 'whatever123' },
    });
    const wrong = await server.call('POST', '/v1/auth/login', {
      body: { username: user.email, password: 'wrong password' },
    });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates the login form', async () => {
    const response = await server.call('POST', '/v1/auth/login', {
      body: { username: 'nope', password: '' },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['password', 'username']);
  });

  it('locks the account after 5 failures, even for the right password, and says when to retry', async () => {
    const user = await registeredUser(server, smtp);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await server.call('POST', '/v1/auth/login', {
            body: { username: user.email, password: `wrong ${i}` },
          })
        ).status,
      ).toBe(401);
    }
    const locked = await server.call('POST', '/v1/auth/login', {
      body: { username: user.email, password: user.password },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Try again in 15 minutes/);
    expect(Number(locked.headers.get('retry-after'))).toBe(900);
  });

  it('locks an address without an account the same way, so a 429 reveals nothing', async () => {
    const stranger = `nobody.${Date.now()}@example.org`;
    const known = await registeredUser(server, smtp);
    const answers: Record<string, { status: number; body: unknown }[]> = {
      [stranger]: [],
      [known.email]: [],
    };
    for (const username of [stranger, known.email]) {
      for (let i = 0; i < 6; i++) {
        const r = await server.call('POST', '/v1/auth/login', { body: { username, password: `wrong ${i}` } });
        answers[username]!.push({ status: r.status, body: r.body });
      }
    }
    expect(answers[stranger]).toEqual(answers[known.email]);
    expect(answers[stranger]!.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429]);
    // Housekeeping keeps the lock while it runs.
    expect(await pruneLoginFailures(server.runtime.ctx)).toBe(0);
  });

  it('logout revokes the token', async () => {
    const user = await registeredUser(server, smtp);
    expect((await server.call('GET', '/v1/users/show', { token: user.token })).status).toBe(200);
    const out = await server.call('POST', '/v1/auth/logout', {
      token: user.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(out.status).toBe(200);
    expect((await server.call('GET', '/v1/users/show', { token: user.token })).status).toBe(401);
    expect((await server.call('POST', '/v1/auth/logout', { token: user.token })).status).toBe(401);
  });

  it('refuses account calls without a token or with a forged one', async () => {
    expect((await server.call('GET', '/v1/users/show')).status).toBe(401);
    expect((await server.call('GET', '/v1/users/show', { token: 'forged-token' })).status).toBe(401);
    expect((await server.call('PUT', '/v1/users/update', { body: {} })).status).toBe(401);
  });
});

describe('profile update', () => {
  it('updates the user and profile, and the profile feeds the planner', async () => {
    const user = await registeredUser(server, smtp);
    const updated = await server.call('PUT', '/v1/users/update', {
      token: user.token,
      body: {
        title: 'Dr',
        first_name: 'Isla',
        last_name: 'Fraser',
        dob: '1960-01-01',
        profile: { has_car_access: true, has_young_scot_card: false, has_new_young_scot_card: true },
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Account successfully updated');
    expect(updated.body.data).toMatchObject({ title: 'Dr', last_name: 'Fraser', email: user.email });
    expect(updated.body.data.profile).toMatchObject({
      has_car_access: true,
      has_concessionary_pass: true,
      has_new_young_scot_card: false,
    });

    const created = await server.call('POST', '/v1/journey-planner/search', {
      token: user.token,
      body: {
        origin: 'Aviemore',
        destination: 'Glenmore',
        out_time: searchTime(3),
        railcard: '16-25 Railcard',
      },
    });
    expect(created.status).toBe(201);
    await waitFor(async () =>
      server.planner.calls.find((c) => c.request.out_time === searchTime(3) && c.profile !== null),
    );
    const call = server.planner.calls.find(
      (c) => c.profile !== null && c.request.out_time === searchTime(3),
    )!;
    // Stored profile, overridden by what the logged-in form sent.
    expect(call.profile).toMatchObject({
      has_car_access: true,
      has_concessionary_pass: true,
      railcard: '16-25 Railcard',
    });
    // No user_age was sent: it comes from the date of birth (1960-01-01).
    expect(call.profile!.user_age).toBe(new Date().getUTCFullYear() - 1960);
  });

  it('validates the edit form', async () => {
    const user = await registeredUser(server, smtp);
    const response = await server.call('PUT', '/v1/users/update', {
      token: user.token,
      body: { title: 'Ms', first_name: '', last_name: 'X', dob: '2030-01-01' },
    });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['dob', 'first_name']);
  });
});

describe('password reset', () => {
  it('mails a single-use reset link; the new password works, the old one and old tokens do not', async () => {
    const user = await registeredUser(server, smtp);
    const requested = await server.call('POST', '/v1/users/password/reset', { body: { email: user.email } });
    expect(requested.status).toBe(200);
    const mail = await smtp.waitForMessage((m) => m.to.includes(user.email) && /Reset/.test(m.subject));
    const { code } = linkIn(mail, '/auth/password-reset');

    const mismatch = await server.call('POST', `/v1/users/password/reset/${code}`, {
      body: { password: 'new password 1', password_confirmation: 'other' },
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toHaveLength(1);

    const reset = await server.call('POST', `/v1/users/password/reset/${code}`, {
      body: { password: 'new password 1', password_confirmation: 'new password 1' },
    });
    expect(reset.status).toBe(200);
    const reused = await server.call('POST', `/v1/users/password/reset/${code}`, {
      body: { password: 'new password 2', password_confirmation: 'new password 2' },
    });
    expect(reused.status).toBe(422);

    expect((await server.call('GET', '/v1/users/show', { token: user.token })).status).toBe(401);
    expect(
      (
        await server.call('POST', '/v1/auth/login', {
          body: { username: user.email, password: user.password },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.call('POST', '/v1/auth/login', {
          body: { username: user.email, password: 'new password 1' },
        })
      ).status,
    ).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const before = smtp.messages.length;
    const unknown = await server.call('POST', '/v1/users/password/reset', {
      body: { email: 'nobody.here@example.org' },
    });
    expect(unknown.status).toBe(200);
    const user = await registeredUser(server, smtp);
    const known = await server.call('POST', '/v1/users/password/reset', { body: { email: user.email } });
    expect(known.body).toEqual(unknown.body);
    await smtp.waitForMessage((m) => m.to.includes(user.email) && /Reset/.test(m.subject));
    expect(smtp.messages.slice(before).some((m) => m.to.includes('nobody.here@example.org'))).toBe(false);
  });

  it('validates the reset request', async () => {
    const response = await server.call('POST', '/v1/users/password/reset', { body: { email: 'nope' } });
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toHaveLength(1);
  });
});

describe('a second server: outbox mail (no SMTP_URL) and a brand without accounts', () => {
  let local: TestServer;
  beforeAll(async () => {
    local = await startTestServer({
      env: { API_KEYS: 'explorer-key:cairngorms-explorer,council-key:glentarrow-council' },
    });
  });
  afterAll(async () => {
    await local?.close();
  });

  it('writes the activation mail to DATA_DIR/outbox as .eml', async () => {
    const user = newUser();
    const response = await local.call('POST', '/v1/users/register', {
      body: user,
      headers: { 'x-api-key': 'explorer-key' },
    });
    expect(response.status).toBe(201);
    // Account mail is sent by the job worker, just after the answer (issue #15: no timing tells).
    const outbox = join(local.dataDir, 'outbox');
    const files = await waitFor(
      async () => existsSync(outbox) && readdirSync(outbox).length > 0 && readdirSync(outbox),
      15_000,
      'the activation mail in the outbox',
    );
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(local.dataDir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain(`To: ${user.email}`);
    expect(eml).toContain('/auth/activation?code=');
  });

  it('answers 404 for account calls when the brand (chosen by its API key) disables accounts', async () => {
    const headers = { 'x-api-key': 'council-key' };
    const response = await local.call('POST', '/v1/users/register', { body: newUser(), headers });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('User accounts are not available on this site.');
    expect(
      (await local.call('POST', '/v1/auth/login', { body: { username: 'a@b.org', password: 'x' }, headers }))
        .status,
    ).toBe(404);
    expect((await local.call('GET', '/v1/journey/saved/user', { headers })).status).toBe(404);
  });

  it('answers 404 on every account route of such a brand, before asking for a token; logout still asks for one', async () => {
    const headers = { 'x-api-key': 'council-key' };
    const code = 'A'.repeat(24);
    const accountRoutes = [
      ['POST', '/v1/users/register'],
      ['POST', `/v1/users/activation/${code}`],
      ['POST', '/v1/auth/login'],
      ['POST', `/v1/users/unlock/${code}`],
      ['GET', '/v1/users/show'],
      ['PUT', '/v1/users/update'],
      ['POST', `/v1/users/email/confirm/${code}`],
      ['POST', '/v1/users/password/reset'],
      ['POST', `/v1/users/password/reset/${code}`],
      ['POST', '/v1/journey/save/some-journey'],
      ['DELETE', '/v1/journey/saved/some-journey'],
      ['GET', '/v1/journey-planner/queries/user'],
      ['GET', '/v1/journey/saved/user'],
    ] as const;
    for (const [method, path] of accountRoutes) {
      const response = await local.call(method, path, { headers });
      expect({ method, path, status: response.status, message: response.body.message }).toEqual({
        method,
        path,
        status: 404,
        message: 'User accounts are not available on this site.',
      });
    }
    // A token is revoked wherever it is sent, so logout is no account route: without one it is a 401.
    expect((await local.call('POST', '/v1/auth/logout', { headers })).status).toBe(401);
  });
});
