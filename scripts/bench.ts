// `npm run bench`: runs each benchmark script in its own process (so memory figures are its own)
// and lets each print its table. Benchmarks are measurements, never pass/fail tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BENCHES = [
  'packages/engine/bench/transit.ts',
  'packages/engine/bench/transxchange.ts',
  'packages/engine/bench/mcRaptor.ts',
  'packages/engine/bench/live.ts',
  'packages/engine/bench/streets.ts',
  'packages/engine/bench/plan.ts',
  'packages/engine/bench/planReal.ts',
  'packages/web/scripts/bundleSize.ts',
  'packages/api/bench/compression.ts',
  'packages/web/scripts/routeBytes.ts',
];

const only = process.argv.slice(2);
let failed = 0;
for (const file of BENCHES) {
  if (only.length > 0 && !only.some((name) => file.includes(name))) continue;
  if (!existsSync(file)) {
    console.log(`\n## ${file}: not present`);
    continue;
  }
  console.log(`\n## ${file}`);
  const run = spawnSync(process.execPath, ['--expose-gc', file], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
