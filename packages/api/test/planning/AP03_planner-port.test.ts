// Feature under test: the API takes the region's facts and the reasons for an empty result from the engine's Planner port.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { QueryEvent, SearchCreated, SearchResults } from '@cairn/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlannerFrom } from '../../src/planning/loadPlanner.ts';
import { createTestPlanner } from '../helpers/testPlanner.ts';
import { openEventStream } from '../helpers/sseClient.ts';
import { startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';

/** Noon UTC on 15 June 2026: 13:00 in London, 02:00 on 16 June at UTC+14. */
const NOW = new Date(Date.UTC(2026, 5, 15, 12, 0));
const lines: string[] = [];
let server: TestServer;
const planner = createTestPlanner();

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({ planner, now: () => NOW, logger: pino({ level: 'info' }, sink) });
});
afterAll(async () => {
  await server?.close();
});

const post = (out_time: string) =>
  server.call('POST', '/v1/journey-planner/search', {
    body: { origin: 'Aviemore', destination: 'Glenmore', out_time, return_time: null, arrive_by_buffer: 30 },
  });

describe('the planner port in the API', () => {
  it("reads search dates on the region's clock, the time zone the planner loaded from region.json", async () => {
    planner.region.timeZone = 'Europe/London';
    expect((await post('2026/06/15 20:00:00')).status).toBe(201);
    // The same evening is already past on a clock fourteen hours ahead of UTC.
    planner.region.timeZone = 'Pacific/Kiritimati';
    const past = await post('2026/06/15 20:00:00');
    expect(past.status).toBe(422);
    expect(Object.keys(past.body.errors)).toEqual(['out_time']);
    expect((await post('2026/06/16 09:00:00')).status).toBe(201);
    planner.region.timeZone = 'Europe/London';
  });

  it('an empty result keeps the planner reason: logged for the operator, no place errors for the traveller', async () => {
    planner.journeyCount = 0;
    try {
      const created = await post('2026/06/16 09:00:00');
      const { hash } = SearchCreated.parse(created.body).data;
      const results = await waitFor(async () => {
        const r = await server.call('GET', `/v1/journey-planner/search/${hash}`);
        return r.body.data.query.status === 'done' ? SearchResults.parse(r.body) : undefined;
      });
      expect(results.data.journeys).toEqual([]);
      expect(results.data.query.results_retrieved).toBe(0);
      expect(results.data.query.place_errors).toBeUndefined();
      // The typed reason reaches the traveller too (issue #27), with the stored search.
      // With the next departure from the start (none in the next week; the field was not passed on before).
      expect(results.data.query.no_journey).toEqual({
        reason: 'no service',
        date: '2026-06-16',
        next_departure: null,
      });
      const logged = lines.map((l) => JSON.parse(l)).find((l) => l.hash === hash);
      expect(logged).toMatchObject({
        msg: 'search found no journey',
        why: { reason: 'no service', date: '2026-06-16', next: null },
      });
    } finally {
      planner.journeyCount = 3;
    }
  });

  it('no way back because every way there arrives after the return time passes the first arrival on (first_arrival)', async () => {
    planner.journeyCount = 0;
    planner.emptyWhy = { reason: 'no return', arrival: '2026-06-16T13:49:00+01:00' };
    try {
      const { hash } = SearchCreated.parse((await post('2026/06/16 09:00:00')).body).data;
      const results = await waitFor(async () => {
        const r = await server.call('GET', `/v1/journey-planner/search/${hash}`);
        return r.body.data.query.status === 'done' ? SearchResults.parse(r.body) : undefined;
      });
      expect(results.data.query.no_journey).toEqual({
        reason: 'no return',
        first_arrival: '2026-06-16T13:49:00+01:00',
      });
    } finally {
      planner.journeyCount = 3;
      delete planner.emptyWhy;
    }
  });

  it('options none of which is by public transport carry why (no_public_transport), on the stored search and the event; other searches do not', async () => {
    // Dufftown → Nethy Bridge on a Tuesday: a lift alone; bus 366 runs on Wednesdays and Fridays.
    planner.noPublicTransport = {
      reason: 'no service',
      date: '2026-06-16',
      next: {
        stop: 'Dufftown, Balvenie Street',
        line: '366',
        towards: 'Keith',
        departure: '2026-06-17T09:14:00+01:00',
        reaches_destination: false,
      },
    };
    const planned = async () => {
      const { hash } = SearchCreated.parse((await post('2026/06/16 09:00:00')).body).data;
      return waitFor(async () => {
        const r = await server.call('GET', `/v1/journey-planner/search/${hash}`);
        return r.body.data.query.status === 'done'
          ? { hash, results: SearchResults.parse(r.body) }
          : undefined;
      });
    };
    try {
      const { hash, results } = await planned();
      expect(results.data.journeys.length).toBe(3);
      expect(results.data.query.no_journey).toBeUndefined();
      const said = {
        reason: 'no service',
        date: '2026-06-16',
        next_departure: {
          stop: 'Dufftown, Balvenie Street',
          line: '366',
          towards: 'Keith',
          departure: '2026-06-17T09:14:00+01:00',
          reaches_destination: false,
        },
      };
      expect(results.data.query.no_public_transport).toEqual(said);
      const stream = await openEventStream(`${server.url}/v1/realtime/query.${hash}`);
      const [retrieved] = await stream.waitForCount(1);
      stream.close();
      expect(QueryEvent.parse(JSON.parse(retrieved!.data))).toEqual({
        event: 'results.retrieved',
        data: { journey_count: 3, no_public_transport: said },
      });
    } finally {
      delete planner.noPublicTransport;
    }
    expect((await planned()).results.data.query.no_public_transport).toBeUndefined();
  });

  it("refuses a planner module whose planner does not say its region's time zone", async () => {
    const file = join(server.dataDir, 'zoneless-planner.mjs');
    const methods = ['plan', 'autocomplete', 'reverse', 'regionInfo', 'mapFeatures'];
    writeFileSync(
      file,
      `export function loadPlanner() { return { ${methods.map((m) => `${m}() {}`).join(', ')} }; }\n`,
    );
    await expect(loadPlannerFrom(file, server.dataDir)).rejects.toThrow(
      /does not say its region's time zone/,
    );
  });
});
