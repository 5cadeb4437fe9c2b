// Feature under test: issue #15 finding 5 — a newer reset code voids the older one; a completed reset voids every outstanding code and every session.
import { describe, expect, it } from 'vitest';
import { linkIn } from '../helpers/smtpPeer.ts';
import { activeUser, useServerWithMail } from '../helpers/accounts.ts';

const kit = useServerWithMail();

async function resetCode(email: string): Promise<string> {
  const sent = kit.smtp.messages.length;
  expect((await kit.server.call('POST', '/v1/users/password/reset', { body: { email } })).status).toBe(200);
  const mail = await kit.smtp.waitForMessage(
    (m) => kit.smtp.messages.indexOf(m) >= sent && m.to.includes(email) && /Reset/.test(m.subject),
  );
  return linkIn(mail, '/auth/password-reset').code;
}

const body = (password: string) => ({ password, password_confirmation: password });

describe('older reset codes (finding 5)', () => {
  it('a newer reset code voids the older one', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const older = await resetCode(user.email);
    const newer = await resetCode(user.email);
    expect(
      (
        await kit.server.call('POST', `/v1/users/password/reset/${older}`, {
          body: body('older granite 1111'),
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await kit.server.call('POST', `/v1/users/password/reset/${newer}`, {
          body: body('newer granite 2222'),
        })
      ).status,
    ).toBe(200);
  });

  it('a completed reset voids every other outstanding code (an e-mail change here) and every session', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const next = `pending.${Date.now()}@example.org`;
    await kit.server.call('PUT', '/v1/users/update', {
      token: user.token,
      body: {
        title: user.title,
        first_name: user.first_name,
        last_name: user.last_name,
        dob: user.dob,
        email: next,
        current_password: user.password,
      },
    });
    const change = await kit.smtp.waitForMessage((m) => m.to.includes(next) && /Confirm/.test(m.subject));
    const changeCode = linkIn(change, '/auth/email-change').code;
    const code = await resetCode(user.email);
    expect(
      (
        await kit.server.call('POST', `/v1/users/password/reset/${code}`, {
          body: body('fresh granite 3333'),
        })
      ).status,
    ).toBe(200);
    expect((await kit.server.call('POST', `/v1/users/email/confirm/${changeCode}`)).status).toBe(422);
    expect((await kit.server.call('GET', '/v1/users/show', { token: user.token })).status).toBe(401);
  });
});
