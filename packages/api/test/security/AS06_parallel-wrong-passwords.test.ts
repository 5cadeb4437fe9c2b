// Feature under test: issue #15 finding 2 — concurrent wrong passwords are all counted (one atomic UPDATE … RETURNING), so they cannot slip past the lockout.
import { describe, expect, it } from 'vitest';
import { activeUser, useServerWithMail } from '../helpers/accounts.ts';

const kit = useServerWithMail();

describe('parallel wrong passwords (finding 2)', () => {
  it('20 concurrent wrong logins count 20 failures and lock the account for that client', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        kit.server.call('POST', '/v1/auth/login', {
          body: { username: user.email, password: `wrong guess ${i}` },
        }),
      ),
    );
    for (const a of answers) expect([401, 429]).toContain(a.status);
    const row = await kit.server.runtime.ctx.database.db
      .selectFrom('login_throttle')
      .select(['failures', 'locked_until'])
      .where('account', '=', user.email.toLowerCase())
      .where('client', '!=', '*')
      .executeTakeFirstOrThrow();
    // Every attempt that was checked was counted: none was lost to a read-then-write race.
    expect(row.failures).toBe(answers.filter((a) => a.status === 401).length);
    expect(row.failures).toBeGreaterThanOrEqual(5);
    const right = await kit.server.call('POST', '/v1/auth/login', {
      body: { username: user.email, password: user.password },
    });
    expect(right.status).toBe(429);
  });

  it('of 20 concurrent guesses only LOGIN_LOCK_AFTER (5) are checked; the rest are refused before any check (issue 30, finding 10)', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        kit.server.call('POST', '/v1/auth/login', {
          body: { username: user.email, password: `wrong guess ${i}` },
        }),
      ),
    );
    // A 401 means the password was checked: exactly the 5 attempts the lock allows.
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    for (const a of answers.filter((a) => a.status === 429))
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('guesses at the current password when changing the e-mail are reserved the same way', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        kit.server.call('PUT', '/v1/users/update', {
          token: user.token,
          body: {
            title: user.title,
            first_name: user.first_name,
            last_name: user.last_name,
            dob: user.dob,
            email: `moved.${i}.${Date.now()}@example.org`,
            current_password: `wrong guess ${i}`,
          },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 422)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
  });
});
