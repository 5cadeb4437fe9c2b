// Feature under test: bad input at every endpoint of /v1/docs — malformed JSON, wrong types, huge strings, unicode, boundary dates, odd ids — never a 5xx, always the SPEC error shape.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';
import { activeUser } from '../helpers/accounts.ts';

/** Cases per endpoint; FUZZ_RUNS raises it for a longer local run. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);

interface Endpoint {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

let server: TestServer;
let smtp: SmtpPeer;
const endpoints: Endpoint[] = [];
let token = '';
let hash = '';
let journeyId = '';

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  interface Operation {
    parameters?: Array<{ name: string; in: string }>;
    requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  }
  const doc = (await server.call('GET', '/v1/docs')).body as {
    paths: Record<string, Record<string, Operation>>;
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema ?? {};
      endpoints.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(schema.properties ?? {}),
      });
    }
  }
  token = (await activeUser(server, smtp)).token;
  const created = await server.call('POST', '/v1/journey-planner/search', {
    body: {
      origin: 'Aviemore',
      destination: 'Glenmore',
      out_time: searchTime(1),
      return_time: searchTime(1, '17:00'),
    },
  });
  hash = created.body.data.hash;
  const results = await waitFor(
    async () => {
      const r = await server.call('GET', `/v1/journey-planner/search/${hash}`);
      return r.body.data?.journeys?.length > 0 ? r.body.data : undefined;
    },
    20_000,
    'journeys',
  );
  journeyId = results.journeys[0].id;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const BOUNDARY_DATES = [
  '0000/01/01 00:00:00',
  '9999/12/31 23:59:59',
  '2026/02/29 09:00:00',
  '2028/02/29 09:00:00',
  '2026/13/01 09:00:00',
  '2026/12/32 09:00:00',
  '2026/03/29 01:30:00',
  '2026/10/25 01:30:00',
  '2026/06/01 24:00:00',
  '2026/06/01 23:59:60',
  '2026-06-01T09:00:00Z',
  '1970-01-01',
  '-000001-01-01',
  '2026/6/1 9:0:0',
  '',
  ' ',
  searchTime(0, '00:00'),
  searchTime(183, '23:55'),
];
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0041',
  '𝔄𝔳𝔦𝔢𝔪𝔬𝔯𝔢',
  'Loch an Eilein 🏞️',
  'e\u0301'.repeat(200),
  '\ud800',
  '\udfff\ud800',
  '%00',
  '%',
  '%zz',
  '..',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '{"$gt":""}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(40),
  'x'.repeat(10_000),
  'é'.repeat(30_000),
];

const oddString = fc.oneof(
  fc.constantFrom(...ODD_STRINGS),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const scalar = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.constantFrom(-1, 0, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e-308, 0.5),
  fc.constantFrom(...BOUNDARY_DATES),
  oddString,
  fc.emailAddress(),
  fc.uuid(),
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
);

const hex32 = fc.stringMatching(/^[0-9a-f]{32}$/);
/** Ids for path parameters: near-misses of real ones, other shapes, and plain junk. */
const idArb = (name: string) =>
  fc.oneof(
    hex32,
    hex32.map((h) => `${h}-${1 + (h.charCodeAt(0) % 9)}`),
    fc
      .constantFrom(
        () => hash,
        () => journeyId,
        () => `query.${hash}`,
        () => `${hash}-99999`,
        () => `${hash}-0`,
      )
      .map((f) => f()),
    fc.uuid(),
    fc.integer({ min: -1, max: 2 ** 40 }).map(String),
    oddString.filter((s) => s.length > 0),
    fc.constantFrom(
      '1.pbf',
      '0',
      '-1',
      '22',
      '23',
      '4294967296',
      '1e3',
      '0x10',
      'query.',
      'query.' + '0'.repeat(32),
      'style',
    ),
    fc.constant('a'.repeat(name === 'code' ? 100 : 300)),
  );

/** percent-encodes anything, lone surrogates included (as their WTF-8 bytes), so the URL is always sendable. */
function encodeAny(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch)))
      .join('');
  }
}

type Body = { kind: 'none' } | { kind: 'raw'; text: string; type: string };

const bodyArb = (endpoint: Endpoint): fc.Arbitrary<Body> => {
  const fields = endpoint.bodyFields.length > 0 ? endpoint.bodyFields : ['id', 'data'];
  const json = (v: unknown) => ({
    kind: 'raw' as const,
    text: JSON.stringify(v) ?? 'null',
    type: 'application/json',
  });
  return fc.oneof(
    fc.constant<Body>({ kind: 'none' }),
    fc
      .constantFrom(
        '{',
        '[',
        '{"a":}',
        '{"a":1,}',
        "{'a':1}",
        'null',
        'true',
        '"text"',
        '1e999',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '\u0000',
        '\ufeff{}',
        '[]'.repeat(5000),
        '['.repeat(3000) + ']'.repeat(3000),
      )
      .map((text): Body => ({ kind: 'raw', text, type: 'application/json' })),
    fc.jsonValue({ maxDepth: 3 }).map(json),
    fc.record(Object.fromEntries(fields.map((f) => [f, value])), { requiredKeys: [] }).map(json),
    fc.tuple(fc.constantFrom(...fields), value).map(([f, v]) => json({ ...validBody(endpoint), [f]: v })),
    fc.constant({
      kind: 'raw',
      text: JSON.stringify({ origin: 'x'.repeat(70_000) }),
      type: 'application/json',
    } as Body),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'application/xml',
        ),
        fc.string({ maxLength: 40 }),
      )
      .map(([type, text]): Body => ({ kind: 'raw', text, type })),
  );
};

/** A valid body for the endpoints that have one, as the base for single-field mutations. */
function validBody(endpoint: Endpoint): Record<string, unknown> {
  if (endpoint.path === '/v1/journey-planner/search')
    return { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(1) };
  if (endpoint.path.endsWith('/update-return-time')) return { return_time: searchTime(1, '18:00') };
  if (endpoint.path === '/v1/auth/login')
    return { username: 'someone@example.org', password: 'not the password' };
  if (endpoint.path === '/v1/users/register' || endpoint.path === '/v1/users/update') {
    return {
      title: 'Ms',
      first_name: 'Fuzz',
      last_name: 'Case',
      email: `fuzz.${Math.random().toString(36).slice(2)}@example.org`,
      dob: '1990-01-01',
      password: 'fuzz password 1',
      password_confirmation: 'fuzz password 1',
      creation_origin: 'HOME_PAGE',
    };
  }
  if (endpoint.path === '/v1/users/password/reset') return { email: 'someone@example.org' };
  if (endpoint.path.startsWith('/v1/users/password/reset/'))
    return { password: 'fuzz password 1', password_confirmation: 'fuzz password 1' };
  if (endpoint.path.includes('/impression'))
    return { campaign_id: '00000000-0000-0000-0000-000000000000', action: 'view', impression_id: null };
  return {};
}

const queryArb = (endpoint: Endpoint) =>
  fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...endpoint.queryParams, 'page', 'per_page', 'q', 'last_event_id'),
        fc.string({ maxLength: 10 }),
      ),
      value,
    ),
    { maxLength: 6 },
  );

function errorShapeProblem(status: number, contentType: string, text: string): string | null {
  if (!contentType.includes('application/json')) return `content-type ${contentType}`;
  let body: { message?: unknown; errors?: unknown };
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not an object';
  if (typeof body.message !== 'string' || body.message.length === 0) return 'no message';
  const extra = Object.keys(body).filter((k) => k !== 'message' && k !== 'errors');
  if (extra.length > 0) return `unexpected keys ${extra.join(',')}`;
  if (body.errors !== undefined) {
    if (typeof body.errors !== 'object' || body.errors === null) return 'errors is not an object';
    for (const [field, list] of Object.entries(body.errors)) {
      if (!Array.isArray(list) || list.length === 0 || !list.every((m) => typeof m === 'string'))
        return `errors.${field} is not a list of strings`;
    }
  }
  return status >= 400 ? null : 'unreachable';
}

async function send(
  endpoint: Endpoint,
  ids: string[],
  query: Array<[string, unknown]>,
  body: Body,
  withToken: boolean,
) {
  let path = endpoint.path;
  endpoint.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, encodeAny(ids[i] ?? ''))));
  const search = query
    .map(([k, v]) => `${encodeAny(k)}=${encodeAny(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
    .join('&');
  const headers: Record<string, string> = { accept: 'application/json' };
  // Logging out with the shared token would end the session the other cases use.
  if (withToken && !endpoint.path.endsWith('/logout')) headers.authorization = `Bearer ${token}`;
  if (body.kind === 'raw') headers['content-type'] = body.type;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const response = await fetch(`${server.url}${path}${search ? `?${search}` : ''}`, {
      method: endpoint.method,
      headers,
      body: body.kind === 'raw' && endpoint.method !== 'GET' ? body.text : undefined,
      signal: controller.signal,
    });
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.startsWith('text/event-stream')) {
      controller.abort();
      return { status: response.status, contentType, text: '' };
    }
    return { status: response.status, contentType, text: await response.text() };
  } finally {
    clearTimeout(timer);
  }
}

describe('cases the fuzzing found', () => {
  it('a NUL character in a path, a query or a JSON string is a 400, not a 500 from PostgreSQL', async () => {
    const cases = [
      await server.call('DELETE', '/v1/journey/saved/%00', { token }),
      await server.call('GET', '/v1/places?q=a%00b'),
      await server.call('POST', '/v1/journey-planner/search', {
        body: { origin: '\u0000', destination: 'Glenmore', out_time: searchTime(1) },
      }),
      await server.call('POST', '/v1/users/password/reset', { rawBody: '{"email":"a\\u0000@example.org"}' }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(400);
      expect(
        errorShapeProblem(res.status, res.headers.get('content-type') ?? '', JSON.stringify(res.body)),
      ).toBeNull();
    }
  });
});

describe('fuzzing every endpoint', () => {
  it('the OpenAPI document lists the endpoints to fuzz', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(20);
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toContain('POST /v1/journey-planner/search');
  });

  it(`answers no 5xx and only SPEC-shaped errors (${RUNS} cases per endpoint)`, async () => {
    const statuses = new Map<number, number>();
    for (const endpoint of endpoints) {
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(...(endpoint.pathParams.length > 0 ? endpoint.pathParams.map(idArb) : [fc.constant('')])),
          queryArb(endpoint),
          bodyArb(endpoint),
          fc.boolean(),
          async (ids, query, body, withToken) => {
            const { status, contentType, text } = await send(
              endpoint,
              ids as string[],
              query,
              body,
              withToken,
            );
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status >= 500)
              throw new Error(
                `${endpoint.method} ${endpoint.path} answered ${status}: ${text.slice(0, 300)}`,
              );
            if (status >= 400) {
              const problem = errorShapeProblem(status, contentType, text);
              if (problem)
                throw new Error(
                  `${endpoint.method} ${endpoint.path} ${status}: ${problem}: ${text.slice(0, 200)}`,
                );
            }
          },
        ),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
    // The fuzzing reached past validation as well as into it.
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true);
    expect([...statuses.keys()].some((s) => s === 422)).toBe(true);
    expect((await server.call('GET', '/v1/ready')).status).toBe(200);
  }, 600_000);
});
