// Feature under test: issue 30 finding 7 — opening and closing streams multiplied the live-update checks (each closed stream left its search watched for 90 s; 100 watches took others' p95 from 26 to 414 ms, and past 500 travellers' own searches stopped being checked). Only open streams are watched now, which the stream caps bound per client, and every watched search is checked in slices.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRegionBuilt, liveDemoServer, searchAndWait } from '../helpers/demoEngine.ts';
import { openFrom } from '../helpers/fromAddress.ts';
import { nextMonday } from '../helpers/liveFeed.ts';
import { waitFor, type TestServer } from '../helpers/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  if (!demoRegionBuilt) return;
  // Live running on (its one source on a loopback port where nothing answers): streams watch searches.
  server = await liveDemoServer([
    {
      feedId: 'bus',
      kind: 'trip-updates',
      url: 'http://127.0.0.1:9/trip-updates',
      pollSec: 60,
      maxAgeSec: 60,
    },
  ]);
}, 300_000);
afterAll(() => server?.close());

/** Whether the search is watched now. */
const watched = async (hash: string) => {
  const row = await server.runtime.ctx.database.db
    .selectFrom('live_watches')
    .select('expires_at')
    .where('hash', '=', hash)
    .executeTakeFirst();
  return row !== undefined && row.expires_at.getTime() > Date.now();
};

describe.skipIf(!demoRegionBuilt)('live watches', () => {
  it(
    'last only while a stream is open: closing the last stream on a search ends its watch',
    { timeout: 240_000 },
    async () => {
      const { query } = await searchAndWait(server, {
        origin: 'Aviemore',
        destination: 'Kingussie',
        out_time: nextMonday('09:00'),
      });
      const channel = `${server.url}/v1/realtime/query.${query.hash}`;
      const first = await openFrom(channel);
      const second = await openFrom(channel);
      expect([first.status, second.status]).toEqual([200, 200]);
      await waitFor(() => watched(query.hash), 10_000, 'the watch');
      // One stream of two closed: the other still watches.
      first.close();
      await new Promise((done) => setTimeout(done, 500));
      expect(await watched(query.hash)).toBe(true);
      second.close();
      await waitFor(async () => !(await watched(query.hash)), 10_000, 'the watch to end');
    },
  );
});
