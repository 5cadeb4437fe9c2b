// Feature under test: issue #15 finding 8 — invalid Unicode (lone UTF-16 surrogates, invalid UTF-8 bytes, invalid percent-encoded UTF-8) in any string field of any route (body, query or path, as /v1/docs lists them) is a 4xx in the SPEC error shape, never a 500 and never stored mangled.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';
import { activeUser } from '../helpers/accounts.ts';

/** Cases per string field; FUZZ_UNICODE_RUNS raises it for a longer local run. */
const RUNS = Number(process.env.FUZZ_UNICODE_RUNS ?? 6);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, unknown>>;
}

/** Where one string field sits in a request. */
type Field = { in: 'body'; path: string[] } | { in: 'query' | 'path'; name: string };

interface Target {
  method: string;
  path: string;
  pathParams: string[];
  field: Field;
}

let server: TestServer;
let smtp: SmtpPeer;
let token = '';
let hash = '';
let journeyId = '';
const targets: Target[] = [];
const routes = new Set<string>();

/** Every path (from the root object) at which the schema takes a string, nested objects included. */
function stringPaths(schema: JsonSchema, path: string[] = [], depth = 0): string[][] {
  if (depth > 4) return [];
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const out: string[][] = [];
  const takesString = variants.some(
    (v) =>
      v.type === 'string' ||
      (Array.isArray(v.type) && v.type.includes('string')) ||
      (v.enum ?? []).some((e) => typeof e === 'string'),
  );
  if (takesString && path.length > 0) out.push(path);
  for (const v of variants)
    for (const [key, child] of Object.entries(v.properties ?? {}))
      out.push(...stringPaths(child, [...path, key], depth + 1));
  return out;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  const doc = (await server.call('GET', '/v1/docs')).body as {
    paths: Record<string, Record<string, Operation>>;
  };
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      routes.add(`${method.toUpperCase()} ${path}`);
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
      const base = { method: method.toUpperCase(), path, pathParams };
      const fields: Field[] = [
        ...pathParams.map((name): Field => ({ in: 'path', name })),
        ...params.filter((p) => p.in === 'query').map((p): Field => ({ in: 'query', name: p.name })),
        // A query parameter the route does not know: every route is covered, fields or not.
        { in: 'query', name: 'unlisted' },
        ...stringPaths(op.requestBody?.content?.['application/json']?.schema ?? {}).map((p): Field => ({
          in: 'body',
          path: p,
        })),
      ];
      for (const field of fields) targets.push({ ...base, field });
    }
  }
  token = (await activeUser(server, smtp)).token;
  const created = await server.call('POST', '/v1/journey-planner/search', {
    body: { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(1) },
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

/** Path parameters that get past routing and lookups, so the broken field is what is judged. */
function validParam(name: string): string {
  const values: Record<string, string> = {
    hash,
    journeyId,
    id: journeyId,
    channel: `query.${hash}`,
    code: 'a'.repeat(32),
    campaignId: '00000000-0000-0000-0000-000000000000',
    z: '12',
    x: '2017',
    y: '1267',
    asset: 'theme.css',
  };
  return values[name] ?? 'about';
}

/** A valid body for the endpoints that take one, so one broken field is the only problem. */
function validBody(path: string): Record<string, unknown> {
  if (path === '/v1/journey-planner/search')
    return { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(1) };
  if (path.endsWith('/update-return-time')) return { return_time: searchTime(1, '18:00') };
  if (path === '/v1/auth/login') return { username: 'someone@example.org', password: 'not the password' };
  if (path === '/v1/users/register' || path === '/v1/users/update')
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
  if (path === '/v1/users/password/reset') return { email: 'someone@example.org' };
  if (path.startsWith('/v1/users/password/reset/'))
    return { password: 'fuzz password 1', password_confirmation: 'fuzz password 1' };
  if (path.includes('/impression'))
    return { campaign_id: '00000000-0000-0000-0000-000000000000', action: 'view', impression_id: null };
  return {};
}

const LONE = ['\ud800', '\udbff', '\udc00', '\udfff', '\udfff\ud800', '\ud83d', '\ude00'];
/** Byte sequences that are not UTF-8: encoded surrogates, overlongs, stray continuations, truncations. */
const BAD_BYTES = [
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xc0, 0xaf],
  [0xc0, 0x80],
  [0xe0, 0x80, 0xaf],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xff],
  [0xfe],
  [0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
];
const text = fc.string({ maxLength: 12 }).map((s) => s.replace(/[%\\"\u0000-\u001f]/g, 'x'));

/** One broken value: lone surrogates (JSON escapes in a body) or invalid bytes (raw in a body, %XX in a URL). */
type Broken =
  { kind: 'surrogate'; value: string } | { kind: 'bytes'; before: string; bytes: number[]; after: string };
const broken: fc.Arbitrary<Broken> = fc.oneof(
  fc
    .tuple(text, fc.constantFrom(...LONE), text)
    .map(([a, lone, b]): Broken => ({ kind: 'surrogate', value: `${a}${lone}${b}` })),
  fc
    .tuple(text, fc.constantFrom(...BAD_BYTES), text)
    .map(([before, bytes, after]): Broken => ({ kind: 'bytes', before, bytes, after })),
);

/** The value percent-encoded for a URL: a lone surrogate as its (invalid) UTF-8 bytes. */
function urlPart(value: Broken): string {
  const hex = (bytes: number[]) =>
    bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  if (value.kind === 'bytes')
    return `${encodeURIComponent(value.before)}${hex(value.bytes)}${encodeURIComponent(value.after)}`;
  return [...value.value]
    .map((ch) => {
      const c = ch.charCodeAt(0);
      if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
        return hex([0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]);
      return encodeURIComponent(ch);
    })
    .join('');
}

/** The JSON body with the broken value at `path`: escapes for surrogates, raw bytes otherwise. */
function bodyBytes(base: Record<string, unknown>, path: string[], value: Broken): Buffer {
  const MARK = 'BROKENVALUEMARK';
  const body = structuredClone(base);
  let node = body;
  for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
  node[path.at(-1)!] = value.kind === 'surrogate' ? value.value : MARK;
  // JSON.stringify writes a lone surrogate as a \udXXX escape, as an attacker's client would.
  const json = JSON.stringify(body);
  if (value.kind === 'surrogate') return Buffer.from(json);
  const [head, tail] = json.split(MARK) as [string, string];
  return Buffer.concat([
    Buffer.from(head + JSON.stringify(value.before).slice(1, -1)),
    Buffer.from(value.bytes),
    Buffer.from(JSON.stringify(value.after).slice(1, -1) + tail),
  ]);
}

async function send(target: Target, value: Broken, withToken: boolean) {
  let path = target.path;
  for (const name of target.pathParams) {
    const part = target.field.in === 'path' && target.field.name === name ? urlPart(value) : validParam(name);
    path = path.replace(`{${name}}`, part);
  }
  const query =
    target.field.in === 'query' ? `?${encodeURIComponent(target.field.name)}=${urlPart(value)}` : '';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (withToken && !target.path.endsWith('/logout')) headers.authorization = `Bearer ${token}`;
  let body: Buffer | undefined;
  if (target.field.in === 'body') {
    headers['content-type'] = 'application/json';
    body = bodyBytes(validBody(target.path), target.field.path, value);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const res = await fetch(`${server.url}${path}${query}`, {
      method: target.method,
      headers,
      body,
      signal: controller.signal,
    });
    const contentType = res.headers.get('content-type') ?? '';
    if (contentType.startsWith('text/event-stream')) controller.abort();
    const textBody = contentType.startsWith('text/event-stream') ? '' : await res.text();
    return { status: res.status, contentType, text: textBody };
  } finally {
    clearTimeout(timer);
  }
}

function shapeProblem(contentType: string, textBody: string): string | null {
  if (!contentType.includes('application/json')) return `content-type ${contentType}`;
  let body: { message?: unknown; errors?: Record<string, unknown> };
  try {
    body = JSON.parse(textBody);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body.message !== 'string' || body.message.length === 0) return 'no message';
  const extra = Object.keys(body).filter((k) => k !== 'message' && k !== 'errors');
  if (extra.length > 0) return `unexpected keys ${extra.join(',')}`;
  for (const [field, list] of Object.entries(body.errors ?? {}))
    if (!Array.isArray(list) || !list.every((m) => typeof m === 'string')) return `errors.${field} malformed`;
  return null;
}

describe('invalid Unicode in every string field of every route', () => {
  it('finds the routes and their string fields in /v1/docs', () => {
    expect(routes.size).toBeGreaterThanOrEqual(25);
    const bodyFields = targets
      .filter((t) => t.field.in === 'body')
      .map((t) => `${t.path} ${(t.field as { path: string[] }).path.join('.')}`);
    expect(bodyFields).toContain('/v1/journey-planner/search origin');
    expect(bodyFields).toContain('/v1/users/register profile.railcard');
    // Every route has at least one target (its unlisted query parameter).
    expect(new Set(targets.map((t) => `${t.method} ${t.path}`))).toEqual(routes);
  });

  it(`answers a 4xx in the SPEC error shape (${RUNS} cases per field)`, async () => {
    const failures: string[] = [];
    for (const target of targets) {
      await fc
        .assert(
          fc.asyncProperty(broken, fc.boolean(), async (value, withToken) => {
            const res = await send(target, value, withToken);
            const where =
              target.field.in === 'body'
                ? `body ${target.field.path.join('.')}`
                : `${target.field.in} ${target.field.name}`;
            const problem =
              res.status < 400 || res.status >= 500
                ? `answered ${res.status}`
                : shapeProblem(res.contentType, res.text);
            if (problem) {
              failures.push(
                `${target.method} ${target.path} [${where}] ${JSON.stringify(value)}: ${problem} ${res.text.slice(0, 120)}`,
              );
              throw new Error(problem);
            }
          }),
          { numRuns: RUNS, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
    expect((await server.call('GET', '/v1/ready')).status).toBe(200);
  }, 600_000);
});
