import { PbfReader, PbfWriter } from 'pbf';
import type { SdfGlyph } from './sdf.ts';

/*
 * The glyph range files MapLibre loads from a style's `glyphs` URL: protobuf messages of the
 * glyphs.proto of the Mapbox/MapLibre font tooling —
 *   glyphs { repeated fontstack stacks = 1 }
 *   fontstack { string name = 1; string range = 2; repeated glyph glyphs = 3 }
 *   glyph { uint32 id = 1; bytes bitmap = 2; uint32 width = 3, height = 4; sint32 left = 5, top = 6; uint32 advance = 7 }
 */

/** Characters per range file: MapLibre asks for `{start}-{start + 255}.pbf`. */
export const GLYPH_RANGE_SIZE = 256;
/** MapLibre asks for glyph ranges in the Basic Multilingual Plane only. */
export const GLYPH_RANGE_COUNT = 65536 / GLYPH_RANGE_SIZE;

/** "0-255" for the range holding character `start`. */
export function rangeName(start: number): string {
  return `${start}-${start + GLYPH_RANGE_SIZE - 1}`;
}

/** One fontstack's glyphs of a range, encoded. */
export function encodeGlyphRange(fontstack: string, start: number, glyphs: readonly SdfGlyph[]): Uint8Array {
  const pbf = new PbfWriter();
  pbf.writeMessage(
    1,
    (_: null, stack) => {
      stack.writeStringField(1, fontstack);
      stack.writeStringField(2, rangeName(start));
      for (const g of glyphs)
        stack.writeMessage(
          3,
          (glyph: SdfGlyph, out) => {
            out.writeVarintField(1, glyph.id);
            if (glyph.bitmap.length > 0) out.writeBytesField(2, glyph.bitmap);
            out.writeVarintField(3, glyph.width);
            out.writeVarintField(4, glyph.height);
            out.writeSVarintField(5, glyph.left);
            out.writeSVarintField(6, glyph.top);
            out.writeVarintField(7, glyph.advance);
          },
          g,
        );
    },
    null,
  );
  return pbf.finish();
}

/** A decoded range file: what a client sees (tests read served files with it). */
export interface DecodedGlyphRange {
  name: string;
  range: string;
  glyphs: SdfGlyph[];
}

export function decodeGlyphRange(data: Uint8Array): DecodedGlyphRange[] {
  const readGlyph = (tag: number, g: SdfGlyph, pbf: PbfReader) => {
    if (tag === 1) g.id = pbf.readVarint();
    else if (tag === 2) g.bitmap = pbf.readBytes();
    else if (tag === 3) g.width = pbf.readVarint();
    else if (tag === 4) g.height = pbf.readVarint();
    else if (tag === 5) g.left = pbf.readSVarint();
    else if (tag === 6) g.top = pbf.readSVarint();
    else if (tag === 7) g.advance = pbf.readVarint();
  };
  const readStack = (tag: number, s: DecodedGlyphRange, pbf: PbfReader) => {
    if (tag === 1) s.name = pbf.readString();
    else if (tag === 2) s.range = pbf.readString();
    else if (tag === 3) {
      const empty = { id: 0, width: 0, height: 0, left: 0, top: 0, advance: 0, bitmap: new Uint8Array(0) };
      s.glyphs.push(pbf.readFields(readGlyph, empty, pbf.readVarint() + pbf.pos));
    }
  };
  return new PbfReader(data).readFields((tag, stacks: DecodedGlyphRange[], pbf) => {
    if (tag === 1)
      stacks.push(pbf.readFields(readStack, { name: '', range: '', glyphs: [] }, pbf.readVarint() + pbf.pos));
  }, []);
}
