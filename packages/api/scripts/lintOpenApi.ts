// `npm run lint`: the OpenAPI document the server serves at /v1/docs, linted under Redocly's
// recommended rules (issue #20). Warnings fail too: integrators read every one of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/config.ts';
import { startRuntime } from '../src/runtime.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'cairn-openapi-'));
// The document needs only the routes: no worker, and a planner that is never asked.
const runtime = await startRuntime(loadConfig({ PGLITE_DIR: 'memory://', DATA_DIR: dir }), {
  http: true,
  worker: false,
  planner: new Promise(() => undefined),
  logger: pino({ level: 'silent' }),
});
let exitCode = 1;
try {
  const reply = await runtime.app!.inject({ method: 'GET', url: '/v1/docs' });
  if (reply.statusCode !== 200) throw new Error(`GET /v1/docs answered ${reply.statusCode}`);
  const file = join(dir, 'openapi.json');
  writeFileSync(file, reply.body);
  const lint = spawnSync(
    join(ROOT, 'node_modules/.bin/redocly'),
    ['lint', '--extends', 'recommended', '--format', 'json', file],
    { encoding: 'utf8' },
  );
  const report = JSON.parse(lint.stdout) as {
    totals: { errors: number; warnings: number };
    problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
  };
  for (const problem of report.problems)
    console.error(
      `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`,
    );
  const { errors, warnings } = report.totals;
  if (errors + warnings === 0) {
    console.log('OpenAPI document: lint clean under Redocly recommended');
    exitCode = 0;
  } else console.error(`OpenAPI document: ${errors} errors, ${warnings} warnings`);
} finally {
  await runtime.close();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
