import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PlacesResponse, SearchCreated, SearchResults } from '@cairn/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from './smtpPeer.ts';
import { startTestServer, waitFor, type TestServer } from './testServer.ts';

/** The demo region as `npm run prepare-region` builds it; tests on the real engine skip without it. */
export const DEMO_REGION = resolve(import.meta.dirname, '../../../../regions/cairngorms/build');
export const demoRegionBuilt = existsSync(join(DEMO_REGION, 'region.json'));

/** A test server on the real engine and the demo region, with a mail peer, started before the file's tests. */
export function demoEngineServer(): { server: TestServer; smtp: SmtpPeer } {
  const live = {} as { server: TestServer; smtp: SmtpPeer };
  beforeAll(async () => {
    if (!demoRegionBuilt) return;
    live.smtp = await startSmtpPeer();
    live.server = await startTestServer({
      planner: 'engine',
      env: {
        REGION_DIR: DEMO_REGION,
        SMTP_URL: live.smtp.url,
        MAIL_FROM: 'Explorer <no-reply@explorer.example>',
      },
    });
  }, 300_000);
  afterAll(async () => {
    await live.server?.close();
    await live.smtp?.close();
  });
  return live;
}

/** A test server on the real engine and the demo region whose live running polls just `sources` (LIVE_FEEDS_JSON). */
export function liveDemoServer(sources: object[]): Promise<TestServer> {
  return startTestServer({
    planner: 'engine',
    env: { REGION_DIR: DEMO_REGION, LIVE_FEEDS: 'region', LIVE_FEEDS_JSON: JSON.stringify(sources) },
  });
}

/** The best place suggestion for a text. */
export async function findPlace(server: TestServer, q: string) {
  const places = PlacesResponse.parse(
    (await server.call('GET', `/v1/places?q=${encodeURIComponent(q)}&limit=1`)).body,
  );
  return places.data[0]!;
}

/** Posts a search (as the token's user when given) and waits until it is planned. */
export async function searchAndWait(server: TestServer, body: Record<string, unknown>, token?: string) {
  const created = await server.call('POST', '/v1/journey-planner/search', {
    body,
    ...(token ? { token } : {}),
  });
  expect(created.status).toBe(201);
  const { hash } = SearchCreated.parse(created.body).data;
  const done = await waitFor(
    async () => {
      const r = await server.call('GET', `/v1/journey-planner/search/${hash}`, token ? { token } : {});
      return r.body.data.query.status === 'done' ? r : undefined;
    },
    180_000,
    'the search to finish',
  );
  return SearchResults.parse(done.body).data;
}
