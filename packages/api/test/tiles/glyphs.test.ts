// Feature under test: the glyph ranges of the map labels — the SDF rasteriser, the glyphs.proto
// encoding, and the build from Noto Sans.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGlyphs } from '../../src/tiles/glyphs/buildGlyphs.ts';
import { FONT_STACKS } from '../../src/tiles/glyphs/fontStacks.ts';
import { decodeGlyphRange, encodeGlyphRange } from '../../src/tiles/glyphs/glyphPbf.ts';
import { GLYPH_BORDER_PX, sdfGlyph, type OutlineCommand } from '../../src/tiles/glyphs/sdf.ts';

// A 500-unit square from (100, 0) on a 1000-unit em: 12 px at 24 px per em, from x = 2.4 px.
const SQUARE: OutlineCommand[] = [
  { type: 'M', x: 100, y: 0 },
  { type: 'L', x: 600, y: 0 },
  { type: 'L', x: 600, y: 500 },
  { type: 'L', x: 100, y: 500 },
  { type: 'Z' },
];

describe('SDF glyphs', () => {
  it('gives the metrics in pixels at 24 px per em and the bitmap with its border', () => {
    const g = sdfGlyph(65, SQUARE, 700, 1000);
    expect(g).toMatchObject({ id: 65, left: 2, top: 12, width: 13, height: 12, advance: 17 });
    expect(g.bitmap.length).toBe((13 + 2 * GLYPH_BORDER_PX) * (12 + 2 * GLYPH_BORDER_PX));
  });

  it('is high inside the outline, low outside, and crosses the edge threshold at the outline', () => {
    const g = sdfGlyph(65, SQUARE, 700, 1000);
    const w = g.width + 2 * GLYPH_BORDER_PX;
    const at = (col: number, row: number) => g.bitmap[row * w + col]!;
    const middle = Math.floor((g.height + 2 * GLYPH_BORDER_PX) / 2);
    expect(at(Math.floor(w / 2), middle)).toBe(255);
    expect(at(0, 0)).toBeLessThan(100);
    // MapLibre draws the glyph where the field is above 192 (0.75 of the byte range).
    const row = Array.from({ length: w }, (_, c) => at(c, middle));
    const inside = row.map((v) => v >= 192);
    // Pixel centres of column c lie at x = c − 0.5 px: the square's 12 px from 2.4 px cover columns 3 to 14.
    expect(inside.indexOf(true)).toBe(3);
    expect(inside.lastIndexOf(true)).toBe(14);
  });

  it('keeps holes empty (non-zero winding) and blank glyphs without a bitmap', () => {
    const ring: OutlineCommand[] = [
      ...SQUARE,
      { type: 'M', x: 200, y: 100 },
      { type: 'L', x: 200, y: 400 },
      { type: 'L', x: 500, y: 400 },
      { type: 'L', x: 500, y: 100 },
      { type: 'Z' },
    ];
    const g = sdfGlyph(79, ring, 700, 1000);
    const w = g.width + 2 * GLYPH_BORDER_PX;
    const middle = Math.floor((g.height + 2 * GLYPH_BORDER_PX) / 2);
    expect(g.bitmap[middle * w + Math.floor(w / 2)]).toBeLessThan(192);
    expect(sdfGlyph(32, [], 260, 1000)).toMatchObject({
      width: 0,
      height: 0,
      advance: 6,
      bitmap: new Uint8Array(0),
    });
  });

  it('encodes glyphs.proto and decodes back, negative offsets included', () => {
    const g = { ...sdfGlyph(103, SQUARE, 700, 1000), left: -2, top: -5 };
    const [stack, ...more] = decodeGlyphRange(encodeGlyphRange('Test Sans', 0, [g]));
    expect(more).toEqual([]);
    expect(stack).toEqual({ name: 'Test Sans', range: '0-255', glyphs: [g] });
  });
});

describe('glyph build from Noto Sans', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'cairn-glyphs-')), 'glyphs');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a range file per fontstack with a glyph for every printable ASCII character', () => {
    buildGlyphs(dir, [0, 8192]);
    expect(readdirSync(dir).sort()).toEqual(FONT_STACKS.map((s) => s.name).sort());
    for (const { name } of FONT_STACKS) {
      expect(readdirSync(join(dir, name)).sort()).toEqual(['0-255.pbf', '8192-8447.pbf']);
      const [stack] = decodeGlyphRange(readFileSync(join(dir, name, '0-255.pbf')));
      expect(stack!.name).toBe(name);
      expect(stack!.range).toBe('0-255');
      const byId = new Map(stack!.glyphs.map((g) => [g.id, g]));
      for (let code = 32; code < 127; code++) expect(byId.has(code), String.fromCharCode(code)).toBe(true);
      const a = byId.get(65)!;
      expect(a.advance).toBeGreaterThan(10);
      expect(a.top).toBeGreaterThan(12);
      expect(a.bitmap.length).toBe((a.width + 6) * (a.height + 6));
      expect(byId.get(32)!.bitmap.length).toBe(0);
      // Typographic quotes and dashes, as in "St Mary’s Road", come from the second file.
      const [punctuation] = decodeGlyphRange(readFileSync(join(dir, name, '8192-8447.pbf')));
      expect(punctuation!.glyphs.map((g) => g.id)).toContain(0x2019);
    }
  });
});
