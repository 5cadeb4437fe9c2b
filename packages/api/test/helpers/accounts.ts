import { LoginResponse } from '@cairn/contracts';
import { expect } from 'vitest';
import { linkIn, type SmtpPeer } from './smtpPeer.ts';
import type { TestServer } from './testServer.ts';

let counter = 0;

/** Registers a user, activates it through the link in the mail the SMTP peer received, and logs in. */
export async function registeredUser(
  server: TestServer,
  peer: SmtpPeer,
  overrides: Record<string, unknown> = {},
) {
  const user = {
    title: 'Ms',
    first_name: 'Isla',
    last_name: 'Grant',
    email: `user.${++counter}.${Date.now()}@example.org`,
    dob: '1990-04-12',
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    creation_origin: 'HOME_PAGE',
    profile: { has_concessionary_pass: true, railcard: '26-30 Railcard' },
    ...overrides,
  };
  const registered = await server.call('POST', '/v1/users/register', { body: user });
  expect(registered.status).toBe(201);
  const mail = await peer.waitForMessage((m) => m.to.includes(user.email) && /Activate/.test(m.subject));
  const { code } = linkIn(mail, '/auth/activation');
  expect((await server.call('POST', `/v1/users/activation/${code}`)).status).toBe(200);
  const login = await server.call('POST', '/v1/auth/login', {
    body: { username: user.email, password: user.password },
  });
  expect(login.status).toBe(200);
  return { ...user, token: LoginResponse.parse(login.body).data.access_token };
}
