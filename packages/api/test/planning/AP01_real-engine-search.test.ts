// Feature under test: the API on the real engine and the generated demo region — search to realtime to journeys, places, tiles.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import { Journey, PlacesResponse, QueryEvent, SearchResults } from '@cairn/contracts';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../helpers/sseClient.ts';
import {
  daysToWeekday,
  searchTime,
  startTestServer,
  waitFor,
  type TestServer,
} from '../helpers/testServer.ts';

const REGION = resolve(import.meta.dirname, '../../../../regions/cairngorms/build');
const built = existsSync(join(REGION, 'region.json'));

let server: TestServer;
beforeAll(async () => {
  if (built) server = await startTestServer({ planner: 'engine', env: { REGION_DIR: REGION } });
}, 300_000);
afterAll(async () => {
  await server?.close();
});

async function place(q: string) {
  const places = PlacesResponse.parse(
    (await server.call('GET', `/v1/places?q=${encodeURIComponent(q)}&limit=1`)).body,
  );
  expect(places.data).toHaveLength(1);
  return places.data[0]!;
}

/** The decoded vector tile at zoom z holding (lat, lng). */
async function tileAt(z: number, lat: number, lng: number): Promise<VectorTile> {
  const x = Math.floor(((lng + 180) / 360) * 2 ** z);
  const y = Math.floor(
    ((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) *
      2 ** z,
  );
  const response = await fetch(`${server.url}/v1/tiles/${z}/${x}/${y}.pbf`);
  expect(response.status).toBe(200);
  return new VectorTile(new PbfReader(new Uint8Array(await response.arrayBuffer())));
}

// Runs when the demo region is built (`npx node regions/cairngorms/generator/main.ts --out regions/cairngorms/build`).
describe.skipIf(!built)('real engine on the demo region', () => {
  it('plans a return search through the queue and streams every journey', { timeout: 240_000 }, async () => {
    const from = await place('Aviemore');
    const to = await place('Kingussie');
    const created = await server.call('POST', '/v1/journey-planner/search', {
      body: {
        origin: from.label,
        destination: to.label,
        origin_location: from.location,
        destination_location: to.location,
        out_time: searchTime(7, '09:00'),
        return_time: searchTime(7, '17:00'),
      },
    });
    expect(created.status).toBe(201);
    const hash = created.body.data.hash as string;

    const stream = await openEventStream(`${server.url}/v1/realtime/query.${hash}`);
    const [first] = await stream.waitForCount(1, 180_000);
    const announced = QueryEvent.parse(JSON.parse(first!.data));
    if (announced.event !== 'results.retrieved') throw new Error(`unexpected ${first!.data}`);
    const count = announced.data.journey_count;
    expect(count).toBeGreaterThan(0);
    const events = await stream.waitForCount(1 + count, 60_000);
    stream.close();

    for (const event of events.slice(1)) {
      const parsed = QueryEvent.parse(JSON.parse(event.data));
      if (parsed.event !== 'journey.processed') throw new Error('expected journey.processed');
      const one = await server.call('GET', `/v1/journey-planner/search/${hash}/${parsed.data.journeyID}`);
      expect(one.status).toBe(200);
      const journey = Journey.parse(one.body.data);
      expect(journey.return).not.toBeNull();
    }
    const results = SearchResults.parse(
      (
        await waitFor(async () => {
          const r = await server.call('GET', `/v1/journey-planner/search/${hash}`);
          return r.body.data.query.status === 'done' ? r : undefined;
        })
      ).body,
    );
    expect(results.data.journeys).toHaveLength(count);
    expect(results.data.query.results_retrieved).toBe(count);
  });

  it(
    'says why a lift alone is offered: no bus from Dufftown on a Tuesday (no_public_transport)',
    { timeout: 120_000 },
    async () => {
      const from = await place('Dufftown');
      const to = await place('Nethy Bridge');
      // The next Tuesday: bus 366 leaves Dufftown on Wednesdays and Fridays only.
      const tuesday = daysToWeekday(2);
      const created = await server.call('POST', '/v1/journey-planner/search', {
        body: {
          origin: from.label,
          destination: to.label,
          origin_location: from.location,
          destination_location: to.location,
          out_time: searchTime(tuesday, '09:00'),
          return_time: null,
        },
      });
      expect(created.status).toBe(201);
      const hash = created.body.data.hash as string;
      const results = await waitFor(async () => {
        const r = await server.call('GET', `/v1/journey-planner/search/${hash}`);
        return r.body.data.query.status === 'done' ? SearchResults.parse(r.body) : undefined;
      }, 100_000);
      expect(results.data.journeys.map((j) => j.depart.stages.join('>'))).toEqual(['car']);
      expect(results.data.query.no_journey).toBeUndefined();
      expect(results.data.query.no_public_transport).toMatchObject({
        reason: 'no service',
        next_departure: { stop: 'Dufftown, Balvenie Street', line: '366', reaches_destination: false },
      });
    },
  );

  it('serves the region in /v1/config and street tiles around Aviemore', async () => {
    const config = await server.call('GET', '/v1/config');
    expect(config.body.data.region.id).toBe('cairngorms');
    const { lat, lng } = config.body.data.region.center as { lat: number; lng: number };
    const tile = await tileAt(13, lat, lng);
    expect(tile.layers.streets!.length).toBeGreaterThan(10);
  });

  it('serves the water of the region with names: loch areas, their labels and rivers', async () => {
    // Loch Morlich and the Spey below Aviemore (regions/cairngorms/generator/water.ts).
    const named = (tile: VectorTile, layer: string) => {
      const water = tile.layers.water;
      if (!water) return [];
      return Array.from({ length: water.length }, (_, i) => water.feature(i))
        .filter((f) => f.properties.layer === layer)
        .map((f) => ({ name: f.properties.name, type: f.type }));
    };
    const morlich = await tileAt(12, 57.1625, -3.7105);
    // Vector tile geometry types: 1 point, 2 line, 3 polygon.
    expect(named(morlich, 'water')).toContainEqual({ name: 'Loch Morlich', type: 3 });
    expect(named(morlich, 'water label')).toContainEqual({ name: 'Loch Morlich', type: 1 });
    expect(named(await tileAt(12, 57.222, -3.785), 'waterway')).toContainEqual({
      name: 'River Spey',
      type: 2,
    });
  });
});
