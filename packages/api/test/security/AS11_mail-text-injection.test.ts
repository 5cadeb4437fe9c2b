// Feature under test: issue #15 finding 7 — names are single-line, bounded text, and mail bodies are built from escaped values, so a name cannot add lines to a mail.
import { describe, expect, it } from 'vitest';
import { BrandSettings } from '@cairn/contracts';
import { activationMail } from '../../src/mail/accountMail.ts';
import { linkIn } from '../helpers/smtpPeer.ts';
import { activeUser, newUserBody, useServerWithMail } from '../helpers/accounts.ts';

const kit = useServerWithMail();

const injected = 'Isla\n\nYour account is suspended. Log in at http://evil.example/login\n';

describe('mail text injection (finding 7)', () => {
  it('a newline (or other control character) in a name is refused at registration and on update', async () => {
    for (const first_name of [injected, 'Isla\rX', 'Isla\u2028X', 'Isla\u202EX']) {
      const res = await kit.server.call('POST', '/v1/users/register', { body: newUserBody({ first_name }) });
      expect(res.status, JSON.stringify(first_name)).toBe(422);
      expect(res.body.errors.first_name).toHaveLength(1);
    }
    const user = await activeUser(kit.server, kit.smtp);
    const res = await kit.server.call('PUT', '/v1/users/update', {
      token: user.token,
      body: { title: user.title, first_name: user.first_name, last_name: injected, dob: user.dob },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.last_name).toHaveLength(1);
  });

  it('a name stored before the rule still cannot add lines to a mail', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    await kit.server.runtime.ctx.database.db
      .updateTable('users')
      .set({ first_name: injected })
      .where('email', '=', user.email)
      .execute();
    const sent = kit.smtp.messages.length;
    await kit.server.call('POST', '/v1/users/password/reset', { body: { email: user.email } });
    const mail = await kit.smtp.waitForMessage(
      (m) => kit.smtp.messages.indexOf(m) >= sent && m.to.includes(user.email) && /Reset/.test(m.subject),
    );
    const lines = mail.text.split(/\r?\n/);
    expect(lines[0]).toMatch(/^Hello Isla Your account is suspended\./);
    expect(lines.filter((l) => /evil\.example/.test(l))).toHaveLength(1);
    expect(linkIn(mail, '/auth/password-reset').link).not.toContain('evil');
  });

  it('the mail builder flattens and bounds every value it is given', () => {
    const brand = BrandSettings.parse({
      brand: 'x',
      title: 'Title\nBcc: someone',
      shortTitle: 'T',
      contactEmail: 'a@example.org',
      supportLink: null,
      appStoreLinks: { ios: null, android: null },
      showBreadcrumbs: true,
      showUpdatesFooter: false,
      showNeedHelp: false,
      showPois: false,
      enableUserAccounts: true,
      enableMultipleJourneyTypeFilter: false,
      blockedTravelTypes: [],
      footer: { address: [], quickLinks: [], socialLinks: [], supportedBy: [] },
      mapColours: { outbound: '#000', return: '#000', accent: '#000' },
    });
    const mail = activationMail(
      brand,
      { email: 'a@example.org', first_name: `${'x'.repeat(500)}\nmore`, active: true },
      'https://cairn.example/l',
    );
    expect(mail.text.split('\n')[0]!.length).toBeLessThanOrEqual(110);
    expect(mail.text).not.toMatch(/\nBcc:/);
  });

  it('mails to an address not yet proven carry no text of the sender (issue 30, finding 11)', async () => {
    const spam = 'Cheap tickets at spam example dot com';
    const body = newUserBody({ first_name: spam, last_name: spam });
    expect((await kit.server.call('POST', '/v1/users/register', { body })).status).toBe(201);
    const activation = await kit.smtp.waitForMessage(
      (m) => m.to.includes(body.email) && /Activate/.test(m.subject),
    );
    expect(activation.text.split(/\r?\n/)[0]).toBe('Hello,');
    expect(activation.raw).not.toContain('spam example');
    // A reset asked for the unproven account does not carry it either.
    await kit.server.call('POST', '/v1/users/password/reset', { body: { email: body.email } });
    const reset = await kit.smtp.waitForMessage((m) => m.to.includes(body.email) && /Reset/.test(m.subject));
    expect(reset.raw).not.toContain('spam example');
    // Nor the confirmation mailed to a new address, which is not proven until its link is opened.
    const user = await activeUser(kit.server, kit.smtp, { first_name: 'Spam' });
    const next = `spam.target.${Date.now()}@example.org`;
    await kit.server.call('PUT', '/v1/users/update', {
      token: user.token,
      body: {
        title: user.title,
        first_name: spam,
        last_name: user.last_name,
        dob: user.dob,
        email: next,
        current_password: user.password,
      },
    });
    const change = await kit.smtp.waitForMessage((m) => m.to.includes(next));
    expect(change.raw).not.toContain('spam example');
    expect(change.raw).not.toContain('Spam');
  });
});
