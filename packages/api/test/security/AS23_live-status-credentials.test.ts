// Feature under test: issue 30 finding 8 — `/v1/live/status` showed feed credentials (user:password in the URL, keys in the path, the full URL in error text); it shows each source's scheme and host only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRegionBuilt, liveDemoServer } from '../helpers/demoEngine.ts';
import { waitFor, type TestServer } from '../helpers/testServer.ts';

const SECRETS = ['feeduser', 'hunter2secret', 'PATHKEY123', 'QUERYKEY456'];

let server: TestServer;
beforeAll(async () => {
  if (!demoRegionBuilt) return;
  // Live running needs a planner with a timetable: the real engine on the demo region.
  // Port 9 (discard) on loopback: nothing answers, and fetch refuses a URL with credentials anyway.
  server = await liveDemoServer([
    {
      feedId: 'bus',
      kind: 'trip-updates',
      url: 'http://feeduser:hunter2secret@127.0.0.1:9/gtfs/PATHKEY123/trip-updates?api_key=QUERYKEY456',
      pollSec: 1,
      maxAgeSec: 60,
    },
  ]);
}, 300_000);
afterAll(() => server?.close());

describe.skipIf(!demoRegionBuilt)('GET /v1/live/status', () => {
  it("shows a failing source's scheme and host, never its user, password, path, query or full URL", async () => {
    const status = await waitFor(
      async () => {
        const body = (await server.call('GET', '/v1/live/status')).body;
        return body.data.polls.length > 0 && body;
      },
      30_000,
      'a poll report',
    );
    expect(status.data.polls[0].outcome).toBe('failed');
    expect(status.data.polls[0].source).toBe('http://127.0.0.1:9');
    const text = JSON.stringify(status);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});
