/**
 * `node packages/api/test/security/npmAudit.ts`: `npm audit --omit=dev` over the workspace, failing
 * (exit 1) on any high or critical advisory in production dependencies. The audit needs the
 * registry's advisory endpoint; when it cannot be reached the script says so and exits 2, so an
 * unavailable audit is never mistaken for a clean one.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../../../..');
const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: ROOT,
  encoding: 'utf8',
  timeout: 120_000,
});
let report: {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
} = {};
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  // not JSON: handled below
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const reason = (run.stderr || run.stdout || 'no output')
    .split('\n')
    .filter((l) => /audit|error|ERR/i.test(l))
    .slice(0, 3)
    .join(' | ');
  console.error(`npm audit could not run (the registry's audit endpoint is needed): ${reason}`);
  process.exit(2);
}
console.log(
  `npm audit --omit=dev: ${Object.entries(counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
  if (v.severity === 'high' || v.severity === 'critical') console.log(`  ${v.severity}: ${name}`);
}
process.exit((counts.high ?? 0) + (counts.critical ?? 0) > 0 ? 1 : 0);
