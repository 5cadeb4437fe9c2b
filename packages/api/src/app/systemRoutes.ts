import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext, AppRoutes } from '../context.ts';
import { DOCS_PAGE_PATH } from '../http/docsPage.ts';
import { buildOpenApi } from './openApi.ts';

const Health = z.object({ status: z.literal('ok') });
const Ready = z.object({ status: z.enum(['ready', 'not-ready']), checks: z.record(z.string(), z.string()) });

/** Liveness, readiness (database reachable, planner loaded) and the OpenAPI document. */
export function registerSystemRoutes(app: FastifyInstance, routes: AppRoutes, ctx: AppContext): void {
  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/health',
      operationId: 'getHealth',
      tag: 'system',
      summary: 'The process is up',
      response: Health,
    },
    async () => ({ status: 'ok' }),
  );

  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/ready',
      operationId: 'getReadiness',
      tag: 'system',
      summary: 'Database reachable and planner loaded (503 otherwise)',
      response: Ready,
    },
    async (request, reply) => {
      const checks: Record<string, string> = {};
      try {
        await sql`select 1`.execute(ctx.database.db);
        checks.database = 'ok';
      } catch (error) {
        // The error text can name hosts, users and databases: it goes to the log, not the answer.
        request.log.warn({ err: error }, 'readiness: the database is unreachable');
        checks.database = 'unreachable';
      }
      // Why the region failed to load is in the log (with its paths), not in a public answer.
      checks.planner = ctx.planner.planner ? 'ok' : ctx.planner.error ? 'failed' : 'loading';
      const ready = Object.values(checks).every((v) => v === 'ok');
      reply.code(ready ? 200 : 503);
      return { status: ready ? 'ready' : 'not-ready', checks };
    },
  );

  let document: Record<string, unknown> | null = null;
  routes.add(
    app,
    {
      method: 'GET',
      url: '/v1/docs',
      operationId: 'getOpenApiDocument',
      tag: 'system',
      summary: 'This OpenAPI document',
    },
    async () => {
      document ??= buildOpenApi(routes.specs, {
        title: 'Cairn journey planner API',
        version: '1',
        description:
          `A readable version of this document: ${DOCS_PAGE_PATH}. ` +
          'An optional field of a request body sent as "" or null means "not given", like an absent one: it takes its default.',
      });
      return document;
    },
  );
}
