// Run after `vite build` (packages/web's build script): writes a brotli (`.br`) and a gzip (`.gz`)
// copy beside every text file of the build, which the API serves by Accept-Encoding (issue #20).
// Done once at build time at the highest levels, so no request pays for compressing a file.
//
//   node scripts/precompress.ts [dir]   (default packages/web/dist)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats of a web build; images, fonts and archives are compressed already. */
const TEXT_FILE = /\.(?:html|js|mjs|css|json|webmanifest|svg|txt|xml|map|ics)$/i;

/** Compresses every text file under `dir`; answers how many files got compressed copies. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT_FILE.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const original = readFileSync(file);
    const variants: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
      ],
      ['.gz', gzipSync(original, { level: constants.Z_BEST_COMPRESSION })],
    ];
    let written = false;
    // A tiny file can grow when compressed: then only the original is served.
    for (const [suffix, bytes] of variants) {
      if (bytes.length >= original.length) continue;
      writeFileSync(file + suffix, bytes);
      written = true;
    }
    if (written) count += 1;
  }
  return count;
}

if (import.meta.main) {
  const dir = resolve(process.argv[2] ?? join(import.meta.dirname, '../packages/web/dist'));
  console.log(`precompressed ${precompressDir(dir)} files in ${dir}`);
}
