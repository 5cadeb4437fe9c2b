import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite puts content-hashed files under assets/: a new build gives them new names. */
const HASHED = /[\\/]assets[\\/]/;

/**
 * Serves the built web app. Text files come with `.br` and `.gz` siblings from the build
 * (scripts/precompress.ts), served by Accept-Encoding with `Vary: Accept-Encoding`. Hashed assets
 * are cached for good; everything else (index.html, sw.js, the manifest) is revalidated by ETag
 * on every use, so a new release is picked up at once.
 */
export async function registerWebFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) =>
      res.header('cache-control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache'),
  });
}
