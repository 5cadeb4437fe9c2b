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
      { email: 'a@example.org', first_name: `${'x'.repeat(500)}\nmore` },
      'https://cairn.example/l',
    );
    expect(mail.text.split('\n')[0]!.length).toBeLessThanOrEqual(110);
    expect(mail.text).not.toMatch(/\nBcc:/);
  });
});
