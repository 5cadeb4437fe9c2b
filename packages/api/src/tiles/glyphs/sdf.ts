/*
 * Signed distance fields of font glyphs in the shape MapLibre reads from glyph PBFs: rendered at
 * 24 px per em with a 3 px border, one byte per pixel, the outline at 192 and 8 px of distance
 * across the byte range. Those constants are MapLibre's (ONE_EM, GLYPH_PBF_BORDER and the SDF
 * thresholds of its text shaders) and match the glyphs of its reference tool, fontnik.
 */

/** Pixels per em of the glyph bitmaps. */
export const GLYPH_EM_PX = 24;
/** Empty pixels around each bitmap, so the halo has room. */
export const GLYPH_BORDER_PX = 3;
const SDF_RADIUS_PX = 8;
/** Share of the byte range given to the inside: the outline sits at 255 × (1 − 0.25). */
const SDF_CUTOFF = 0.25;
const CURVE_STEPS = 8;

/** One command of a glyph outline in font units, y up (opentype.js `glyph.path.commands`). */
export interface OutlineCommand {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}

/** A glyph as glyphs.proto carries it: metrics in pixels at GLYPH_EM_PX, bitmap with the border. */
export interface SdfGlyph {
  id: number;
  width: number;
  height: number;
  left: number;
  /** Top of the glyph box above the baseline. */
  top: number;
  advance: number;
  /** (width + 2·border) × (height + 2·border) bytes, row by row from the top; empty for blank glyphs. */
  bitmap: Uint8Array;
}

/** Straight pieces of an outline, in pixels, y up: x0, y0, x1, y1 per segment. */
function flatten(commands: readonly OutlineCommand[], scale: number): number[] {
  const segments: number[] = [];
  let [sx, sy, cx, cy] = [0, 0, 0, 0];
  const lineTo = (x: number, y: number) => {
    if (x !== cx || y !== cy) segments.push(cx, cy, x, y);
    [cx, cy] = [x, y];
  };
  for (const c of commands) {
    const x = (c.x ?? 0) * scale;
    const y = (c.y ?? 0) * scale;
    if (c.type === 'M') {
      lineTo(sx, sy);
      [sx, sy, cx, cy] = [x, y, x, y];
    } else if (c.type === 'L') lineTo(x, y);
    else if (c.type === 'Q') {
      const [qx, qy, x0, y0] = [(c.x1 ?? 0) * scale, (c.y1 ?? 0) * scale, cx, cy];
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        lineTo(u * u * x0 + 2 * u * t * qx + t * t * x, u * u * y0 + 2 * u * t * qy + t * t * y);
      }
    } else if (c.type === 'C') {
      const [ax, ay, bx, by, x0, y0] = [
        (c.x1 ?? 0) * scale,
        (c.y1 ?? 0) * scale,
        (c.x2 ?? 0) * scale,
        (c.y2 ?? 0) * scale,
        cx,
        cy,
      ];
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        lineTo(
          u * u * u * x0 + 3 * u * u * t * ax + 3 * u * t * t * bx + t * t * t * x,
          u * u * u * y0 + 3 * u * u * t * ay + 3 * u * t * t * by + t * t * t * y,
        );
      }
    } else lineTo(sx, sy);
  }
  lineTo(sx, sy);
  return segments;
}

/** Distance from (px, py) to the nearest segment, negative inside the outline (non-zero winding, as TrueType fills). */
function signedDistance(segments: readonly number[], px: number, py: number): number {
  let best = Infinity;
  let winding = 0;
  for (let i = 0; i < segments.length; i += 4) {
    const [x0, y0, x1, y1] = [segments[i]!, segments[i + 1]!, segments[i + 2]!, segments[i + 3]!];
    const dx = x1 - x0;
    const dy = y1 - y0;
    const t = Math.max(0, Math.min(1, ((px - x0) * dx + (py - y0) * dy) / (dx * dx + dy * dy)));
    const ex = x0 + t * dx - px;
    const ey = y0 + t * dy - py;
    best = Math.min(best, ex * ex + ey * ey);
    if (y0 <= py !== y1 <= py) {
      const crossX = x0 + ((py - y0) / dy) * dx;
      if (crossX > px) winding += dy > 0 ? 1 : -1;
    }
  }
  const d = Math.sqrt(best);
  return winding !== 0 ? -d : d;
}

/** The SDF glyph of one outline (font units, y up) with its advance, for the character `id`. */
export function sdfGlyph(
  id: number,
  commands: readonly OutlineCommand[],
  advanceWidth: number,
  unitsPerEm: number,
): SdfGlyph {
  const scale = GLYPH_EM_PX / unitsPerEm;
  const advance = Math.round(advanceWidth * scale);
  const segments = flatten(commands, scale);
  if (segments.length === 0)
    return { id, width: 0, height: 0, left: 0, top: 0, advance, bitmap: new Uint8Array(0) };
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < segments.length; i += 2) {
    minX = Math.min(minX, segments[i]!);
    maxX = Math.max(maxX, segments[i]!);
    minY = Math.min(minY, segments[i + 1]!);
    maxY = Math.max(maxY, segments[i + 1]!);
  }
  const left = Math.floor(minX);
  const top = Math.ceil(maxY);
  const width = Math.max(1, Math.ceil(maxX) - left);
  const height = Math.max(1, top - Math.floor(minY));
  const w = width + 2 * GLYPH_BORDER_PX;
  const h = height + 2 * GLYPH_BORDER_PX;
  const bitmap = new Uint8Array(w * h);
  for (let row = 0; row < h; row++) {
    const py = top + GLYPH_BORDER_PX - row - 0.5;
    for (let col = 0; col < w; col++) {
      const px = left - GLYPH_BORDER_PX + col + 0.5;
      const d = signedDistance(segments, px, py);
      const value = Math.round(255 - 255 * (d / SDF_RADIUS_PX + SDF_CUTOFF));
      bitmap[row * w + col] = Math.max(0, Math.min(255, value));
    }
  }
  return { id, width, height, left, top, advance, bitmap };
}
