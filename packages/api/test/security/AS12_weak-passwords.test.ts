// Feature under test: issue #15 finding 12 — NIST SP 800-63B passwords: at least 8 characters, no composition rules, common and breached passwords and the e-mail address refused.
import { describe, expect, it } from 'vitest';
import { linkIn } from '../helpers/smtpPeer.ts';
import { activeUser, newUserBody, useServerWithMail } from '../helpers/accounts.ts';

const kit = useServerWithMail();

const register = (password: string, extra: Record<string, unknown> = {}) =>
  kit.server.call('POST', '/v1/users/register', {
    body: newUserBody({ password, password_confirmation: password, ...extra }),
  });

describe('weak passwords (finding 12)', () => {
  it('refuses common and breached passwords, whatever their case', async () => {
    for (const password of ['password', '12345678', 'iloveyou1', 'Password1', 'QWERTYUIOP']) {
      const res = await register(password);
      expect(res.status, password).toBe(422);
      expect(res.body.errors.password, password).toHaveLength(1);
    }
  });

  it('refuses the e-mail address as the password, and fewer than 8 characters', async () => {
    const email = `walker.${Date.now()}@example.org`;
    const own = await register(email, { email });
    expect(own.status).toBe(422);
    expect(own.body.errors.password[0]).toMatch(/e-mail/);
    expect((await register('short7!')).status).toBe(422);
  });

  it('accepts a long passphrase without composition rules (no digit, capital or symbol needed)', async () => {
    expect((await register('heather on the hill at dusk')).status).toBe(201);
  });

  it('a reset refuses a common password and leaves the link usable', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    await kit.server.call('POST', '/v1/users/password/reset', { body: { email: user.email } });
    const mail = await kit.smtp.waitForMessage((m) => m.to.includes(user.email) && /Reset/.test(m.subject));
    const { code } = linkIn(mail, '/auth/password-reset');
    const weak = await kit.server.call('POST', `/v1/users/password/reset/${code}`, {
      body: { password: 'letmein1', password_confirmation: 'letmein1' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.errors.password).toHaveLength(1);
    const good = await kit.server.call('POST', `/v1/users/password/reset/${code}`, {
      body: { password: 'lochan dubh ridge', password_confirmation: 'lochan dubh ridge' },
    });
    expect(good.status).toBe(200);
  });
});
