// Feature under test: issue 30 finding 1 — a 64 KiB body of nested objects cost half a second of CPU before any route ran (the body walk copied the key path at every level); it must be refused with a 400 after one linear walk, and a lone surrogate deep in a body must still name its field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBody, MAX_BODY_DEPTH } from '../../src/http/wellFormedText.ts';
import { expectErrorShape } from '../helpers/accounts.ts';
import { searchTime, startTestServer, type TestServer } from '../helpers/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** `levels` objects each holding the next under key `a`: the worst body. */
const nestedObjects = (levels: number, leaf = '1') => '{"a":'.repeat(levels) + leaf + '}'.repeat(levels);

describe('a body nested thousands of levels deep', () => {
  it('is refused with 400 in the SPEC shape on every JSON route, whatever its nesting', async () => {
    const levels = Math.floor((64 * 1024 - 16) / 6);
    for (const [method, path] of [
      ['POST', '/v1/journey-planner/search'],
      ['POST', '/v1/users/register'],
      ['POST', '/v1/users/login'],
    ] as const) {
      for (const rawBody of [nestedObjects(levels), '['.repeat(32_000) + ']'.repeat(32_000)]) {
        const res = await server.call(method, path, { rawBody });
        expect(res.status, path).toBe(400);
        expectErrorShape(res.body);
        expect(res.body.message).toMatch(/nests more than 32 levels/);
      }
    }
  });

  it('is accepted up to the limit: a search with its profile is far inside it', async () => {
    const res = await server.call('POST', '/v1/journey-planner/search', {
      body: {
        origin: 'Aviemore',
        destination: 'Glenmore',
        out_time: searchTime(1),
        profile: { railcard: 'TWO_TOGETHER' },
      },
    });
    expect(res.status).toBe(201);
    expect(checkBody(JSON.parse(nestedObjects(MAX_BODY_DEPTH))).tooDeep).toBe(false);
    expect(checkBody(JSON.parse(nestedObjects(MAX_BODY_DEPTH + 1))).tooDeep).toBe(true);
  });

  it('still names the field of a lone surrogate at any depth, without keeping the key path', () => {
    const deep = JSON.parse(
      `{"profile":{"railcard":${nestedObjects(20, '"\\ud800"')}},"origin":["ok","\\udfff"]}`,
    );
    expect(checkBody(deep)).toEqual({
      tooDeep: false,
      illFormedFields: expect.arrayContaining(['railcard', 'origin']),
    });
    expect(checkBody(JSON.parse('{"profile":"\\ud800"}')).illFormedFields).toEqual(['profile']);
    expect(checkBody(JSON.parse('"\\ud800"')).illFormedFields).toEqual(['body']);
    expect(checkBody(JSON.parse('{"\\ud800":1}')).illFormedFields).toEqual(['body']);
  });
});
