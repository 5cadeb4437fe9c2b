// Feature under test: issue #20 — every route of /v1/docs, driven with real requests, answers a status the document lists, in a media type it lists, with a body its schema accepts (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses); and every JSON answer over the compression threshold travels compressed.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCampaign } from '../../src/campaigns/campaignStore.ts';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/http/compression.ts';
import { buildGlyphs } from '../../src/tiles/glyphs/buildGlyphs.ts';
import { activeUser, newUserBody } from '../helpers/accounts.ts';
import { linkIn, startSmtpPeer, type SmtpPeer } from '../helpers/smtpPeer.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';
import { wireCall, type WireReply } from '../helpers/wireCall.ts';

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: Schema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Operation['responses'][string]> };
}

const glyphsDir = mkdtempSync(join(tmpdir(), 'cairn-glyphs-'));
let smtp: SmtpPeer;
let server: TestServer;
let doc: Document;
let ajv: Ajv2020;
/** Statuses seen per operation, `GET /v1/config` → {200}. */
const seen = new Map<string, Set<number>>();
const problems: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  buildGlyphs(glyphsDir, [0]);
  // Behind a proxy, X-Forwarded-For names the client: it lets the lockout below come from many.
  server = await startTestServer({
    env: {
      SMTP_URL: smtp.url,
      GLYPHS_DIR: glyphsDir,
      TRUST_PROXY: '1',
      LOGIN_LOCK_AFTER: '3',
      LOGIN_GLOBAL_LOCK_AFTER: '3',
    },
  });
  doc = JSON.parse((await wireCall(`${server.url}/v1/docs`)).body.toString('utf8')) as Document;
  // The components as one schema of their own, which each answer's schema points into.
  const toComponents = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/')) as Schema;
  ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'components', $defs: toComponents(doc.components.schemas) });
  validators = new Map();
  compile = (schema) => {
    const key = JSON.stringify(schema);
    let validate = validators.get(key);
    if (!validate) validators.set(key, (validate = ajv.compile(toComponents(schema))));
    return validate;
  };
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  rmSync(glyphsDir, { recursive: true, force: true });
});

let validators: Map<string, ValidateFunction>;
let compile: (schema: Schema) => ValidateFunction;

/** The operation of the document that a concrete request reaches (a literal segment beats a parameter). */
function operationOf(method: string, url: string): { key: string; operation: Operation } {
  const path = url.split('?')[0]!;
  const candidates = Object.entries(doc.paths)
    .filter(([template, operations]) => {
      if (!operations[method.toLowerCase()]) return false;
      const pattern = template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+');
      return new RegExp(`^${pattern}$`).test(path);
    })
    .sort(([a], [b]) => (a.match(/\{/g) ?? []).length - (b.match(/\{/g) ?? []).length);
  const [template, operations] = candidates[0] ?? [];
  if (!template || !operations) throw new Error(`${method} ${path} is not in the document`);
  return { key: `${method} ${template}`, operation: operations[method.toLowerCase()]! };
}

/** Checks one real answer against the document; answers problems as text (empty when it matches). */
function check(method: string, path: string, reply: WireReply): string[] {
  const { key, operation } = operationOf(method, path);
  (seen.get(key) ?? seen.set(key, new Set()).get(key)!).add(reply.status);
  const where = `${method} ${path} → ${reply.status}`;
  let documented =
    operation.responses[String(reply.status)] ?? operation.responses[`${String(reply.status)[0]}XX`];
  if (documented?.$ref) documented = doc.components.responses[documented.$ref.split('/').pop()!];
  if (!documented) return [`${where}: status not in the document`];
  if (reply.body.length === 0)
    return documented.content ? [`${where}: empty, the document promises a body`] : [];
  const media = String(reply.headers['content-type'] ?? '').split(';')[0]!;
  const content = documented.content?.[media];
  if (!content) return [`${where}: ${media} not in the document (${Object.keys(documented.content ?? {})})`];
  if (media !== 'application/json') return [];
  const out: string[] = [];
  if (reply.body.length > COMPRESSION_THRESHOLD_BYTES && reply.headers['content-encoding'] !== 'br')
    out.push(`${where}: ${reply.body.length} bytes of JSON sent uncompressed`);
  if (content.schema) {
    const validate = compile(content.schema);
    if (!validate(JSON.parse(reply.body.toString('utf8'))))
      out.push(`${where}: ${ajv.errorsText(validate.errors, { separator: '\n  ' })}`);
  }
  return out;
}

/** One real request, its answer checked against the document; answers the parsed JSON body. */
async function call(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; status?: number } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely, the schema checks them
): Promise<any> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'br, gzip' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const reply = await wireCall(`${server.url}${path}`, {
    method,
    headers: { ...headers, ...options.headers },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  problems.push(...check(method, path, reply));
  if (options.status !== undefined) expect(reply.status, `${method} ${path}`).toBe(options.status);
  const text = reply.body.toString('utf8');
  return String(reply.headers['content-type']).includes('json') && text ? JSON.parse(text) : text;
}

/** The realtime stream never ends by itself: its answer is judged by its head. */
function streamHead(path: string): Promise<WireReply> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers: { accept: 'text/event-stream' } }, (res) => {
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        wire: Buffer.from('-'),
        body: Buffer.from('-'),
      });
      req.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

async function plannedSearch(token?: string) {
  const body = {
    origin: 'Aviemore',
    destination: 'Glenmore',
    out_time: searchTime(1),
    return_time: searchTime(1, '17:00'),
  };
  const { data } = await call('POST', '/v1/journey-planner/search', {
    body,
    ...(token ? { token } : {}),
    status: 201,
  });
  const hash = data.hash as string;
  const done = await waitFor(async () => {
    const results = await call('GET', `/v1/journey-planner/search/${hash}`, {
      ...(token ? { token } : {}),
      status: 200,
    });
    return results.data.query.status === 'done' ? results.data : undefined;
  });
  return { hash, journeyIds: (done.journeys as { id: string }[]).map((j) => j.id) };
}

/** Aviemore at zoom 12 (the tile scheme of the map). */
const AVIEMORE_TILE = '/v1/tiles/12/2004/1250.pbf';

describe('every route against /v1/docs', () => {
  it('the check itself refuses an answer the document does not allow', () => {
    const reply = (status: number, type: string, body: string): WireReply => ({
      status,
      headers: { 'content-type': type },
      wire: Buffer.from(body),
      body: Buffer.from(body),
    });
    const json = 'application/json; charset=utf-8';
    expect(check('GET', '/v1/health', reply(200, json, '{"status":"ok"}'))).toEqual([]);
    expect(check('GET', '/v1/health', reply(200, json, '{"status":"fine"}'))[0]).toMatch(
      /must be equal to constant/,
    );
    expect(check('GET', '/v1/config', reply(200, json, '{"data":{"brand":{}}}'))[0]).toMatch(
      /must have required/,
    );
    expect(check('GET', '/v1/health', reply(302, json, '{}'))).toEqual([
      'GET /v1/health → 302: status not in the document',
    ]);
    expect(check('GET', '/v1/health', reply(200, 'text/html', '<p>ok</p>'))[0]).toMatch(
      /text\/html not in the document/,
    );
    expect(check('GET', '/v1/health', reply(404, json, '{"msg":"gone"}'))[0]).toMatch(
      /must have required property 'message'/,
    );
    seen.clear();
  });

  it('system, brand, places and map answers match the document', async () => {
    await call('GET', '/v1/health', { status: 200 });
    await call('GET', '/v1/ready', { status: 200 });
    await call('GET', '/v1/live/status', { status: 200 });
    await call('GET', '/v1/docs', { status: 200 });
    await call('GET', '/v1/config', { status: 200 });
    await call('GET', '/v1/pages/terms-and-conditions', { status: 200 });
    await call('GET', '/v1/pages/no-such-page', { status: 404 });
    await call('GET', '/v1/brand/logo.svg', { status: 200 });
    await call('GET', '/v1/brand/theme.css', { status: 200 });
    await call('GET', '/v1/brand/manifest.webmanifest', { status: 200 });
    await call('GET', '/v1/places?q=avie', { status: 200 });
    await call('GET', '/v1/places?q=', { status: 422 });
    await call('GET', '/v1/places/reverse?lat=57.166&lng=-3.692', { status: 200 });
    await call('GET', '/v1/places/reverse?lat=51.5&lng=-0.1', { status: 200 });
    await call('GET', '/v1/tiles/style.json', { status: 200 });
    await call('GET', AVIEMORE_TILE, { status: 200 });
    await call('GET', '/v1/tiles/12/0/0.pbf', { status: 204 });
    await call('GET', '/v1/tiles/fonts/Noto%20Sans%20Regular/0-255.pbf', { status: 200 });
    expect(problems).toEqual([]);
  });

  it('search, journey and realtime answers match the document', async () => {
    const { hash, journeyIds } = await plannedSearch();
    await call('GET', `/v1/journey-planner/search/${hash}/${journeyIds[0]}`, { status: 200 });
    await call('GET', `/v1/journey-planner/search/${hash}/no-such-journey`, { status: 404 });
    await call('GET', '/v1/journey-planner/search/no-such-search', { status: 404 });
    await call('POST', '/v1/journey-planner/search', { body: { origin: '' }, status: 422 });
    await call('POST', `/v1/journey-planner/search/${hash}/update-return-time`, {
      body: { return_time: searchTime(1, '18:00') },
      status: 201,
    });
    await call('POST', `/v1/journey/viewed/${journeyIds[0]}`, { status: 200 });
    const stream = await streamHead(`/v1/realtime/query.${hash}`);
    problems.push(...check('GET', `/v1/realtime/query.${hash}`, stream));
    expect(stream.status).toBe(200);
    // Everything received: 204 tells EventSource to stop reconnecting.
    const end = await server.runtime.ctx.events.findEnd(hash);
    await call('GET', `/v1/realtime/query.${hash}?last_event_id=${end}`, {
      headers: { accept: 'text/event-stream' },
      status: 204,
    });
    expect(problems).toEqual([]);
  });

  it('account and saved-journey answers match the document', async () => {
    const user = await activeUser(server, smtp);
    await call('GET', '/v1/users/show', { token: user.token, status: 200 });
    await call('GET', '/v1/users/show', { status: 401 });
    const { title, first_name, last_name, dob } = user;
    await call('PUT', '/v1/users/update', {
      token: user.token,
      body: { title, first_name: 'Morag', last_name, dob },
      status: 200,
    });
    const { journeyIds } = await plannedSearch(user.token);
    await call('POST', `/v1/journey/save/${journeyIds[0]}`, { token: user.token, status: 200 });
    await call('GET', '/v1/journey/saved/user', { token: user.token, status: 200 });
    await call('GET', '/v1/journey-planner/queries/user', { token: user.token, status: 200 });
    await call('DELETE', `/v1/journey/saved/${journeyIds[0]}`, { token: user.token, status: 200 });

    // Registration (its own, to read the status and body of the call itself) and activation.
    const fresh = newUserBody();
    await call('POST', '/v1/users/register', { body: fresh, status: 201 });
    await call('POST', '/v1/users/register', { body: { ...fresh, email: 'not an address' }, status: 422 });
    const activation = await smtp.waitForMessage(
      (m) => m.to.includes(fresh.email) && /Activate/i.test(m.subject),
    );
    await call('POST', `/v1/users/activation/${linkIn(activation, '/auth/activation').code}`, {
      status: 200,
    });
    const login = await call('POST', '/v1/auth/login', {
      body: { username: fresh.email, password: fresh.password },
      status: 200,
    });

    // A change of address, confirmed from the new inbox.
    const moved = `moved.${Date.now()}@example.org`;
    await call('PUT', '/v1/users/update', {
      token: login.data.access_token,
      body: {
        title: fresh.title,
        first_name,
        last_name,
        dob,
        email: moved,
        current_password: fresh.password,
      },
      status: 200,
    });
    const confirm = await smtp.waitForMessage((m) => m.to.includes(moved) && /Confirm/.test(m.subject));
    await call('POST', `/v1/users/email/confirm/${linkIn(confirm, '/auth/email-change').code}`, {
      status: 200,
    });

    // A forgotten password.
    await call('POST', '/v1/users/password/reset', { body: { email: user.email }, status: 200 });
    const reset = await smtp.waitForMessage((m) => m.to.includes(user.email) && /reset/i.test(m.subject));
    const newPassword = 'heather moor 5678';
    await call('POST', `/v1/users/password/reset/${linkIn(reset, '/auth/password-reset').code}`, {
      body: { password: newPassword, password_confirmation: newPassword },
      status: 200,
    });

    // A lockout from many addresses, lifted by the mailed link.
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      await call('POST', '/v1/auth/login', {
        body: { username: user.email, password: 'a wrong guess' },
        headers: { 'x-forwarded-for': client },
        status: 401,
      });
    const locked = await smtp.waitForMessage((m) => m.to.includes(user.email) && /locked/i.test(m.subject));
    await call('POST', `/v1/users/unlock/${linkIn(locked, '/auth/unlock').code}`, { status: 200 });
    const again = await call('POST', '/v1/auth/login', {
      body: { username: user.email, password: newPassword },
      headers: { 'x-forwarded-for': '198.51.100.9' },
      status: 200,
    });
    await call('POST', '/v1/auth/logout', { token: again.data.access_token, status: 200 });
    expect(problems).toEqual([]);
  });

  it('campaign answers match the document', async () => {
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000);
    const { id } = await addCampaign(server.runtime.ctx.database, {
      title: 'Spring timetable',
      text: 'Leave the car at home this weekend.',
      url: 'https://example.org/offer',
      url_button_text: 'Find out more',
      cover_url: '/v1/brand/logo.svg',
      appear_on: ['journey-planner'],
      start_at: hours(-1),
      end_at: hours(24),
    });
    await call('GET', '/v1/campaign?order_by=end_at&order=asc&per_page=1', { status: 200 });
    await call('POST', `/v1/campaign/${id}/impression`, {
      body: { campaign_id: id, action: 'view', impression_id: null },
      status: 201,
    });
    expect(problems).toEqual([]);
  });

  it('drove every operation of the document to a success', () => {
    const missing: string[] = [];
    for (const [template, operations] of Object.entries(doc.paths))
      for (const method of Object.keys(operations)) {
        const statuses = [...(seen.get(`${method.toUpperCase()} ${template}`) ?? [])];
        if (!statuses.some((s) => s >= 200 && s < 300)) missing.push(`${method.toUpperCase()} ${template}`);
      }
    expect(missing).toEqual([]);
  });
});
