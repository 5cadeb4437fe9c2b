// Feature under test: issue #15 finding 13 — link schemes, codes kept out of logs, Permissions-Policy, no-store on account replies, HSTS only over HTTPS, scrypt at the OWASP cost with rehash on login.
import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { BrandSettings, Campaign } from '@cairn/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewCampaign } from '../../src/campaigns/campaignStore.ts';
import { logUrl } from '../../src/http/logUrl.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { activeUser } from '../helpers/accounts.ts';

let server: TestServer;
let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '1' } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const BAD_LINKS = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:x',
  '//evil.example/x',
  // Browsers read a backslash as a slash: these are //evil.example too (issue 30, finding 14).
  '/\\evil.example/x',
  '/\\\\evil.example',
  '/ok\\..\\..\\/evil.example',
];

describe('link schemes (finding 13)', () => {
  it('campaign links and covers take only http(s), mailto or site paths', () => {
    const base = {
      title: 'T',
      text: 'x',
      appear_on: ['journey-planner'],
      start_at: '2098-01-01T00:00Z',
      end_at: '2099-01-01T00:00Z',
    };
    for (const url of BAD_LINKS) {
      expect(NewCampaign.safeParse({ ...base, url }).success, url).toBe(false);
      expect(NewCampaign.safeParse({ ...base, cover_url: url }).success, url).toBe(false);
    }
    for (const url of ['https://example.org/a', 'mailto:info@example.org', '/about'])
      expect(NewCampaign.safeParse({ ...base, url }).success, url).toBe(true);
    expect(Campaign.shape.url.safeParse('javascript:alert(1)').success).toBe(false);
  });

  it('brand links refuse javascript: and data: URLs', () => {
    const shape = BrandSettings.shape;
    for (const url of BAD_LINKS) {
      expect(shape.supportLink.safeParse(url).success, url).toBe(false);
      expect(shape.needHelpUrl.safeParse(url).success, url).toBe(false);
      expect(shape.footer.shape.quickLinks.safeParse([{ label: 'x', url }]).success, url).toBe(false);
      expect(shape.adBannerUrl.safeParse(url).success, url).toBe(false);
      expect(shape.tagManagerUrl.safeParse(url).success, url).toBe(false);
    }
    expect(shape.supportLink.safeParse('mailto:help@example.org').success).toBe(true);
  });
});

describe('codes in logs (finding 13)', () => {
  it('request logs show account paths with the code redacted', () => {
    expect(logUrl('/v1/users/activation/abcDEF123_-xyz0123456')).toBe('/v1/users/activation/[redacted]');
    expect(logUrl('/v1/users/password/reset/abcDEF123_-xyz0123456?x=1')).toBe(
      '/v1/users/password/reset/[redacted]?x=…',
    );
    expect(logUrl('/v1/users/unlock/abc')).toBe('/v1/users/unlock/[redacted]');
    expect(logUrl('/v1/users/email/confirm/abc')).toBe('/v1/users/email/confirm/[redacted]');
  });

  it('a real request log line carries no code', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await startTestServer({ logger: pino({ level: 'info' }, sink) });
    try {
      const code = randomBytes(32).toString('base64url');
      await logged.call('POST', `/v1/users/activation/${code}`);
      await logged.call('POST', `/v1/users/password/reset/${code}`, {
        body: { password: 'x', password_confirmation: 'x' },
      });
      expect(lines.some((l) => l.includes('[redacted]'))).toBe(true);
      expect(lines.filter((l) => l.includes(code))).toEqual([]);
    } finally {
      await logged.close();
    }
  });

  it('the outbox mailer logs the file, never the link with its code', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }),
    );
    const dir = mkdtempSync(join(tmpdir(), 'cairn-outbox-'));
    try {
      const mailer = createMailer({ from: 'a@example.org', outboxDir: dir, logger });
      await mailer.send({
        to: 'b@example.org',
        subject: 'S',
        text: 'Open https://x.example/auth/activation?code=SECRETCODE123',
      });
      mailer.close();
      expect(lines.join('')).not.toContain('SECRETCODE123');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('headers (finding 13)', () => {
  it('sends a Permissions-Policy', async () => {
    const res = await server.call('GET', '/v1/health');
    expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
  });

  it('account replies say Cache-Control: no-store', async () => {
    const user = await activeUser(server, smtp);
    for (const [method, path, body] of [
      ['GET', '/v1/users/show', undefined],
      ['POST', '/v1/auth/login', { username: user.email, password: user.password }],
      ['GET', '/v1/journey/saved/user', undefined],
    ] as const) {
      const res = await server.call(method, path, { token: user.token, ...(body ? { body } : {}) });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('sends HSTS only over HTTPS', async () => {
    expect((await server.call('GET', '/v1/health')).headers.get('strict-transport-security')).toBeNull();
    const https = await server.call('GET', '/v1/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('password hashing cost (finding 13)', () => {
  it('hashes with scrypt N = 2^17 and rehashes an older, cheaper hash on login', async () => {
    const user = await activeUser(server, smtp);
    const db = server.runtime.ctx.database.db;
    const stored = async () =>
      (
        await db
          .selectFrom('users')
          .select('password_hash')
          .where('email', '=', user.email)
          .executeTakeFirstOrThrow()
      ).password_hash;
    expect((await stored()).split('$')[1]).toBe(String(2 ** 17));
    const salt = randomBytes(16);
    const old = scryptSync(user.password, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    await db
      .updateTable('users')
      .set({
        password_hash: ['scrypt', 2 ** 15, 8, 1, salt.toString('base64url'), old.toString('base64url')].join(
          '$',
        ),
      })
      .where('email', '=', user.email)
      .execute();
    const login = await server.call('POST', '/v1/auth/login', {
      body: { username: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    expect((await stored()).split('$')[1]).toBe(String(2 ** 17));
  });
});
