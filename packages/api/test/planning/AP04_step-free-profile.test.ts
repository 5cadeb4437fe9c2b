// Feature under test: on the real engine, step-free journeys are asked for by the search or by the logged-in profile, and the search's own No wins over the profile (issue #19).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PlacesResponse, SearchCreated, SearchResults } from '@cairn/contracts';
import type { Journey } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredUser } from '../helpers/accounts.ts';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';

const REGION = resolve(import.meta.dirname, '../../../../regions/cairngorms/build');
const built = existsSync(join(REGION, 'region.json'));

let server: TestServer;
let smtp: SmtpPeer;
beforeAll(async () => {
  if (!built) return;
  smtp = await startSmtpPeer();
  server = await startTestServer({
    planner: 'engine',
    env: { REGION_DIR: REGION, SMTP_URL: smtp.url, MAIL_FROM: 'Explorer <no-reply@explorer.example>' },
  });
}, 300_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

async function place(q: string) {
  const places = PlacesResponse.parse(
    (await server.call('GET', `/v1/places?q=${encodeURIComponent(q)}&limit=1`)).body,
  );
  return places.data[0]!;
}

async function journeysOf(body: Record<string, unknown>, token?: string): Promise<Journey[]> {
  const created = await server.call('POST', '/v1/journey-planner/search', {
    body,
    ...(token ? { token } : {}),
  });
  expect(created.status).toBe(201);
  const { hash } = SearchCreated.parse(created.body).data;
  const done = await waitFor(
    async () => {
      const r = await server.call('GET', `/v1/journey-planner/search/${hash}`);
      return r.body.data.query.status === 'done' ? r : undefined;
    },
    180_000,
    'the search to finish',
  );
  return SearchResults.parse(done.body).data.journeys;
}

const labelled = (js: Journey[]) => js.length > 0 && js.every((j) => j.step_free !== undefined);
const unlabelled = (js: Journey[]) => js.length > 0 && js.every((j) => j.step_free === undefined);

describe.skipIf(!built)('real engine: step-free searches (issue #19)', () => {
  it(
    'the search asks, the profile asks, the search says No over the profile',
    { timeout: 240_000 },
    async () => {
      const from = await place('Aviemore');
      const to = await place('Kingussie');
      const trip = {
        origin: from.label,
        destination: to.label,
        origin_location: from.location,
        destination_location: to.location,
        out_time: searchTime(1, '09:00'),
      };
      expect(unlabelled(await journeysOf(trip))).toBe(true);
      expect(labelled(await journeysOf({ ...trip, step_free: true }))).toBe(true);
      expect(
        await server.call('POST', '/v1/journey-planner/search', { body: { ...trip, step_free: 'yes' } }),
      ).toMatchObject({
        status: 422,
      });

      const user = await registeredUser(server, smtp, { profile: { step_free: true } });
      expect(labelled(await journeysOf(trip, user.token))).toBe(true);
      expect(labelled(await journeysOf({ ...trip, step_free: '' }, user.token))).toBe(true);
      expect(unlabelled(await journeysOf({ ...trip, step_free: false }, user.token))).toBe(true);
    },
  );
});
