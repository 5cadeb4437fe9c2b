// Feature under test: authorization — every user-owned resource (profile, saved journeys, recent searches) is reachable only by its owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';
import { activeUser, expectErrorShape } from '../helpers/accounts.ts';

let server: TestServer;
let smtp: SmtpPeer;
let alice: Awaited<ReturnType<typeof activeUser>>;
let bob: Awaited<ReturnType<typeof activeUser>>;
let aliceHash: string;
let aliceJourneyId: string;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  alice = await activeUser(server, smtp, { first_name: 'Alice' });
  bob = await activeUser(server, smtp, { first_name: 'Bob' });
  const created = await server.call('POST', '/v1/journey-planner/search', {
    token: alice.token,
    body: { origin: 'Alice House, Aviemore', destination: 'Glenmore', out_time: searchTime(2) },
  });
  expect(created.status).toBe(201);
  aliceHash = created.body.data.hash;
  const results = await waitFor(
    async () => {
      const r = await server.call('GET', `/v1/journey-planner/search/${aliceHash}`, { token: alice.token });
      return r.body.data?.journeys?.length > 0 ? r.body.data : undefined;
    },
    20_000,
    'journeys',
  );
  aliceJourneyId = results.journeys[0].id;
  expect(
    (await server.call('POST', `/v1/journey/save/${aliceJourneyId}`, { token: alice.token })).status,
  ).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** Every call that reads or changes something of one user. */
const OWNED: Array<{ method: string; path: () => string; body?: unknown }> = [
  { method: 'GET', path: () => '/v1/users/show' },
  {
    method: 'PUT',
    path: () => '/v1/users/update',
    body: { title: 'Mr', first_name: 'X', last_name: 'Y', email: 'x@example.org', dob: '1980-01-01' },
  },
  { method: 'GET', path: () => '/v1/journey-planner/queries/user?page=1&per_page=10' },
  { method: 'GET', path: () => '/v1/journey/saved/user?page=1&per_page=10' },
  { method: 'POST', path: () => `/v1/journey/save/${aliceJourneyId}` },
  { method: 'DELETE', path: () => `/v1/journey/saved/${aliceJourneyId}` },
  { method: 'POST', path: () => '/v1/auth/logout' },
];

describe('without a valid token', () => {
  it('every user-owned call answers 401 in the SPEC error shape', async () => {
    for (const call of OWNED) {
      for (const token of [undefined, 'not-a-token', `${alice.token.slice(0, 20)}`]) {
        const res = await server.call(call.method, call.path(), { token, body: call.body });
        expect(res.status, `${call.method} ${call.path()} token=${token}`).toBe(401);
        expectErrorShape(res.body);
      }
    }
  });
});

describe("another user's resources", () => {
  it("Bob's lists never show Alice's searches or saved journeys", async () => {
    const recent = await server.call('GET', '/v1/journey-planner/queries/user?page=1&per_page=50', {
      token: bob.token,
    });
    expect(recent.status).toBe(200);
    expect(recent.body.data.map((r: { hash: string }) => r.hash)).not.toContain(aliceHash);
    expect(JSON.stringify(recent.body)).not.toContain('Alice House');
    const saved = await server.call('GET', '/v1/journey/saved/user?page=1&per_page=50', { token: bob.token });
    expect(saved.status).toBe(200);
    expect(saved.body.meta.total).toBe(0);
    // Alice sees her own.
    const own = await server.call('GET', '/v1/journey/saved/user?page=1&per_page=50', { token: alice.token });
    expect(own.body.data.map((s: { journey_id: string }) => s.journey_id)).toContain(aliceJourneyId);
    const ownRecent = await server.call('GET', '/v1/journey-planner/queries/user?page=1&per_page=50', {
      token: alice.token,
    });
    expect(ownRecent.body.data.map((r: { hash: string }) => r.hash)).toContain(aliceHash);
  });

  it("Bob cannot remove Alice's saved journey (404), and it stays saved for her", async () => {
    const res = await server.call('DELETE', `/v1/journey/saved/${aliceJourneyId}`, { token: bob.token });
    expect(res.status).toBe(404);
    expectErrorShape(res.body);
    const own = await server.call('GET', '/v1/journey/saved/user?page=1&per_page=50', { token: alice.token });
    expect(own.body.meta.total).toBe(1);
  });

  it("the saved mark is Alice's: Bob cannot read her account search's journey at all (issue 30, finding 12)", async () => {
    const asBob = await server.call('GET', `/v1/journey-planner/search/${aliceHash}/${aliceJourneyId}`, {
      token: bob.token,
    });
    expect(asBob.status).toBe(404);
    const asAlice = await server.call('GET', `/v1/journey-planner/search/${aliceHash}/${aliceJourneyId}`, {
      token: alice.token,
    });
    expect(asAlice.body.data.user_status).toBe('saved');
  });

  it("Bob's token shows Bob, and an update with Bob's token changes only Bob", async () => {
    const me = await server.call('GET', '/v1/users/show', { token: bob.token });
    expect(me.body.data.email).toBe(bob.email);
    const upd = await server.call('PUT', '/v1/users/update', {
      token: bob.token,
      body: { title: 'Dr', first_name: 'Robert', last_name: 'Ross', email: bob.email, dob: '1985-06-01' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.email).toBe(bob.email);
    const a = await server.call('GET', '/v1/users/show', { token: alice.token });
    expect(a.body.data.first_name).toBe('Alice');
  });

  it("Bob cannot take Alice's e-mail address through an update", async () => {
    const upd = await server.call('PUT', '/v1/users/update', {
      token: bob.token,
      body: {
        title: 'Dr',
        first_name: 'Robert',
        last_name: 'Ross',
        email: alice.email.toUpperCase(),
        dob: '1985-06-01',
      },
    });
    expect(upd.status).toBe(422);
    expectErrorShape(upd.body);
    expect((await server.call('GET', '/v1/users/show', { token: bob.token })).body.data.email).toBe(
      bob.email,
    );
  });

  it('a search made while logged out is attached to nobody', async () => {
    const anon = await server.call('POST', '/v1/journey-planner/search', {
      body: { origin: 'Anon Cottage', destination: 'Glenmore', out_time: searchTime(2) },
    });
    expect(anon.status).toBe(201);
    for (const user of [alice, bob]) {
      const recent = await server.call('GET', '/v1/journey-planner/queries/user?page=1&per_page=50', {
        token: user.token,
      });
      expect(recent.body.data.map((r: { hash: string }) => r.hash)).not.toContain(anon.body.data.hash);
    }
  });

  it('search results are capabilities: unguessable 128-bit hashes, and near-miss hashes answer 404', async () => {
    expect(aliceHash).toMatch(/^[0-9a-f]{32}$/);
    const flipped = aliceHash.slice(0, -1) + (aliceHash.endsWith('0') ? '1' : '0');
    for (const hash of [flipped, aliceHash.toUpperCase(), aliceHash.slice(1)]) {
      const res = await server.call('GET', `/v1/journey-planner/search/${hash}`);
      expect(res.status).toBe(404);
      expectErrorShape(res.body);
    }
    // A journey id of one search cannot be read through another search's hash.
    const other = await server.call('POST', '/v1/journey-planner/search', {
      body: { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(3) },
    });
    const cross = await server.call(
      'GET',
      `/v1/journey-planner/search/${other.body.data.hash}/${aliceJourneyId}`,
    );
    expect(cross.status).toBe(404);
  });
});
