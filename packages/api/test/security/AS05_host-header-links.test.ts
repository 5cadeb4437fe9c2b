// Feature under test: issue #15 finding 1 — absolute links (reset, activation, map tiles) come from configuration, never from a forged Host header.
import { describe, expect, it } from 'vitest';
import { linkIn } from '../helpers/smtpPeer.ts';
import { activeUser, newUserBody, useServerWithMail } from '../helpers/accounts.ts';
import { rawCall } from './rawHttp.ts';

const kit = useServerWithMail();

const evil = { host: 'evil.example' };

describe('links built from the Host header (finding 1)', () => {
  it('a password reset asked with Host: evil.example mails a link to the configured origin', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const sent = kit.smtp.messages.length;
    const res = await rawCall(kit.server.url, 'POST', '/v1/users/password/reset', {
      body: { email: user.email },
      headers: evil,
    });
    expect(res.status).toBe(200);
    const mail = await kit.smtp.waitForMessage(
      (m) => kit.smtp.messages.indexOf(m) >= sent && m.to.includes(user.email) && /Reset/.test(m.subject),
    );
    const { link } = linkIn(mail, '/auth/password-reset');
    expect(new URL(link).origin).toBe(new URL(kit.server.url).origin);
    expect(mail.text).not.toContain('evil.example');
  });

  it('an activation link asked with a forged Host points at the configured origin', async () => {
    const body = newUserBody();
    const res = await rawCall(kit.server.url, 'POST', '/v1/users/register', { body, headers: evil });
    expect(res.status).toBe(201);
    const mail = await kit.smtp.waitForMessage(
      (m) => m.to.includes(body.email) && /Activate/.test(m.subject),
    );
    expect(new URL(linkIn(mail, '/auth/activation').link).origin).toBe(new URL(kit.server.url).origin);
  });

  it("the map style's tile URL ignores a forged Host", async () => {
    const res = await rawCall(kit.server.url, 'GET', '/v1/tiles/style.json', { headers: evil });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('evil.example');
    const style = res.body as { sources: Record<string, { tiles?: string[] }> };
    const tiles = Object.values(style.sources).flatMap((s) => s.tiles ?? []);
    expect(tiles.length).toBeGreaterThan(0);
    for (const t of tiles) expect(t.startsWith(`${new URL(kit.server.url).origin}/`)).toBe(true);
  });

  it("a request to one of the brand's own configured hosts gets links to that host", async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const sent = kit.smtp.messages.length;
    await rawCall(kit.server.url, 'POST', '/v1/users/password/reset', {
      body: { email: user.email },
      headers: { host: `explorer.localhost:${new URL(kit.server.url).port}` },
    });
    const mail = await kit.smtp.waitForMessage(
      (m) => kit.smtp.messages.indexOf(m) >= sent && m.to.includes(user.email) && /Reset/.test(m.subject),
    );
    expect(new URL(linkIn(mail, '/auth/password-reset').link).origin).toBe(
      `http://explorer.localhost:${new URL(kit.server.url).port}`,
    );
  });
});
