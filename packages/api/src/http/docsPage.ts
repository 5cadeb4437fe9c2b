import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DOCS_PAGE_POLICY } from './contentSecurityPolicy.ts';

/** Where the readable API reference lives, beside the OpenAPI document at /v1/docs. */
export const DOCS_PAGE_PATH = '/v1/docs/ui';

const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * Redoc's standalone bundle, served from node_modules rather than a CDN: it runs under a CSP of
 * its own (script from 'self', its inline styles, its search worker from a blob; see
 * DOCS_PAGE_POLICY) and works where the server has no way out to the internet. The bundle starts itself on
 * the `<redoc spec-url>` element, so the page needs no inline script.
 */
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cairn journey planner API reference</title>
<link rel="icon" href="data:,">
<style>body { margin: 0; }</style>
</head>
<body>
<redoc spec-url="/v1/docs"></redoc>
<script src="${DOCS_PAGE_PATH}/redoc.standalone.js"></script>
</body>
</html>
`;

/** The API reference page and the renderer it loads. */
export async function registerDocsPage(app: FastifyInstance): Promise<void> {
  app.get(DOCS_PAGE_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', DOCS_PAGE_POLICY)
      .send(PAGE),
  );
  await app.register(fastifyStatic, {
    root: dirname(REDOC_BUNDLE),
    prefix: `${DOCS_PAGE_PATH}/`,
    decorateReply: false,
    wildcard: false,
    allowedPath: (path) => path === '/redoc.standalone.js',
    // Not content-hashed: revalidated by ETag, so a Redoc upgrade reaches readers at once.
    cacheControl: false,
    setHeaders: (res) => res.header('cache-control', 'no-cache'),
  });
}
