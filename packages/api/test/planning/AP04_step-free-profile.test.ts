// Feature under test: on the real engine, step-free journeys are asked for by the search or by the logged-in profile, and the search's own No wins over the profile (issue #19).
import type { Journey } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { registeredUser } from '../helpers/accounts.ts';
import { demoEngineServer, demoRegionBuilt, findPlace, searchAndWait } from '../helpers/demoEngine.ts';
import { searchTime } from '../helpers/testServer.ts';

const live = demoEngineServer();
const journeysOf = async (body: Record<string, unknown>, token?: string): Promise<Journey[]> =>
  (await searchAndWait(live.server, body, token)).journeys;

const labelled = (js: Journey[]) => js.length > 0 && js.every((j) => j.step_free !== undefined);
const unlabelled = (js: Journey[]) => js.length > 0 && js.every((j) => j.step_free === undefined);

describe.skipIf(!demoRegionBuilt)('real engine: step-free searches (issue #19)', () => {
  it(
    'the search asks, the profile asks, the search says No over the profile',
    { timeout: 240_000 },
    async () => {
      const from = await findPlace(live.server, 'Aviemore');
      const to = await findPlace(live.server, 'Kingussie');
      const trip = {
        origin: from.label,
        destination: to.label,
        origin_location: from.location,
        destination_location: to.location,
        out_time: searchTime(1, '09:00'),
      };
      expect(unlabelled(await journeysOf(trip))).toBe(true);
      const asked = await searchAndWait(live.server, { ...trip, step_free: true });
      expect(labelled(asked.journeys)).toBe(true);
      // The stored search says so, for Edit journey.
      expect(asked.query.step_free).toBe(true);
      expect(
        await live.server.call('POST', '/v1/journey-planner/search', { body: { ...trip, step_free: 'yes' } }),
      ).toMatchObject({
        status: 422,
      });

      const user = await registeredUser(live.server, live.smtp, { profile: { step_free: true } });
      expect(labelled(await journeysOf(trip, user.token))).toBe(true);
      expect(labelled(await journeysOf({ ...trip, step_free: '' }, user.token))).toBe(true);
      const declined = await searchAndWait(live.server, { ...trip, step_free: false }, user.token);
      expect(unlabelled(declined.journeys)).toBe(true);
      expect(declined.query).not.toHaveProperty('step_free');
    },
  );
});
