/**
 * `npm run bench` (or `node packages/api/bench/compression.ts`): bytes on the wire of the main API
 * answers — the config the web app starts with, a search's results and one journey, planned by
 * the real engine on the demo region — sent as they are, in gzip and in brotli (issue #20).
 * Runs the API in this process on an in-memory database; needs the prepared demo region.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { startRuntime } from '../src/runtime.ts';
import { wireCall } from '../test/helpers/wireCall.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cairn-bench-compression-'));
const runtime = await startRuntime(
  loadConfig({ PGLITE_DIR: 'memory://', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', JOB_POLL_MS: '50' }),
  { http: true, worker: true, logger: pino({ level: 'warn' }) },
);
try {
  await runtime.ready;
  const base = await runtime.app!.listen({ host: '127.0.0.1', port: 0 });
  const json = async (method: string, path: string, body?: unknown) =>
    JSON.parse(
      (
        await wireCall(`${base}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          ...(body ? { body: JSON.stringify(body) } : {}),
        })
      ).body.toString('utf8'),
    );

  // A day out and back across the park, the demo's busiest kind of answer.
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replaceAll('-', '/');
  const { data } = await json('POST', '/v1/journey-planner/search', {
    origin: 'Aviemore',
    destination: 'Braemar',
    out_time: `${tomorrow} 09:00:00`,
    return_time: `${tomorrow} 17:00:00`,
  });
  const hash = data.hash as string;
  let results;
  for (let tries = 0; ; tries++) {
    results = (await json('GET', `/v1/journey-planner/search/${hash}`)).data;
    if (['done', 'failed'].includes(results.query.status) || tries > 600) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const journeyId = (results.journeys as { id: string }[])[0]?.id;
  if (!journeyId) throw new Error(`the demo search planned no journey (${results.query.status})`);

  const routes: [string, string][] = [
    ['config', '/v1/config'],
    [`search results (${results.journeys.length} journeys)`, `/v1/journey-planner/search/${hash}`],
    ['one journey', `/v1/journey-planner/search/${hash}/${journeyId}`],
    ['OpenAPI document', '/v1/docs'],
  ];
  const bytes = async (path: string, encoding: string) =>
    (await wireCall(`${base}${path}`, { headers: { 'accept-encoding': encoding } })).wire.length;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const rows = [['answer', 'as is', 'gzip', 'brotli', 'brotli saves']];
  for (const [name, path] of routes) {
    const [plain, gzip, br] = [
      await bytes(path, 'identity'),
      await bytes(path, 'gzip'),
      await bytes(path, 'br'),
    ];
    rows.push([name, kb(plain), kb(gzip), kb(br), `${Math.round((1 - br / plain) * 100)} %`]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log('API answers on the wire (bytes sent, by Accept-Encoding)');
  for (const row of rows)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
} finally {
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
}
