// Feature under test: labels of the base map — the style's glyphs and symbol layers, and the
// glyph ranges the server hands MapLibre for them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGlyphs } from '../../src/tiles/glyphs/buildGlyphs.ts';
import { decodeGlyphRange } from '../../src/tiles/glyphs/glyphPbf.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

const root = mkdtempSync(join(tmpdir(), 'cairn-labels-'));
const glyphsDir = join(root, 'glyphs');
let server: TestServer;
beforeAll(async () => {
  buildGlyphs(glyphsDir, [0]);
  server = await startTestServer({
    env: { GLYPHS_DIR: glyphsDir, PUBLIC_URL: 'https://explorer.localhost' },
  });
});
afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
});

interface StyleLayer {
  id: string;
  type: string;
  'source-layer'?: string;
  minzoom?: number;
  filter?: unknown;
  layout?: Record<string, unknown>;
  paint?: Record<string, unknown>;
}

describe('map style labels', () => {
  it('names our own glyph ranges and labels towns, villages, stations, streets and water with halos', async () => {
    const style = await server.call('GET', '/v1/tiles/style.json');
    expect(style.body.glyphs).toBe('https://explorer.localhost/v1/tiles/fonts/{fontstack}/{range}.pbf');
    const layers = style.body.layers as StyleLayer[];
    const symbols = new Map(layers.filter((l) => l.type === 'symbol').map((l) => [l.id, l]));
    expect([...symbols.keys()].sort()).toEqual(
      [
        'town-labels',
        'village-labels',
        'station-labels',
        'street-labels',
        'water-labels',
        'waterway-labels',
      ].sort(),
    );
    for (const layer of symbols.values()) {
      expect(layer.layout!['text-field']).toEqual(['get', 'name']);
      expect(layer.paint!['text-halo-width']).toBeGreaterThan(0);
    }
    expect(JSON.stringify(symbols.get('town-labels')!.filter)).toContain('"town"');
    expect(JSON.stringify(symbols.get('village-labels')!.filter)).toContain('"village"');
    expect(symbols.get('street-labels')!.layout!['symbol-placement']).toBe('line');
    expect(symbols.get('street-labels')!['source-layer']).toBe('streets');
    expect(symbols.get('waterway-labels')!.layout!['symbol-placement']).toBe('line');
    expect(symbols.get('water-labels')!['source-layer']).toBe('water');
    // The station names take the brand's accent, as the station circles do.
    expect(symbols.get('station-labels')!.paint!['text-color']).toBe('#2f6b3a');
    // Water is drawn under the streets: its layers come before the first street layer.
    const ids = layers.map((l) => l.id);
    expect(ids.indexOf('water-areas')).toBeGreaterThan(0);
    expect(ids.indexOf('water-areas')).toBeLessThan(ids.indexOf('paths'));
    expect(ids.indexOf('waterways')).toBeLessThan(ids.indexOf('paths'));
    // Every font a layer names has glyphs on the server.
    for (const layer of symbols.values()) {
      for (const font of layer.layout!['text-font'] as string[]) {
        const response = await fetch(`${server.url}/v1/tiles/fonts/${encodeURIComponent(font)}/0-255.pbf`);
        expect(response.status, font).toBe(200);
      }
    }
  });
});

describe('glyph ranges', () => {
  it('serves a range as protobuf with long caching, holding the fontstack asked for', async () => {
    const response = await fetch(`${server.url}/v1/tiles/fonts/Noto%20Sans%20Bold/0-255.pbf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-protobuf');
    expect(response.headers.get('cache-control')).toMatch(/public, max-age=(\d{7,})/);
    const [stack] = decodeGlyphRange(new Uint8Array(await response.arrayBuffer()));
    expect(stack!.name).toBe('Noto Sans Bold');
    expect(stack!.glyphs.find((g) => g.id === 'A'.charCodeAt(0))!.bitmap.length).toBeGreaterThan(0);
  });

  it('answers a font list with the first font it has', async () => {
    const list = encodeURIComponent('Unknown Font,Noto Sans Italic');
    const response = await fetch(`${server.url}/v1/tiles/fonts/${list}/0-255.pbf`);
    expect(response.status).toBe(200);
    expect(decodeGlyphRange(new Uint8Array(await response.arrayBuffer()))[0]!.name).toBe('Noto Sans Italic');
  });

  it('refuses unknown fonts, malformed ranges and paths out of the glyph folder', async () => {
    expect((await server.call('GET', '/v1/tiles/fonts/Comic%20Sans/0-255.pbf')).status).toBe(404);
    expect((await server.call('GET', '/v1/tiles/fonts/..%2F..%2Fetc/0-255.pbf')).status).toBe(404);
    for (const range of ['0-100', '1-256', '65536-65791', 'a-b', '256-255'])
      expect(
        (await server.call('GET', `/v1/tiles/fonts/Noto%20Sans%20Regular/${range}.pbf`)).status,
        range,
      ).toBe(400);
  });

  it('says the glyphs are not built when a range file is missing', async () => {
    const missing = await server.call('GET', '/v1/tiles/fonts/Noto%20Sans%20Regular/256-511.pbf');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/build-glyphs/);
  });
});
