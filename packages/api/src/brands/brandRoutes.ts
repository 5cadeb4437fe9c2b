import { readFileSync } from 'node:fs';
import { AppConfig, StaticPage, StaticPageId } from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext, AppRoutes } from '../context.ts';
import { notFound } from '../http/httpError.ts';
import { buildWebManifest } from './webManifest.ts';

const PageEnvelope = z.object({ data: StaticPage });
const ASSETS: Record<string, string> = {
  'logo.svg': 'image/svg+xml',
  'theme.css': 'text/css; charset=utf-8',
};

/** What the web app needs to dress itself: brand settings with region info, page texts, assets. */
export function registerBrandRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/config',
      operationId: 'getConfig',
      tag: 'brand',
      summary: "The brand settings, the region and the brand's public API key",
      response: AppConfig,
    },
    async (request) => ({
      data: {
        brand: request.brand.settings,
        region: ctx.planner.getPlanner().regionInfo(),
        apiKey: publicKeyOf(ctx, request.brand.settings.brand),
      },
    }),
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/pages/:id',
      operationId: 'getStaticPage',
      tag: 'brand',
      summary: 'A static page of the brand (markdown from brands/<id>/pages)',
      response: PageEnvelope,
    },
    async (request, _reply, { params }) => {
      const parsed = StaticPageId.safeParse(params.id);
      const page = parsed.success ? ctx.brands.findPage(request.brand, parsed.data) : undefined;
      if (!page) throw notFound('This page does not exist.');
      return { data: page };
    },
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/brand/manifest.webmanifest',
      operationId: 'getWebManifest',
      tag: 'brand',
      summary: "The brand's web app manifest (name, icons, theme colour) for installing the planner",
      produces: 'application/manifest+json',
    },
    async (request, reply) => {
      const theme = ctx.brands.findAsset(request.brand, 'theme.css');
      const manifest = buildWebManifest(request.brand.settings, theme ? readFileSync(theme, 'utf8') : '');
      reply
        .header('content-type', 'application/manifest+json')
        .header('cache-control', 'public, max-age=300');
      return JSON.stringify(manifest);
    },
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/brand/:asset',
      operationId: 'getBrandAsset',
      tag: 'brand',
      summary: "The brand's logo.svg or theme.css",
      produces: [...new Set(Object.values(ASSETS).map((type) => type.split(';')[0]!))],
    },
    async (request, reply, { params: { asset } }) => {
      const type = ASSETS[asset];
      const file = type ? ctx.brands.findAsset(request.brand, asset) : undefined;
      if (!type || !file) throw notFound('This asset does not exist.');
      reply.header('content-type', type).header('cache-control', 'public, max-age=300');
      return readFileSync(file);
    },
  );
}

/** The key the web app of this brand sends: one mapped to the brand, else one valid for all brands. */
function publicKeyOf(ctx: AppContext, brand: string): string | null {
  const entries = [...ctx.config.apiKeys.entries()];
  return entries.find(([, b]) => b === brand)?.[0] ?? entries.find(([, b]) => b === null)?.[0] ?? null;
}
