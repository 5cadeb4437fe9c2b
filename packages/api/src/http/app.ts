import { isUtf8 } from 'node:buffer';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { registerAccountRoutes } from '../accounts/accountRoutes.ts';
import { registerBrandRoutes } from '../brands/brandRoutes.ts';
import { apiKeyOf, matchApiKey } from '../brands/apiKeys.ts';
import { resolveBrand } from '../brands/resolveBrand.ts';
import { registerCampaignRoutes } from '../campaigns/campaignRoutes.ts';
import { getBrand, type AppContext } from '../context.ts';
import { isDataException, isDatabaseUnavailable, isUniqueViolation } from '../db/databaseErrors.ts';
import { registerJourneyRoutes } from '../journeys/journeyRoutes.ts';
import { registerPlaceRoutes } from '../places/placeRoutes.ts';
import { registerEventRoutes } from '../events/eventRoutes.ts';
import { registerLiveStatusRoutes } from '../live/liveStatusRoutes.ts';
import { registerSearchRoutes } from '../search/searchRoutes.ts';
import { registerTileRoutes } from '../tiles/tileRoutes.ts';
import { clientKey } from './clientKey.ts';
import { registerCompression } from './compression.ts';
import { contentSecurityPolicy } from './contentSecurityPolicy.ts';
import { registerDocsPage } from './docsPage.ts';
import { HttpError, INVALID_DATA } from './httpError.ts';
import { isWebRoute } from './webRoutes.ts';
import { RouteTable } from './routeTable.ts';
import { registerSystemRoutes } from './systemRoutes.ts';
import { isWebFileRequest, registerWebFiles } from './webFiles.ts';
import { checkBody, hasWellFormedPercentEncoding, MAX_BODY_DEPTH } from './wellFormedText.ts';

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

  // The SPEC client sends `Content-Type: application/json` on body-less POSTs too.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, raw, done) => {
    const bytes = raw as Buffer;
    if (bytes.length === 0) return done(null, undefined);
    // JSON is UTF-8 (RFC 8259): invalid bytes would silently become U+FFFD in what we store.
    if (!isUtf8(bytes)) return done(new HttpError(400, 'The request body is not valid UTF-8.'), undefined);
    const body = bytes.toString('utf8');
    // PostgreSQL text cannot hold NUL: refuse it here rather than fail on insert with a 500.
    if (/\\u0000|\0/.test(body))
      return done(new HttpError(400, 'The request contains a NUL character.'), undefined);
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
    }
    // Nor thousands of nested levels (a denial of service on every walk of the body), nor a lone
    // surrogate (a `\ud800` escape): the field that holds one gets a 422, not a 500.
    const { tooDeep, illFormedFields: illFormed } = checkBody(value);
    if (tooDeep)
      return done(
        new HttpError(400, `The request body nests more than ${MAX_BODY_DEPTH} levels deep.`),
        undefined,
      );
    if (illFormed.length > 0) {
      const message = 'This contains a character that is not valid text (a lone UTF-16 surrogate).';
      const errors = Object.fromEntries(illFormed.map((field) => [field, [message]]));
      return done(new HttpError(422, INVALID_DATA, errors), undefined);
    }
    done(null, value);
  });

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
  app.addHook('onSend', async (request, reply) => {
    // Account data must not stay in shared or browser caches (set last, over any route's own).
    if (request.headers.authorization || PRIVATE_PATHS.test(request.url))
      reply.header('cache-control', 'no-store');
  });
  await app.register(cors, { origin: allowedOrigins(ctx), credentials: false, maxAge: 600 });
  const routes = new RouteTable();
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

  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Send the request body as application/json.'
            : error.message;
      return reply.code(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
    }
    // A value the database refused or a race the unique index settled: validation or the handler
    // should have caught it (logged as a warning to fix), but it is the request's, not a bug's, 500.
    if (isUniqueViolation(error)) {
      request.log.warn({ err: error }, 'unique violation reached the error handler');
      return reply.code(409).send({ message: 'This clashed with another request. Please try again.' });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'the database refused a value that validation let through');
      return reply.code(400).send({ message: 'The request contains a value that cannot be stored.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });

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

/** Account routes: their answers (users, tokens, saved journeys) are never cached. */
const PRIVATE_PATHS = /^\/v1\/(users|auth)\/|^\/v1\/journey\/saved\b|^\/v1\/journey-planner\/queries\/user\b/;

/** The longest address a log line keeps; a client could otherwise log 8 KB per request. */
const LOGGED_URL_MAX = 200;

/**
 * An address as the request log keeps it (issue 30, findings 3, 9 and 14): account codes in
 * paths redacted, other long tokens (search hashes, journey ids) cut to their first 6 characters,
 * every query value dropped (codes in the mails' page links, place queries), and at most
 * LOGGED_URL_MAX characters. Enough to see which route was called, not what it carried.
 */
export function logUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const shortPath = path
    .replace(/^(\/v1\/users\/(?:activation|password\/reset|unlock|email\/confirm)\/)[^/#]+/, '$1[redacted]')
    .split('/')
    .map((segment) => (segment.length >= 16 && /\d/.test(segment) ? `${segment.slice(0, 6)}…` : segment))
    .join('/');
  const names = query === undefined ? '' : `?${query.replace(/=[^&#]*/g, '=…')}`;
  const logged = shortPath + names;
  return logged.length > LOGGED_URL_MAX ? `${logged.slice(0, LOGGED_URL_MAX)}…` : logged;
}

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

/**
 * Requests Node's parser rejects before Fastify sees them (oversized headers or URL, broken
 * HTTP) still get the SPEC error shape `{ message }` rather than Fastify's default body.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request headers or address are too long.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request could not be understood.'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
