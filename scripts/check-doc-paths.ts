// `npm run lint`: every repository path the README names in backticks exists, so the architecture
// walk (issue #17) cannot point a newcomer at a file that was moved or deleted. Build outputs the
// README names (git-ignored, such as the region's build folder) count as existing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const DOCS = ['README.md'];
const PATH_IN_BACKTICKS = /`((?:packages|regions|scripts|docs|e2e|brands)\/[^`\s*{}<>]+)`/g;

const isBuildOutput = (path: string): boolean => {
  try {
    // With and without the slash: a folder pattern such as `build/` matches only the latter.
    execFileSync('git', ['check-ignore', path, `${path}/`], { cwd: ROOT, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const missing: string[] = [];
for (const doc of DOCS) {
  const text = readFileSync(join(ROOT, doc), 'utf8');
  for (const [, path] of text.matchAll(PATH_IN_BACKTICKS)) {
    if (!existsSync(join(ROOT, path!)) && !isBuildOutput(path!)) missing.push(`${doc}: ${path}`);
  }
}
if (missing.length > 0) {
  console.error(`Paths named in the docs that do not exist:\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(`doc paths: every path named in ${DOCS.join(', ')} exists`);
