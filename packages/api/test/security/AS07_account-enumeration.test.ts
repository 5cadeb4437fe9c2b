// Feature under test: issue #15 finding 3 — registration, e-mail change and password reset answer the same, in body, status and timing, whether or not an address has an account.
import { describe, expect, it } from 'vitest';
import { activeUser, newUserBody, useServerWithMail } from '../helpers/accounts.ts';

const kit = useServerWithMail();

const withoutId = (body: { data: Record<string, unknown> }) => ({ ...body, data: { ...body.data, id: 'x' } });

describe('account enumeration (finding 3)', () => {
  it('registering a taken address echoes the request, never the stored spelling', async () => {
    const owner = await activeUser(kit.server, kit.smtp, { email: `Mixed.Case.${Date.now()}@example.org` });
    const probe = newUserBody({ email: owner.email.toLowerCase() });
    const taken = await kit.server.call('POST', '/v1/users/register', { body: probe });
    const fresh = await kit.server.call('POST', '/v1/users/register', {
      body: { ...probe, email: `free.${Date.now()}@example.org` },
    });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body.data.email).toBe(probe.email);
    expect(withoutId(taken.body)).toEqual(
      withoutId({ ...fresh.body, data: { ...fresh.body.data, email: probe.email } }),
    );
  });

  it('registering then logging in answers a free address like a taken one (issue 30, finding 2)', async () => {
    const owner = await activeUser(kit.server, kit.smtp);
    const attempt = async (email: string) => {
      const password = 'attacker chosen 9876';
      const probe = newUserBody({ email, password, password_confirmation: password });
      expect((await kit.server.call('POST', '/v1/users/register', { body: probe })).status).toBe(201);
      return kit.server.call('POST', '/v1/auth/login', {
        body: { username: email, password: probe.password },
      });
    };
    const freeEmail = `free.${Date.now()}@example.org`;
    const taken = await attempt(owner.email);
    const free = await attempt(freeEmail);
    expect(free.status).toBe(taken.status);
    expect(free.body).toEqual(taken.body);
    // Both count as a failed login: the locks that follow cannot tell them apart either.
    const failures = await kit.server.runtime.ctx.database.db
      .selectFrom('login_throttle')
      .select('failures')
      .where('account', 'in', [owner.email.toLowerCase(), freeEmail])
      .where('client', '!=', '*')
      .execute();
    expect(failures.map((row) => row.failures)).toEqual([1, 1]);
  });

  it("changing the e-mail to someone else's address answers like a free address", async () => {
    const other = await activeUser(kit.server, kit.smtp);
    const attacker = await activeUser(kit.server, kit.smtp);
    const update = (email: string) =>
      kit.server.call('PUT', '/v1/users/update', {
        token: attacker.token,
        body: {
          title: attacker.title,
          first_name: attacker.first_name,
          last_name: attacker.last_name,
          dob: attacker.dob,
          email,
          current_password: attacker.password,
        },
      });
    const takenAnswer = await update(other.email);
    const freeAnswer = await update(`free.${Date.now()}@example.org`);
    expect(takenAnswer.status).toBe(freeAnswer.status);
    expect(takenAnswer.body).toEqual(freeAnswer.body);
    expect(takenAnswer.status).toBe(200);
  });

  it('password reset answers known and unknown addresses with the same body, status and work (so the same timing)', async () => {
    const user = await activeUser(kit.server, kit.smtp);
    const ask = async (email: string) => ({
      res: await kit.server.call('POST', '/v1/users/password/reset', { body: { email } }),
    });
    let last: { known?: unknown; unknown?: unknown } = {};
    for (let i = 0; i < 15; i++) {
      const a = await ask(user.email);
      const b = await ask(`nobody.${i}.${Date.now()}@example.org`);
      expect(a.res.status).toBe(200);
      expect(b.res.status).toBe(200);
      last = { known: a.res.body, unknown: b.res.body };
    }
    expect(last.unknown).toEqual(last.known);
    // The same work on both paths: one queued mail job each; the worker decides whether to send.
    // (Timing itself is not asserted: on a loaded machine a timed test flakes; equal work is the cause.)
    const jobs = await kit.server.runtime.ctx.database.db
      .selectFrom('jobs')
      .select(['kind', 'payload'])
      .where('kind', '=', 'account-mail')
      .execute();
    const resets = jobs.filter((j) => (j.payload as { type?: string }).type === 'password-reset');
    expect(resets.length).toBeGreaterThanOrEqual(30);
  });
});
