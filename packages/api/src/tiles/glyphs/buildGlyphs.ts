import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import opentype from 'opentype.js';
import { FONT_STACKS } from './fontStacks.ts';
import { encodeGlyphRange, GLYPH_RANGE_COUNT, GLYPH_RANGE_SIZE, rangeName } from './glyphPbf.ts';
import { sdfGlyph, type SdfGlyph } from './sdf.ts';

/*
 * Build-time only (opentype.js is a dev dependency): turns the Noto Sans files of
 * @fontsource/noto-sans into MapLibre glyph ranges. Fontsource splits each weight into
 * unicode subsets; the first subset that has a character gives its glyph. Devanagari is left out:
 * MapLibre does not shape it without a plugin.
 */
const SUBSETS = ['latin', 'latin-ext', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext', 'vietnamese'];

const fontsDir = () =>
  join(dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json')), 'files');

/** Version of the font package, for the build's fingerprint. */
export function fontPackageVersion(): string {
  const pkg = join(dirname(fontsDir()), 'package.json');
  return (JSON.parse(readFileSync(pkg, 'utf8')) as { version: string }).version;
}

/** Every character of one fontstack's font files with its glyph outline, in the wanted ranges. */
function collectGlyphs(
  weight: number,
  style: string,
  wanted: (code: number) => boolean,
): Map<number, SdfGlyph> {
  const glyphs = new Map<number, SdfGlyph>();
  for (const subset of SUBSETS) {
    const bytes = readFileSync(join(fontsDir(), `noto-sans-${subset}-${weight}-${style}.woff`));
    const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const cmap = font.tables.cmap.glyphIndexMap;
    for (const [key, index] of Object.entries(cmap)) {
      const code = Number(key);
      if (code >= GLYPH_RANGE_SIZE * GLYPH_RANGE_COUNT || glyphs.has(code) || !wanted(code)) continue;
      const glyph = font.glyphs.get(index);
      glyphs.set(code, sdfGlyph(code, glyph.path.commands, glyph.advanceWidth ?? 0, font.unitsPerEm));
    }
  }
  return glyphs;
}

/**
 * Writes `{outDir}/{fontstack}/{start}-{end}.pbf` for every fontstack and range (ranges without
 * characters are written empty, so MapLibre gets an answer for any label text). `ranges` limits
 * the build to some range starts (tests).
 */
export function buildGlyphs(outDir: string, ranges?: readonly number[]): void {
  const starts = ranges ?? Array.from({ length: GLYPH_RANGE_COUNT }, (_, i) => i * GLYPH_RANGE_SIZE);
  const inRanges = (code: number) => starts.includes(code - (code % GLYPH_RANGE_SIZE));
  // Written beside and swapped in whole, so a server never reads half a build.
  const temp = `${outDir}.partial`;
  rmSync(temp, { recursive: true, force: true });
  for (const stack of FONT_STACKS) {
    const glyphs = collectGlyphs(stack.weight, stack.style, inRanges);
    mkdirSync(join(temp, stack.name), { recursive: true });
    for (const start of starts) {
      const inRange: SdfGlyph[] = [];
      for (let code = start; code < start + GLYPH_RANGE_SIZE; code++) {
        const glyph = glyphs.get(code);
        if (glyph) inRange.push(glyph);
      }
      writeFileSync(
        join(temp, stack.name, `${rangeName(start)}.pbf`),
        encodeGlyphRange(stack.name, start, inRange),
      );
    }
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(dirname(outDir), { recursive: true });
  renameSync(temp, outDir);
}
