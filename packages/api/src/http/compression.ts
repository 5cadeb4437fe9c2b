import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves no packet on the wire. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers above the threshold, brotli or gzip as the client accepts (issue #20).
 * Register before the routes: the plugin adds its hook to routes registered after it. Built web
 * files come precompressed (see webFiles.ts) and pass through untouched; the realtime stream
 * writes to the socket itself (hijacked), so it is never buffered by a compressor.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Beside the types mime-db marks compressible: map tiles and glyphs, which shrink well too.
    customTypes: /^application\/(?:vnd\.mapbox-vector-tile|x-protobuf)\b/,
  });
}
