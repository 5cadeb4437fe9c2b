// Feature under test: issue 30 finding 4 — twenty reset requests from strangers sent twenty mails to a traveller, each voiding the last link; mails per recipient are limited (MAIL_PER_RECIPIENT_PER_HOUR, 5) and past the limit no code is made, so the owner's newest link keeps working.
import { describe, expect, it } from 'vitest';
import { activeUser, newUserBody, useServerWithMail } from '../helpers/accounts.ts';
import { linkIn } from '../helpers/smtpPeer.ts';
import { waitFor } from '../helpers/testServer.ts';

const kit = useServerWithMail();

/** Waits until the worker has handled every queued account mail. */
const allMailHandled = () =>
  waitFor(
    async () => {
      const open = await kit.server.runtime.ctx.database.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'account-mail')
        .where('status', 'in', ['queued', 'running'])
        .execute();
      return open.length === 0;
    },
    60_000,
    'the account mail jobs',
  );

const mailsTo = (email: string, subject: RegExp) =>
  kit.smtp.messages.filter((m) => m.to.includes(email) && subject.test(m.subject));

describe('a flood of reset requests for one traveller', () => {
  it('mails at most 5 an hour; every request answers the same; the newest link still works', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push(
        await kit.server.call('POST', '/v1/users/password/reset', { body: { email: user.email } }),
      );
    expect(new Set(answers.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    await allMailHandled();
    const resets = mailsTo(user.email, /Reset/);
    // The activation mail took one of the hour's five.
    expect(resets).toHaveLength(4);
    const newest = linkIn(resets.at(-1)!, '/auth/password-reset').code;
    const reset = await kit.server.call('POST', `/v1/users/password/reset/${newest}`, {
      body: { password: 'newest granite 4444', password_confirmation: 'newest granite 4444' },
    });
    expect(reset.status).toBe(200);
  });

  it('is counted per recipient: another traveller still gets their mail', async () => {
    const other = await activeUser(kit.server, kit.smtp);
    expect(
      (await kit.server.call('POST', '/v1/users/password/reset', { body: { email: other.email } })).status,
    ).toBe(200);
    await kit.smtp.waitForMessage((m) => m.to.includes(other.email) && /Reset/.test(m.subject));
  });

  it('registering a taken address over and over mails its owner at most 5 times too', async () => {
    const owner = await activeUser(kit.server, kit.smtp);
    for (let i = 0; i < 8; i++)
      expect(
        (await kit.server.call('POST', '/v1/users/register', { body: newUserBody({ email: owner.email }) }))
          .status,
      ).toBe(201);
    await allMailHandled();
    expect(kit.smtp.messages.filter((m) => m.to.includes(owner.email))).toHaveLength(5);
  });
});
