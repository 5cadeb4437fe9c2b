import { LoginResponse } from '@cairn/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { linkIn, startSmtpPeer, type SmtpPeer } from './smtpPeer.ts';
import { startTestServer, type TestServer } from './testServer.ts';

/**
 * A test server sending its mail to a real SMTP peer, started before the file's tests and closed
 * after them; read `server` and `smtp` inside the tests.
 */
export function useServerWithMail(): { readonly server: TestServer; readonly smtp: SmtpPeer } {
  const held = {} as { server: TestServer; smtp: SmtpPeer };
  beforeAll(async () => {
    held.smtp = await startSmtpPeer();
    held.server = await startTestServer({ env: { SMTP_URL: held.smtp.url } });
  });
  afterAll(async () => {
    await held.server?.close();
    await held.smtp?.close();
  });
  return held;
}

let counter = 0;

/** A valid registration body with a fresh e-mail address. */
export type UserBody = Record<string, unknown> & {
  email: string;
  password: string;
  title: string;
  first_name: string;
  last_name: string;
  dob: string;
};

export function newUserBody(overrides: Record<string, unknown> = {}): UserBody {
  return {
    title: 'Mr',
    first_name: 'Ewan',
    last_name: 'Ross',
    email: `ewan.${++counter}.${Date.now()}@example.org`,
    dob: '1985-06-01',
    password: 'granite tor 1234',
    password_confirmation: 'granite tor 1234',
    creation_origin: 'HOME_PAGE',
    ...overrides,
  } as UserBody;
}

/** Registers, activates through the mailed link and logs in; answers the body and the token. */
export async function activeUser(
  server: TestServer,
  smtp: SmtpPeer,
  overrides: Record<string, unknown> = {},
) {
  const body = newUserBody(overrides);
  const registered = await server.call('POST', '/v1/users/register', { body });
  expect(registered.status).toBe(201);
  const mail = await smtp.waitForMessage((m) => m.to.includes(body.email) && /Activate/i.test(m.subject));
  const { code } = linkIn(mail, '/auth/activation');
  expect((await server.call('POST', `/v1/users/activation/${code}`)).status).toBe(200);
  const login = await server.call('POST', '/v1/auth/login', {
    body: { username: body.email, password: body.password },
  });
  expect(login.status).toBe(200);
  return { ...body, token: LoginResponse.parse(login.body).data.access_token };
}

/** An active, logged-in user whose profile has a concessionary pass and a railcard. */
export function registeredUser(server: TestServer, smtp: SmtpPeer, overrides: Record<string, unknown> = {}) {
  return activeUser(server, smtp, {
    profile: { has_concessionary_pass: true, railcard: '26-30 Railcard' },
    ...overrides,
  });
}

/** The SPEC §5 error shape: a message, and field errors as lists of strings when present. */
export function expectErrorShape(body: unknown): void {
  expect(body).toBeTypeOf('object');
  const b = body as { message?: unknown; errors?: unknown };
  expect(typeof b.message).toBe('string');
  expect((b.message as string).length).toBeGreaterThan(0);
  if (b.errors !== undefined) {
    expect(b.errors).toBeTypeOf('object');
    for (const list of Object.values(b.errors as Record<string, unknown>)) {
      expect(Array.isArray(list)).toBe(true);
      for (const m of list as unknown[]) expect(typeof m).toBe('string');
    }
  }
}
