// Feature under test: the `cairn` entry point hands a command's whole output to a pipe before it exits.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_REGION, demoRegionBuilt } from '../helpers/demoEngine.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const CLI = join(ROOT, 'packages/api/bin/cairn.ts');

describe.skipIf(!demoRegionBuilt)('cairn', () => {
  it('writes all of a long `plan --journeys` answer to a slow pipe (the exit cut it at the 64 KB the pipe holds)', () => {
    // Next Tuesday in the demo calendar, out and back: taxis, lifts, coaches and trains, well over
    // 64 KB of JSON.
    const next = new Date(Date.now() + 86_400_000);
    while (next.getUTCDay() !== 2) next.setUTCDate(next.getUTCDate() + 1);
    const day = next.toISOString().slice(0, 10);
    const dir = mkdtempSync(join(tmpdir(), 'cairn-pipe-'));
    try {
      const plan = [NODE, CLI, 'plan', '--region', DEMO_REGION, '--from', 'Edinburgh', '--to', 'Perth']
        .concat(['--depart', `${day}T09:00`, '--return', `${day}T17:00`, '--journeys'])
        .map((a) => `'${a}'`)
        .join(' ');
      // A reader slow to start, as `| head` or a busy consumer: it reads nothing until the plan is made
      // and a second has passed, by when the command has written its answer and exited.
      const reader = `{ until grep -q 'planned' err; do sleep 0.1; done; sleep 1; cat; } > out`;
      const run = spawnSync('sh', ['-c', `${plan} 2> err | ${reader}`], { cwd: dir, encoding: 'utf8' });
      expect(run.status).toBe(0);
      const out = readFileSync(join(dir, 'out'), 'utf8');
      expect(out.length).toBeGreaterThan(65_536);
      expect((JSON.parse(out) as { journeys: unknown[] }).journeys.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
