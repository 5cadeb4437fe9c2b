// Feature under test: on the real engine, a logged-in traveller's profile railcard reaches the fares, and unknown or out-of-area places get a message (issue #14).
import type { Journey } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { registeredUser } from '../helpers/accounts.ts';
import {
  demoEngineServer,
  demoRegionBuilt,
  findPlace,
  searchAndWait as search,
} from '../helpers/demoEngine.ts';
import { daysToWeekday, searchTime } from '../helpers/testServer.ts';

const live = demoEngineServer();
const place = (q: string) => findPlace(live.server, q);
const searchAndWait = (body: Record<string, unknown>, token?: string) => search(live.server, body, token);

const railLines = (journeys: Journey[]) =>
  journeys
    .flatMap((j) => j.pricing_breakdown)
    .filter((l) => /^Train /.test(l.description) && l.cost !== 'unknown');

describe.skipIf(!demoRegionBuilt)('real engine: profile fares and places (issue #14)', () => {
  it(
    'a logged-in traveller whose profile has a railcard gets it on rail fares when the request does not carry it',
    { timeout: 240_000 },
    async () => {
      const user = await registeredUser(live.server, live.smtp, { profile: { railcard: '16-25 Railcard' } });
      const from = await place('Edinburgh');
      const to = await place('Aviemore');
      const trip = {
        origin: from.label,
        destination: to.label,
        origin_location: from.location,
        destination_location: to.location,
        // A Wednesday: on a Sunday the first train leaves at 10:27, after the 08:00 coach, and
        // without the railcard it is rightly dropped as clearly beaten (dearer, later, more walking).
        out_time: searchTime(daysToWeekday(3), '07:00'),
      };
      // No railcard field at all, and the empty values an old client sends: neither wipes the profile.
      for (const extra of [{}, { railcard: '', railcard_type: null, user_age: null }]) {
        const lines = railLines((await searchAndWait({ ...trip, ...extra }, user.token)).journeys);
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(line.description).toContain('with 16-25 Railcard');
      }
      // The traveller's own No for this search is respected.
      const declined = railLines(
        (await searchAndWait({ ...trip, has_railcard: false }, user.token)).journeys,
      );
      expect(declined.length).toBeGreaterThan(0);
      expect(declined.some((l) => l.description.includes('Railcard'))).toBe(false);
      // Anonymous: no railcard.
      const anonymous = railLines((await searchAndWait(trip)).journeys);
      expect(anonymous.some((l) => l.description.includes('Railcard'))).toBe(false);
    },
  );

  it(
    'an unknown place gets its message and no journeys; a place outside the region is planned as far as the data reaches, labelled an estimate',
    { timeout: 240_000 },
    async () => {
      const unknown = await searchAndWait({
        origin: 'Xyzzyqq',
        destination: 'Aviemore',
        out_time: searchTime(7),
      });
      expect(unknown.journeys).toEqual([]);
      expect(unknown.query.place_errors).toEqual({
        origin: ['We couldn\'t find "Xyzzyqq". Try a town, village, station or street in Cairngorms (demo).'],
      });
      const london = await searchAndWait({
        origin: 'Aviemore',
        destination: 'London',
        destination_location: { lat: 51.5072, lng: -0.1276 },
        out_time: searchTime(7),
      });
      // SPEC §1: such journeys are possible but less accurate (issue 27, point 6).
      expect(london.query.place_errors ?? null).toBeNull();
      expect(london.journeys.length).toBeGreaterThan(0);
      for (const j of london.journeys) {
        expect(j.notices?.map((n) => n.kind)).toContain('estimate beyond region');
        expect(j.cost).toBe('unknown');
      }
    },
  );
});
