import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real feeds of `../shared/data` (beside the checkout, as CI has it), or the folder named by
 * CAIRN_SHARED_DATA (a git worktree sits one level deeper). Tests on them skip when it is absent.
 */
export const SHARED_DATA =
  process.env.CAIRN_SHARED_DATA ?? fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));

/** A file of the shared data, or undefined when the folder or the file is absent. */
export function findSharedData(relativePath: string): string | undefined {
  const path = join(SHARED_DATA, relativePath);
  return existsSync(path) ? path : undefined;
}
