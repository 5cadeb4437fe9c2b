// `npm run bench` (or `node packages/web/scripts/bundleSize.ts`): gzip size of the JavaScript the
// first screen loads (the entry script and its modulepreloads in dist/index.html) and of the
// lazily loaded map chunk (MapLibre + its worker). Target: first screen ≤ 200 KB gzip.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = resolve(import.meta.dirname, '../dist');
const TARGET_FIRST_SCREEN_KB = 200;

/** Gzip size in bytes of one built file (level 9, like a static server's precompression). */
export function gzipBytes(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The JS files index.html loads before anything else: the entry module and its preloads. */
export function listFirstScreenScripts(indexHtml: string): string[] {
  const srcs = [...indexHtml.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  const preloads = [...indexHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map(
    (m) => m[1]!,
  );
  return [...new Set([...srcs, ...preloads])].filter((p) => p.endsWith('.js'));
}

function main(): void {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.log('packages/web/dist is missing: run `npm run -w @cairn/web build` first.');
    process.exitCode = 1;
    return;
  }
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const first = listFirstScreenScripts(html).map((p) => join(DIST, p.replace(/^\//, '')));
  const firstBytes = first.reduce((sum, f) => sum + gzipBytes(f), 0);
  const assets = readdirSync(join(DIST, 'assets'));
  const mapFiles = assets.filter(
    (f) => /^JourneyMap-.*\.js$/.test(f) || /^maplibre-gl-worker-.*\.mjs$/.test(f),
  );
  const cssFirst = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="(\/assets\/[^"]+)"/g)].map((m) =>
    join(DIST, m[1]!.slice(1)),
  );
  const kb = (b: number) => (b / 1024).toFixed(1);
  const rows: [string, string, string][] = [
    [
      'first screen JS (gzip)',
      `${kb(firstBytes)} KB`,
      `${first.length} files, target ≤ ${TARGET_FIRST_SCREEN_KB} KB ${firstBytes / 1024 <= TARGET_FIRST_SCREEN_KB ? 'met' : 'NOT met'}`,
    ],
    [
      'first screen CSS (gzip)',
      `${kb(cssFirst.reduce((s, f) => s + gzipBytes(f), 0))} KB`,
      `${cssFirst.length} files`,
    ],
  ];
  for (const f of mapFiles)
    rows.push([
      `map chunk ${f.startsWith('JourneyMap') ? 'JS' : 'worker'} (gzip)`,
      `${kb(gzipBytes(join(DIST, 'assets', f)))} KB`,
      f,
    ]);
  console.log('| measure | size | note |\n|---|---|---|');
  for (const [a, b, c] of rows) console.log(`| ${a} | ${b} | ${c} |`);
}

main();
