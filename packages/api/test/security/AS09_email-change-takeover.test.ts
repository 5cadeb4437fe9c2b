// Feature under test: issue #15 finding 4 — a stolen token alone cannot move an account to another address: the change needs the current password, is confirmed from the new inbox, tells the old address and logs out every session.
import { describe, expect, it } from 'vitest';
import { linkIn } from '../helpers/smtpPeer.ts';
import { activeUser, useServerWithMail } from '../helpers/accounts.ts';

const kit = useServerWithMail();

const form = (user: Awaited<ReturnType<typeof activeUser>>, extra: Record<string, unknown>) => ({
  title: user.title,
  first_name: user.first_name,
  last_name: user.last_name,
  dob: user.dob,
  ...extra,
});

describe('e-mail change with only a token (finding 4)', () => {
  it('is refused without the current password, or with a wrong one', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const attacker = `attacker.${Date.now()}@example.org`;
    const bare = await kit.server.call('PUT', '/v1/users/update', {
      token: user.token,
      body: form(user, { email: attacker }),
    });
    expect(bare.status).toBe(422);
    expect(bare.body.errors.current_password).toHaveLength(1);
    const wrong = await kit.server.call('PUT', '/v1/users/update', {
      token: user.token,
      body: form(user, { email: attacker, current_password: 'not my password' }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toHaveLength(1);
    const me = await kit.server.call('GET', '/v1/users/show', { token: user.token });
    expect(me.body.data.email).toBe(user.email);
  });

  it('with the password, it waits for the new inbox, then tells the old address and logs out every session', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const other = await kit.server.call('POST', '/v1/auth/login', {
      body: { username: user.email, password: user.password },
    });
    const otherToken = other.body.data.access_token as string;
    const next = `moved.${Date.now()}@example.org`;
    const res = await kit.server.call('PUT', '/v1/users/update', {
      token: user.token,
      body: form(user, { email: next, current_password: user.password }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe(user.email);
    const confirm = await kit.smtp.waitForMessage((m) => m.to.includes(next) && /Confirm/.test(m.subject));
    const { code } = linkIn(confirm, '/auth/email-change');
    const sent = kit.smtp.messages.length;
    expect((await kit.server.call('POST', `/v1/users/email/confirm/${code}`)).status).toBe(200);
    const notice = await kit.smtp.waitForMessage(
      (m) => kit.smtp.messages.indexOf(m) >= sent && m.to.includes(user.email) && /changed/.test(m.subject),
    );
    expect(notice.text).toContain(next);
    for (const token of [user.token, otherToken])
      expect((await kit.server.call('GET', '/v1/users/show', { token })).status).toBe(401);
    const login = await kit.server.call('POST', '/v1/auth/login', {
      body: { username: next, password: user.password },
    });
    expect(login.status).toBe(200);
    expect((await kit.server.call('POST', `/v1/users/email/confirm/${code}`)).status).toBe(422);
  });
});
