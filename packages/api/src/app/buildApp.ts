import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { accountGuards } from '../accounts/accountGuards.ts';
import { registerAccountRoutes } from '../accounts/accountRoutes.ts';
import { registerBrandRoutes } from '../brands/brandRoutes.ts';
import { apiKeyOf, matchApiKey } from '../brands/apiKeys.ts';
import { resolveBrand } from '../brands/resolveBrand.ts';
import { registerCampaignRoutes } from '../campaigns/campaignRoutes.ts';
import { getBrand, type AppContext } from '../context.ts';
import { registerEventRoutes } from '../events/eventRoutes.ts';
import { clientKey } from '../http/clientKey.ts';
import { registerCompression } from '../http/compression.ts';
import { contentSecurityPolicy } from '../http/contentSecurityPolicy.ts';
import { registerDocsPage } from '../http/docsPage.ts';
import { answerClientError, answerError } from '../http/errorAnswers.ts';
import { HttpError } from '../http/httpError.ts';
import { registerJsonBody } from '../http/jsonBody.ts';
import { logUrl } from '../http/logUrl.ts';
import { RouteTable } from '../http/routeTable.ts';
import { isWebFileRequest, registerWebFiles } from '../http/webFiles.ts';
import { isWebRoute } from '../http/webRoutes.ts';
import { hasWellFormedPercentEncoding } from '../http/wellFormedText.ts';
import { registerJourneyRoutes } from '../journeys/journeyRoutes.ts';
import { registerLiveStatusRoutes } from '../live/liveStatusRoutes.ts';
import { registerPlaceRoutes } from '../places/placeRoutes.ts';
import { registerSearchRoutes } from '../search/searchRoutes.ts';
import { registerTileRoutes } from '../tiles/tileRoutes.ts';
import { registerSystemRoutes } from './systemRoutes.ts';

/** The HTTP application: every /v1 route, security headers, limits, and the built web app. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const { config } = ctx;
  const fallbackBrand = getBrand(ctx.brands, config.brand);
  // A key of a misspelt brand would refuse every call with 403: fail at start-up instead.
  for (const brand of config.apiKeys.values()) if (brand) getBrand(ctx.brands, brand);
  const app = Fastify({
    // Codes, search hashes and place queries travel in addresses: logs keep only their shape.
    loggerInstance: ctx.logger.child(
      {},
      {
        serializers: {
          req: (request: FastifyRequest) => ({
            method: request.method,
            url: logUrl(request.url),
            remoteAddress: request.ip,
          }),
        },
      },
    ) as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // Always made here: a client's X-Request-Id was echoed and logged as sent, so anyone could
    // forge another request's id or fill log lines with 8 KB of their own text.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: answerClientError,
    // Malformed or over-long path segments: the SPEC error shape, without echoing the path.
    frameworkErrors: (error, _request, reply) =>
      (reply as unknown as FastifyReply).code(error.statusCode ?? 400).send({
        message:
          error.statusCode === 414 ? 'A part of the address is too long.' : 'The address is not valid.',
      }),
  });

  registerJsonBody(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (/%00/.test(request.url)) throw new HttpError(400, 'The address contains a NUL character.');
    if (!hasWellFormedPercentEncoding(request.url))
      throw new HttpError(400, 'The address contains an invalid character encoding.');
    request.brand = resolveBrand(request, config, ctx.brands, fallbackBrand);
  });

  await app.register(helmet, {
    // Per brand, so it is set with the brand's other headers below.
    contentSecurityPolicy: false,
    // Sent below, and only over HTTPS (RFC 6797 §7.2: HSTS over plain HTTP is to be ignored).
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // Set on request so that streamed answers (SSE), which bypass onSend, carry them too.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', contentSecurityPolicy(request.brand.settings));
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  const routes = new RouteTable(accountGuards(ctx));
  app.addHook('onSend', async (request, reply) => {
    // Account data must not stay in shared or browser caches (set last, over any route's own).
    if (request.headers.authorization || routes.isPrivate(request.routeOptions.url))
      reply.header('cache-control', 'no-store');
  });
  await app.register(cors, { origin: allowedOrigins(ctx), credentials: false, maxAge: 600 });
  // The app's own files, tiles and glyphs are cheap and cached, and travellers sharing one address
  // (hotel wifi, carrier NAT) would use the general budget up panning a map: they draw on a budget
  // of their own, large enough for map use but not for a flood (issue 30, finding 9).
  const isMapOrAppFile = (request: FastifyRequest) =>
    isWebFileRequest(request) || routes.isOutsideGeneralBudget(request.routeOptions.url);
  await app.register(rateLimit, {
    max: (request) => (isMapOrAppFile(request) ? config.mapRateLimitPerMinute : config.rateLimitPerMinute),
    timeWindow: 60_000,
    keyGenerator: (request) => {
      const key = apiKeyOf(request);
      const client = clientKey(request);
      if (isMapOrAppFile(request)) return `map|${client}`;
      return key !== undefined && matchApiKey(config.apiKeys, key) ? `${key}|${client}` : client;
    },
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });

  app.setErrorHandler(answerError);

  await registerCompression(app);
  registerSystemRoutes(app, routes, ctx);
  registerBrandRoutes(app, routes, ctx);
  registerSearchRoutes(app, routes, ctx);
  registerJourneyRoutes(app, routes, ctx);
  registerAccountRoutes(app, routes, ctx);
  registerCampaignRoutes(app, routes, ctx);
  registerPlaceRoutes(app, routes, ctx);
  registerTileRoutes(app, routes, ctx);
  registerEventRoutes(app, routes, ctx);
  registerLiveStatusRoutes(app, routes, ctx);
  await registerDocsPage(app);

  const webIndex = join(config.webDist, 'index.html');
  const serveWeb = existsSync(webIndex);
  if (serveWeb) await registerWebFiles(app, config.webDist);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // The SPA's history-mode routes get index.html; so does any other page address, with a 404
    // (the SPA then shows its not-found page). API paths and missing files get a JSON 404.
    if (serveWeb && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/v1/')) {
      const page = isWebRoute(path, request.brand.settings.enableUserAccounts);
      if (page || !/\.[a-z0-9]+$/i.test(path))
        return reply
          .code(page ? 200 : 404)
          .header('cache-control', 'no-cache')
          .sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found.' });
  });
  return app;
}

/** Browser features the app never uses are switched off; geolocation serves "current location". */
const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), display-capture=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()';

/** Cross-origin calls only from the brands' own hosts and PUBLIC_URL. */
function allowedOrigins(ctx: AppContext): string[] {
  const origins = new Set<string>();
  for (const brand of ctx.brands.list()) {
    for (const host of brand.settings.hosts) {
      origins.add(`https://${host}`);
      origins.add(`http://${host}`);
    }
  }
  if (ctx.config.publicUrl) origins.add(new URL(ctx.config.publicUrl).origin);
  return [...origins];
}
