// Feature under test: the embedded database belongs to one process; a stale lock of a dead process is taken over.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';

const dir = mkdtempSync(join(tmpdir(), 'cairn-db-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PGlite data folder lock', () => {
  it(
    'refuses a second opener while the first holds the folder, and frees it on close',
    { timeout: 120_000 },
    async () => {
      const folder = join(dir, 'db');
      const first = await openDatabase({ pgliteDir: folder });
      expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
      await expect(openDatabase({ pgliteDir: folder })).rejects.toThrow(/in use by process \d+/);
      await first.close();
      expect(existsSync(`${folder}.lock`)).toBe(false);

      // A lock left by a process that no longer runs (pid above Linux's pid_max) is taken over.
      writeFileSync(`${folder}.lock`, String(2 ** 22 + 1));
      const again = await openDatabase({ pgliteDir: folder });
      expect(readFileSync(`${folder}.lock`, 'utf8')).toBe(String(process.pid));
      await again.close();
    },
  );
});
