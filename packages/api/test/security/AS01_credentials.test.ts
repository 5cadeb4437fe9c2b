// Feature under test: credentials — scrypt password hashes, hashed expiring revocable tokens, login lockout, single-use expiring codes, no user enumeration.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import { activeUser, expectErrorShape, newUserBody } from '../helpers/accounts.ts';

let server: TestServer;
let smtp: SmtpPeer;
/** The server's clock runs `offsetMs` ahead of the real one, so expiry can be tested without waiting. */
let offsetMs = 0;
beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url }, now: () => new Date(Date.now() + offsetMs) });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const db = () => server.runtime.ctx.database.db;

describe('password hashing', () => {
  it('stores scrypt hashes with N ≥ 2^15, r = 8, a 16-byte random salt and a 32-byte key; never the password', async () => {
    const a = await activeUser(server, smtp, {
      password: 'same password 1',
      password_confirmation: 'same password 1',
    });
    const b = await activeUser(server, smtp, {
      password: 'same password 1',
      password_confirmation: 'same password 1',
    });
    const rows = await db()
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('email', 'in', [a.email, b.email])
      .execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.password_hash).not.toContain('same password');
      const [scheme, n, r, p, salt, key] = row.password_hash.split('$');
      expect(scheme).toBe('scrypt');
      expect(Number(n)).toBeGreaterThanOrEqual(2 ** 15);
      expect(Math.log2(Number(n)) % 1).toBe(0);
      expect(Number(r)).toBeGreaterThanOrEqual(8);
      expect(Number(p)).toBeGreaterThanOrEqual(1);
      expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
      expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    }
    // Same password, different salts: the hashes differ.
    expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
  });
});

describe('access tokens', () => {
  it('are stored only as SHA-256 digests, expire after 30 days and stop working after logout', async () => {
    const user = await activeUser(server, smtp);
    const tokens = await db()
      .selectFrom('access_tokens')
      .innerJoin('users', 'users.id', 'access_tokens.user_id')
      .select(['token_hash', 'expires_at', 'revoked_at'])
      .where('users.email', '=', user.email)
      .execute();
    expect(tokens).toHaveLength(1);
    const [row] = tokens;
    expect(row!.token_hash).toBe(sha256(user.token));
    expect(row!.token_hash).not.toContain(user.token);
    const lifetimeDays = (row!.expires_at.getTime() - Date.now() - offsetMs) / 86_400_000;
    expect(lifetimeDays).toBeGreaterThan(29.9);
    expect(lifetimeDays).toBeLessThanOrEqual(30.01);

    expect((await server.call('GET', '/v1/users/show', { token: user.token })).status).toBe(200);
    const out = await server.call('POST', '/v1/auth/logout', { token: user.token });
    expect(out.status).toBe(200);
    const after = await server.call('GET', '/v1/users/show', { token: user.token });
    expect(after.status).toBe(401);
    expectErrorShape(after.body);
    // Logging out twice with the revoked token is refused too.
    expect((await server.call('POST', '/v1/auth/logout', { token: user.token })).status).toBe(401);
  });

  it('an expired token is refused', async () => {
    const user = await activeUser(server, smtp);
    expect((await server.call('GET', '/v1/users/show', { token: user.token })).status).toBe(200);
    offsetMs = 31 * 86_400_000;
    try {
      expect((await server.call('GET', '/v1/users/show', { token: user.token })).status).toBe(401);
    } finally {
      offsetMs = 0;
    }
  });

  it('forged, truncated and malformed bearer tokens are refused with 401', async () => {
    const user = await activeUser(server, smtp);
    for (const token of [
      user.token.slice(0, -1),
      `${user.token}x`,
      sha256(user.token),
      'null',
      "' or '1'='1",
    ]) {
      const res = await server.call('GET', '/v1/users/show', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, token).toBe(401);
    }
    expect(
      (await server.call('GET', '/v1/users/show', { headers: { authorization: user.token } })).status,
    ).toBe(401);
  });
});

describe('login lockout', () => {
  it('locks the account for this client after 5 failures (even the right password is refused) and doubles the lock', async () => {
    const user = await activeUser(server, smtp);
    for (let i = 0; i < 5; i++) {
      const res = await server.call('POST', '/v1/auth/login', {
        body: { username: user.email, password: `wrong ${i}` },
      });
      expect(res.status).toBe(401);
    }
    const locked = await server.call('POST', '/v1/auth/login', {
      body: { username: user.email, password: user.password },
    });
    expect(locked.status).toBe(429);
    expectErrorShape(locked.body);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(14 * 60);
    // The lock is this client's (127.0.0.1) on this account; see S08 for other clients.
    const lockOf = () =>
      db()
        .selectFrom('login_throttle')
        .select(['locked_until', 'failures'])
        .where('account', '=', user.email.toLowerCase())
        .where('client', '!=', '*')
        .executeTakeFirstOrThrow();
    const first = await lockOf();
    expect(first.failures).toBe(5);
    const firstLockMin = (first.locked_until!.getTime() - Date.now()) / 60_000;
    expect(firstLockMin).toBeGreaterThan(14);
    expect(firstLockMin).toBeLessThanOrEqual(15.1);

    // After the lock lapses, one more failure locks for twice as long.
    offsetMs = 16 * 60_000;
    try {
      expect(
        (
          await server.call('POST', '/v1/auth/login', {
            body: { username: user.email, password: 'wrong again' },
          })
        ).status,
      ).toBe(401);
      const second = await lockOf();
      const secondLockMin = (second.locked_until!.getTime() - Date.now() - offsetMs) / 60_000;
      expect(secondLockMin).toBeGreaterThan(29);
      expect(secondLockMin).toBeLessThanOrEqual(30.1);
      expect(
        (
          await server.call('POST', '/v1/auth/login', {
            body: { username: user.email, password: user.password },
          })
        ).status,
      ).toBe(429);
    } finally {
      offsetMs = 0;
    }
  });
});

describe('activation and reset codes', () => {
  it('are stored hashed, work once, and reset links expire after an hour', async () => {
    const user = await activeUser(server, smtp);
    const ask = async () => {
      const res = await server.call('POST', '/v1/users/password/reset', { body: { email: user.email } });
      expect(res.status).toBe(200);
      const before = smtp.messages.length;
      return { before, res };
    };
    await ask();
    const mail = await smtp.waitForMessage((m) => m.to.includes(user.email) && /Reset/i.test(m.subject));
    const { code } = linkIn(mail, '/auth/password-reset');
    const stored = await db()
      .selectFrom('account_codes')
      .select(['code_hash'])
      .where('code_hash', '=', sha256(code))
      .execute();
    expect(stored).toHaveLength(1);
    expect(
      await db().selectFrom('account_codes').select('code_hash').where('code_hash', '=', code).execute(),
    ).toHaveLength(0);

    const body = { password: 'new granite 5678', password_confirmation: 'new granite 5678' };
    expect((await server.call('POST', `/v1/users/password/reset/${code}`, { body })).status).toBe(200);
    const reuse = await server.call('POST', `/v1/users/password/reset/${code}`, { body });
    expect(reuse.status).toBe(422);
    expectErrorShape(reuse.body);
    // The reset logged the old session out everywhere.
    expect((await server.call('GET', '/v1/users/show', { token: user.token })).status).toBe(401);

    const sent = smtp.messages.length;
    await ask();
    const mail2 = await smtp.waitForMessage(
      (m) => smtp.messages.indexOf(m) >= sent && m.to.includes(user.email),
    );
    const code2 = linkIn(mail2, '/auth/password-reset').code;
    offsetMs = 61 * 60_000;
    try {
      const late = await server.call('POST', `/v1/users/password/reset/${code2}`, {
        body: { password: 'late granite 0000', password_confirmation: 'late granite 0000' },
      });
      expect(late.status).toBe(422);
      expect(late.body.message).toMatch(/expired|invalid/);
    } finally {
      offsetMs = 0;
    }
    // The expired code changed nothing: the password set with the first code still works.
    expect(
      (
        await server.call('POST', '/v1/auth/login', {
          body: { username: user.email, password: 'new granite 5678' },
        })
      ).status,
    ).toBe(200);
  });

  it('guessed codes are refused without touching the database rows of real ones', async () => {
    for (const code of [
      'a'.repeat(43),
      '0'.repeat(16),
      '../../etc/passwd',
      '%27%20or%201%3D1--',
      'x'.repeat(200),
    ]) {
      const res = await server.call('POST', `/v1/users/activation/${code}`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expectErrorShape(res.body);
    }
  });
});

describe('no user enumeration', () => {
  it('password reset answers the same for known and unknown addresses', async () => {
    const user = await activeUser(server, smtp);
    const known = await server.call('POST', '/v1/users/password/reset', { body: { email: user.email } });
    const unknown = await server.call('POST', '/v1/users/password/reset', {
      body: { email: `nobody.${Date.now()}@example.org` },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('registering a taken address answers like a new one, spends the same hashing time, and mails the owner instead', async () => {
    const user = await activeUser(server, smtp);
    const fresh = await server.call('POST', '/v1/users/register', { body: newUserBody() });
    const sent = smtp.messages.length;
    const taken = await server.call('POST', '/v1/users/register', {
      body: newUserBody({ email: user.email.toUpperCase() }),
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body.message).toBe(fresh.body.message);
    expect(Object.keys(taken.body.data ?? {}).sort()).toEqual(Object.keys(fresh.body.data ?? {}).sort());
    // The owner hears about it; nobody learns anything from the answer.
    const notice = await smtp.waitForMessage(
      (m) =>
        smtp.messages.indexOf(m) >= sent &&
        m.to.map((t) => t.toLowerCase()).includes(user.email.toLowerCase()),
    );
    expect(notice.text).toMatch(/already/i);
    // Still exactly one account for the address, and its password unchanged.
    expect(
      await db()
        .selectFrom('users')
        .select('id')
        .where(({ fn }) => fn('lower', ['email']), '=', user.email.toLowerCase())
        .execute(),
    ).toHaveLength(1);
    expect(
      (
        await server.call('POST', '/v1/auth/login', {
          body: { username: user.email, password: user.password },
        })
      ).status,
    ).toBe(200);

    // Timing: both paths hash a password (scrypt), so the taken path is not a fast give-away.
    const time = async (email: () => string) => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await server.call('POST', '/v1/users/register', { body: newUserBody({ email: email() }) });
        samples.push(performance.now() - t0);
      }
      return samples.sort((x, y) => x - y)[2]!;
    };
    const newMs = await time(() => `t.${Math.random().toString(36).slice(2)}@example.org`);
    const takenMs = await time(() => user.email);
    expect(takenMs).toBeGreaterThan(newMs * 0.4);
  });
});
