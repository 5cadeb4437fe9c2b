// Feature under test: issue #15 finding 6 — guessing from one address locks only that address out; the account locks only at a slower global limit, and its owner gets an unlock link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { activeUser } from '../helpers/accounts.ts';

let server: TestServer;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  // Behind a proxy, X-Forwarded-For names the client: it lets one test play many clients.
  server = await startTestServer({
    env: { SMTP_URL: smtp.url, TRUST_PROXY: '1', LOGIN_LOCK_AFTER: '5', LOGIN_GLOBAL_LOCK_AFTER: '12' },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const login = (username: string, password: string, client: string) =>
  server.call('POST', '/v1/auth/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': client },
  });

describe('lockout as denial of service (finding 6)', () => {
  it("an attacker's guesses lock the attacker's address, not the owner", async () => {
    const user = await activeUser(server, smtp);
    for (let i = 0; i < 5; i++)
      expect((await login(user.email, `guess ${i}`, '203.0.113.7')).status).toBe(401);
    expect((await login(user.email, user.password, '203.0.113.7')).status).toBe(429);
    // The owner, from home, still gets in.
    expect((await login(user.email, user.password, '198.51.100.20')).status).toBe(200);
  });

  it('guesses from many addresses lock the account at the global limit and mail the owner an unlock link', async () => {
    const user = await activeUser(server, smtp);
    const sent = smtp.messages.length;
    for (let i = 0; i < 12; i++) {
      const res = await login(user.email, `guess ${i}`, `203.0.113.${100 + (i % 4)}`);
      expect(res.status).toBe(401);
    }
    const owner = await login(user.email, user.password, '198.51.100.21');
    expect(owner.status).toBe(429);
    const mail = await smtp.waitForMessage(
      (m) => smtp.messages.indexOf(m) >= sent && m.to.includes(user.email) && /locked/i.test(m.subject),
    );
    const { code } = linkIn(mail, '/auth/unlock');
    const unlock = await server.call('POST', `/v1/users/unlock/${code}`);
    expect(unlock.status).toBe(200);
    expect((await login(user.email, user.password, '198.51.100.21')).status).toBe(200);
    // The link works once.
    expect((await server.call('POST', `/v1/users/unlock/${code}`)).status).toBe(422);
  });

  it('an address without an account locks the same way and mails nobody', async () => {
    const stranger = `nobody.${Date.now()}@example.org`;
    const sent = smtp.messages.length;
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++)
      statuses.push((await login(stranger, `guess ${i}`, `203.0.113.${150 + (i % 4)}`)).status);
    expect(statuses.slice(0, 12).every((s) => s === 401)).toBe(true);
    expect(statuses[12]).toBe(429);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages.slice(sent).filter((m) => m.to.includes(stranger))).toHaveLength(0);
  });
});
