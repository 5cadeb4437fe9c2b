// Feature under test: `cairn campaign add|list|end`, run as the operator would, against the database the API reads.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignCommand } from '../../src/cli/campaignCommand.ts';
import { testDatabaseEnv } from '../helpers/testServer.ts';

const ROOT = resolve(import.meta.dirname, '../../../..');
const NODE = join(ROOT, 'node_modules/.bin/node');
const CLI = join(ROOT, 'packages/api/bin/cairn.ts');

let env: Record<string, string>;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cairn-cli-test-'));
  // PGlite in memory would not outlive one command: use a data folder (or the test PostgreSQL).
  const dbEnv = await testDatabaseEnv();
  env = dbEnv.DATABASE_URL ? { DATABASE_URL: dbEnv.DATABASE_URL, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cairn(...args: string[]) {
  const result = spawnSync(NODE, [CLI, 'campaign', ...args], {
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, out: result.stdout + result.stderr };
}

async function inProcess(...args: string[]) {
  const lines: string[] = [];
  const code = await campaignCommand(args, (line) => lines.push(line), { ...env, LOG_LEVEL: 'silent' });
  return { code, out: lines.join('\n') };
}

// Each command opens the database afresh (seconds for PGlite on a busy machine), hence the timeouts.
describe('cairn campaign', () => {
  it(
    'adds and lists a campaign through the cairn binary, ends it in-process',
    { timeout: 240_000 },
    async () => {
      const end = new Date(Date.now() + 86_400_000).toISOString();
      const added = cairn(
        'add',
        '--title',
        'Winter buses',
        '--text',
        'Extra buses to the ski centre.',
        '--appear-on',
        'journey-planner,journey-results',
        '--end',
        end,
        '--url',
        'https://example.org/winter',
        '--button',
        'See times',
      );
      expect(added.code).toBe(0);
      const id = /added ([0-9a-f-]{36})/.exec(added.out)?.[1];
      expect(id).toBeDefined();

      const listed = cairn('list', '--active');
      expect(listed.code).toBe(0);
      expect(listed.out).toContain(id);
      expect(listed.out).toContain('Winter buses');
      expect(listed.out).toContain('[journey-planner,journey-results]');

      expect(await inProcess('end', id!)).toEqual({ code: 0, out: `ended ${id}` });
      expect((await inProcess('list', '--active')).out).toBe('no campaigns');
      expect((await inProcess('end', id!)).code).toBe(1);
    },
  );

  it('explains what is wrong with a bad campaign', { timeout: 120_000 }, async () => {
    const bad = await inProcess('add', '--title', 'No end', '--text', 'x', '--appear-on', 'homepage');
    expect(bad.code).toBe(2);
    expect(bad.out).toMatch(/appear_on/);
    expect(bad.out).toMatch(/end_at/);
    expect(bad.out).toContain('Usage:');
  });
});
