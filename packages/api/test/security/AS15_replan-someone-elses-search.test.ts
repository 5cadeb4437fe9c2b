// Feature under test: issue #15 finding 9 — update-return-time by anyone who knows a hash put the re-plan in the owner's recent searches and planned it with the owner's entitlements; a re-plan must belong to the caller (their account, or nobody), never the owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';
import { activeUser } from '../helpers/accounts.ts';

let server: TestServer;
let smtp: SmtpPeer;
let alice: Awaited<ReturnType<typeof activeUser>>;
let bob: Awaited<ReturnType<typeof activeUser>>;
let aliceHash: string;

/** Alice's entitlements: what the logged-in form sends with each search (SPEC §3). */
const ALICE_ENTITLEMENTS = {
  has_car_access: true,
  railcard: 'Senior Railcard',
  has_concessionary_pass: true,
  has_young_scot_card: false,
  has_new_young_scot_card: false,
  user_age: 67,
};

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  alice = await activeUser(server, smtp, {
    first_name: 'Alice',
    dob: '1958-03-01',
    profile: { has_concessionary_pass: true, railcard: 'Senior Railcard', has_car_access: true },
  });
  bob = await activeUser(server, smtp, { first_name: 'Bob', dob: '2001-05-05' });
  const created = await server.call('POST', '/v1/journey-planner/search', {
    token: alice.token,
    body: {
      origin: 'Alice House, Aviemore',
      destination: 'Raigmore Hospital',
      out_time: searchTime(2, '09:00'),
      return_time: searchTime(2, '12:00'),
      has_access_to_car: true,
      has_railcard: true,
      railcard_type: 'Senior Railcard',
      ...ALICE_ENTITLEMENTS,
    },
  });
  expect(created.status).toBe(201);
  aliceHash = created.body.data.hash;
  await waitForPlanned(aliceHash, alice.token);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** An account search reads only with its owner's token (issue 30, finding 12). */
async function waitForPlanned(hash: string, token?: string) {
  return waitFor(
    async () => {
      const r = await server.call('GET', `/v1/journey-planner/search/${hash}`, { token });
      return r.body.data?.query?.status === 'done' ? r.body.data : undefined;
    },
    20_000,
    `search ${hash} planned`,
  );
}

async function replan(token: string | undefined, hhmm: string): Promise<string> {
  const res = await server.call('POST', `/v1/journey-planner/search/${aliceHash}/update-return-time`, {
    token,
    body: { return_time: searchTime(2, hhmm) },
  });
  expect(res.status).toBe(201);
  await waitForPlanned(res.body.data.hash, token);
  return res.body.data.hash;
}

async function recentHashes(token: string): Promise<string[]> {
  const res = await server.call('GET', '/v1/journey-planner/queries/user?page=1&per_page=50', { token });
  return res.body.data.map((r: { hash: string }) => r.hash);
}

/** What the planner was asked for the search `hash` (its request carries the hash's return time). */
function planCallFor(returnTime: string) {
  const call = server.planner.calls.findLast((c) => c.request.return_time === returnTime);
  expect(call, `a plan call for ${returnTime}`).toBeDefined();
  return call!;
}

describe("re-planning someone else's search", () => {
  it("anonymously: the new search is nobody's and is planned without Alice's entitlements", async () => {
    const hash = await replan(undefined, '13:00');
    expect(await recentHashes(alice.token)).not.toContain(hash);
    const row = await server.runtime.ctx.database.db
      .selectFrom('search_queries')
      .select(['user_id'])
      .where('hash', '=', hash)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
    const call = planCallFor(searchTime(2, '13:00'));
    expect(call.profile).toBeNull();
    for (const field of [
      ...Object.keys(ALICE_ENTITLEMENTS),
      'has_railcard',
      'railcard_type',
      'has_access_to_car',
    ])
      expect(call.request, field).not.toHaveProperty(field);
    // The journey itself is re-planned: same places and outbound, the new return time.
    expect(call.request.origin).toBe('Alice House, Aviemore');
    expect(call.request.out_time).toBe(searchTime(2, '09:00'));
  });

  it("as Bob: the new search is in Bob's recent searches, not Alice's, and uses Bob's profile", async () => {
    const hash = await replan(bob.token, '13:30');
    expect(await recentHashes(alice.token)).not.toContain(hash);
    expect(await recentHashes(bob.token)).toContain(hash);
    const call = planCallFor(searchTime(2, '13:30'));
    expect(call.profile).not.toBeNull();
    expect(call.profile!.has_concessionary_pass).toBe(false);
    expect(call.profile!.railcard).not.toBe('Senior Railcard');
    expect(call.profile!.user_age).toBeLessThan(30);
    for (const field of Object.keys(ALICE_ENTITLEMENTS))
      expect(call.request, field).not.toHaveProperty(field);
    expect(call.request).not.toHaveProperty('railcard_type');
  });

  it('as Alice herself: the re-plan is hers, with her entitlements, as before', async () => {
    const hash = await replan(alice.token, '14:00');
    expect(await recentHashes(alice.token)).toContain(hash);
    const call = planCallFor(searchTime(2, '14:00'));
    expect(call.profile!.has_concessionary_pass).toBe(true);
    expect(call.profile!.railcard).toBe('Senior Railcard');
    expect(call.request.railcard_type).toBe('Senior Railcard');
  });
});
