// Makes sure the map's glyph ranges (GLYPHS_DIR, by default packages/api/dist/glyphs) are built by
// the current generator from the installed font package; a build that is already current is left alone.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildGlyphs, fontPackageVersion } from '../packages/api/src/tiles/glyphs/buildGlyphs.ts';
import { loadConfig } from '../packages/api/src/config.ts';

const SOURCES = ['buildGlyphs.ts', 'glyphPbf.ts', 'sdf.ts', 'fontStacks.ts'].map((f) =>
  join(import.meta.dirname, '../packages/api/src/tiles/glyphs', f),
);

const hash = createHash('sha256');
for (const file of SOURCES) hash.update(readFileSync(file));
const wanted = `noto-sans=${fontPackageVersion()} generator=${hash.digest('hex').slice(0, 12)}`;
const { glyphsDir } = loadConfig();
const stampFile = join(glyphsDir, 'GENERATED');
const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';

if (stamp !== wanted) {
  console.log(`Building the map glyphs (${wanted})…`);
  buildGlyphs(glyphsDir);
  writeFileSync(stampFile, wanted + '\n');
}
