// Feature under test: issue #20 — the built web files go precompressed (brotli or gzip by Accept-Encoding, as they are without it), JSON answers over the threshold are compressed, hashed assets are cached for good and everything else is revalidated, and the realtime stream still streams.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress.ts';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src/http/compression.ts';
import { searchTime, startTestServer, waitFor, type TestServer } from '../helpers/testServer.ts';
import { wireCall } from '../helpers/wireCall.ts';

/** A text of `lines` lines that compresses well, like real code. */
const text = (lines: number, word: string) =>
  Array.from({ length: lines }, (_, i) => `${word}(${i}); // ${word} line ${i}`).join('\n');

const FILES: Record<string, { content: string; type: string; hashed: boolean }> = {
  'index.html': {
    content: `<!doctype html><title>Cairn</title><div id="root"></div><!--${text(80, 'shell')}-->`,
    type: 'text/html',
    hashed: false,
  },
  'assets/index-3f2a1b9c.js': { content: text(300, 'render'), type: 'javascript', hashed: true },
  'assets/index-9c8d7e6f.css': {
    content: Array.from({ length: 200 }, (_, i) => `.c${i}{margin:${i}px}`).join('\n'),
    type: 'text/css',
    hashed: true,
  },
  'sw.js': { content: text(100, 'precache'), type: 'javascript', hashed: false },
  'manifest.webmanifest': {
    content: JSON.stringify({ name: 'Cairngorms Explorer', icons: Array(40).fill({ src: '/icon.png' }) }),
    type: 'application/manifest+json',
    hashed: false,
  },
};

let dist: string;
let server: TestServer;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'cairn-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  for (const [path, file] of Object.entries(FILES)) writeFileSync(join(dist, path), file.content);
  writeFileSync(join(dist, 'assets', 'tiny-1a2b3c4d.js'), 'x()');
  precompressDir(dist);
  server = await startTestServer({ env: { WEB_DIST: dist } });
});
afterAll(async () => {
  await server?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('built web files', () => {
  it('are precompressed at build: a .br and a .gz beside each text file, none where it would not shrink', () => {
    for (const path of Object.keys(FILES)) {
      expect(existsSync(join(dist, `${path}.br`)), path).toBe(true);
      expect(existsSync(join(dist, `${path}.gz`)), path).toBe(true);
    }
    expect(existsSync(join(dist, 'assets', 'tiny-1a2b3c4d.js.br'))).toBe(false);
  });

  for (const [path, file] of Object.entries(FILES)) {
    it(`/${path}: brotli, gzip or as it is by Accept-Encoding, always with Vary`, async () => {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip, deflate', 'gzip'],
        ['identity', undefined],
        ['', undefined],
      ] as const) {
        const reply = await wireCall(`${server.url}/${path}`, { headers: { 'accept-encoding': accept } });
        expect(reply.status, `${path} ${accept}`).toBe(200);
        expect(reply.headers['content-encoding'], `${path} ${accept}`).toBe(encoding);
        expect(reply.headers['content-type']).toContain(file.type);
        expect(reply.headers.vary).toMatch(/accept-encoding/i);
        expect(reply.body.toString('utf8')).toBe(file.content);
        if (encoding) expect(reply.wire.length).toBeLessThan(file.content.length / 2);
      }
    });
  }

  it('caches hashed assets for good and revalidates everything else by ETag', async () => {
    for (const [path, file] of Object.entries(FILES)) {
      const reply = await wireCall(`${server.url}/${path}`, { headers: { 'accept-encoding': 'br' } });
      expect(reply.headers['cache-control'], path).toBe(
        file.hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      expect(reply.headers.etag, path).toBeTruthy();
      const again = await wireCall(`${server.url}/${path}`, {
        headers: { 'accept-encoding': 'br', 'if-none-match': reply.headers.etag! },
      });
      expect(again.status, path).toBe(304);
    }
  });

  it('answers SPA pages with the shell, revalidated (never cached for an hour), compressed', async () => {
    for (const page of ['/', '/search/abc/results']) {
      const reply = await wireCall(`${server.url}${page}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(reply.status).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.headers['content-encoding']).toBe('gzip');
      expect(reply.body.toString('utf8')).toBe(FILES['index.html']!.content);
    }
  });

  it('serves a file the build left without copies (too small to shrink) intact', async () => {
    for (const accept of ['br, gzip', 'identity']) {
      const reply = await wireCall(`${server.url}/assets/tiny-1a2b3c4d.js`, {
        headers: { 'accept-encoding': accept },
      });
      expect(reply.status).toBe(200);
      expect(reply.body.toString()).toBe('x()');
    }
  });
});

describe('API answers', () => {
  it('compresses JSON over the threshold by Accept-Encoding, and not without it', async () => {
    for (const path of ['/v1/docs', '/v1/config']) {
      const plain = await wireCall(`${server.url}${path}`);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.wire.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
      for (const encoding of ['br', 'gzip']) {
        const reply = await wireCall(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } });
        expect(reply.headers['content-encoding'], `${path} ${encoding}`).toBe(encoding);
        expect(reply.headers.vary).toMatch(/accept-encoding/i);
        expect(reply.wire.length).toBeLessThan(plain.wire.length * 0.75);
        expect(JSON.parse(reply.body.toString('utf8'))).toEqual(JSON.parse(plain.body.toString('utf8')));
      }
    }
  });

  it('sends answers under the threshold as they are', async () => {
    const reply = await wireCall(`${server.url}/v1/health`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(reply.wire.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(reply.headers['content-encoding']).toBeUndefined();
  });

  it('compresses map tiles', async () => {
    const reply = await wireCall(`${server.url}/v1/tiles/style.json`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
  });

  it('streams realtime events unbuffered and uncompressed, whatever the client accepts', async () => {
    const created = await server.call('POST', '/v1/journey-planner/search', {
      body: { origin: 'Aviemore', destination: 'Glenmore', out_time: searchTime(1) },
    });
    const { hash } = created.body.data as { hash: string };
    await waitFor(async () => {
      const results = await server.call('GET', `/v1/journey-planner/search/${hash}`);
      return results.body.data.query.status === 'done';
    });
    // The stream stays open after the stored events: each must reach the client as it is written.
    const received = await new Promise<{ encoding: string | undefined; text: string; ended: boolean }>(
      (resolve, reject) => {
        const req = request(
          `${server.url}/v1/realtime/query.${hash}`,
          { headers: { accept: 'text/event-stream', 'accept-encoding': 'br, gzip' } },
          (res) => {
            let text = '';
            let ended = false;
            res.on('end', () => (ended = true));
            res.on('data', (chunk: Buffer) => {
              text += chunk.toString('utf8');
              if ((text.match(/^event: /gm) ?? []).length >= 2) {
                resolve({ encoding: res.headers['content-encoding'], text, ended });
                req.destroy();
              }
            });
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(received.encoding).toBeUndefined();
    expect(received.ended).toBe(false);
    expect(received.text).toMatch(/^retry: 2000\n\nid: 1\nevent: results\.retrieved\n/);
  });
});
