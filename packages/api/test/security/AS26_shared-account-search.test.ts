// Feature under test: issue 30 finding 12 — a shared search link showed its owner's journeys priced with their railcard and concession card and planned for their step-free need; a search made with an account is now read only with its owner's token.
import { describe, expect, it } from 'vitest';
import { activeUser, useServerWithMail } from '../helpers/accounts.ts';
import { searchTime, waitFor } from '../helpers/testServer.ts';

const kit = useServerWithMail();

const search = {
  origin: 'Aviemore',
  destination: 'Glenmore',
  out_time: searchTime(2, '09:00'),
  has_railcard: true,
  railcard_type: 'Senior Railcard',
  has_concessionary_pass: true,
  step_free: true,
};

/** Posts the search (with the token when given) and waits until it is planned; answers its hash and a journey id. */
async function planned(token?: string) {
  const created = await kit.server.call('POST', '/v1/journey-planner/search', {
    body: search,
    ...(token ? { token } : {}),
  });
  expect(created.status).toBe(201);
  const hash = created.body.data.hash as string;
  const done = await waitFor(
    async () => {
      const r = await kit.server.call('GET', `/v1/journey-planner/search/${hash}`, token ? { token } : {});
      return r.body.data?.query.status === 'done' ? r : undefined;
    },
    20_000,
    'planned',
  );
  return { hash, journeyId: done.body.data.journeys[0].id as string };
}

describe("a link to someone's account search", () => {
  it("reads only with the owner's token: anyone else, signed in or not, is told it does not exist", async () => {
    const owner = await activeUser(kit.server, kit.smtp);
    const other = await activeUser(kit.server, kit.smtp);
    const { hash, journeyId } = await planned(owner.token);
    for (const path of [
      `/v1/journey-planner/search/${hash}`,
      `/v1/journey-planner/search/${hash}/${journeyId}`,
    ]) {
      expect((await kit.server.call('GET', path, { token: owner.token })).status, path).toBe(200);
      const anonymous = await kit.server.call('GET', path);
      expect(anonymous.status, path).toBe(404);
      expect(anonymous.body).toEqual({ message: 'This search does not exist.' });
      expect((await kit.server.call('GET', path, { token: other.token })).status, path).toBe(404);
    }
  });

  it("cannot be read back by saving one of its journeys to one's own list", async () => {
    const owner = await activeUser(kit.server, kit.smtp);
    const other = await activeUser(kit.server, kit.smtp);
    const { journeyId } = await planned(owner.token);
    const save = await kit.server.call('POST', `/v1/journey/save/${journeyId}`, { token: other.token });
    expect(save.status).toBe(404);
    const list = await kit.server.call('GET', '/v1/journey/saved/user', { token: other.token });
    expect(list.body.data).toEqual([]);
    expect(
      (await kit.server.call('POST', `/v1/journey/save/${journeyId}`, { token: owner.token })).status,
    ).toBe(200);
  });

  it("a visitor's search stays readable by anyone with its link", async () => {
    const { hash, journeyId } = await planned();
    expect((await kit.server.call('GET', `/v1/journey-planner/search/${hash}`)).status).toBe(200);
    expect((await kit.server.call('GET', `/v1/journey-planner/search/${hash}/${journeyId}`)).status).toBe(
      200,
    );
  });
});
