// Feature under test: the departure the traveller wants (issue 27, point 3): a ride leaving at the asked minute from across the road, the latest departure for each arrival, and arrive-by buffers that cost over an hour.
import { Journey, SearchRequest } from '@cairn/contracts';
import type { SearchRequestInput } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, demoPlanner } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-departure-wanted-');

interface End {
  name: string;
  lat: number;
  lon: number;
}

/** Plans between two points; every journey is checked against the contract. */
async function planPoints(from: End, to: End, extra: Partial<SearchRequestInput>): Promise<Journey[]> {
  const req = SearchRequest.parse({
    origin: from.name,
    destination: to.name,
    origin_location: { lat: from.lat, lng: from.lon },
    destination_location: { lat: to.lat, lng: to.lon },
    ...extra,
  });
  const { journeys } = await demo.planner.plan(req, null, DEFAULT_BRAND);
  for (const j of journeys) Journey.parse(j);
  return journeys;
}

const place = (name: string): End => {
  const p = demo.planner.autocomplete(name, 1)[0];
  if (!p) throw new Error(`cannot place ${name}`);
  return { name: p.label, lat: p.location.lat, lon: p.location.lng };
};
const firstRide = (j: Journey) => j.depart.steps.find((s) => s.stops !== undefined);
/** The first ride of a journey when it boards at `stop`. */
const boardsAt = (j: Journey, stop: End) => {
  const r = firstRide(j);
  const at =
    r && Math.abs(r.start_location.lat - stop.lat) + Math.abs(r.start_location.lng - stop.lon) < 1e-5;
  return at ? r : undefined;
};
/** Metres north of a point. */
const north = (p: End, m: number): End => ({ ...p, name: `${m} m from ${p.name}`, lat: p.lat + m / 111_320 });

describe('P21 a ride at the asked minute', () => {
  it('catches a bus leaving at the asked minute from a stop 15–30 m away', async () => {
    const from = place('Aviemore, Grampian Road');
    const to = place('Glenmore');
    // The first bus from the stop after 08:00 on a Tuesday, found from the stop itself.
    const atStop = await planPoints(from, to, { out_time: '2026/12/01 08:00:00' });
    const rides = atStop.flatMap((j) => boardsAt(j, from) ?? []);
    const first = rides.map((r) => r.departure_time).sort()[0];
    expect(first).toBeDefined();
    for (const m of [15, 22, 30]) {
      const near = await planPoints(north(from, m), to, { out_time: `2026/12/01 ${first}:00` });
      const leaving = near.map((j) => boardsAt(j, from)).filter((r) => r !== undefined);
      expect(
        leaving.map((r) => r?.departure_time),
        `${m} m from the stop, asked for ${first}`,
      ).toContain(first);
    }
  });
});
