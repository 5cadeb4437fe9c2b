// The part of opentype.js the glyph build reads. Its DefinitelyTyped package pulls in the DOM
// library, which would change the types of the whole API package.
declare module 'opentype.js' {
  import type { OutlineCommand } from './sdf.ts';

  interface Glyph {
    advanceWidth?: number;
    path: { commands: OutlineCommand[] };
  }
  interface Font {
    unitsPerEm: number;
    tables: { cmap: { glyphIndexMap: Record<string, number> } };
    glyphs: { get(index: number): Glyph };
  }
  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}
