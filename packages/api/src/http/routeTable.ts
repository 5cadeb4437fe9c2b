import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Auth = 'none' | 'optional' | 'required';

/** The names of a URL pattern's path parameters: `/v1/tiles/:z/:x/:y.pbf` → 'z' | 'x' | 'y'. */
type ParamNames<Url extends string> = Url extends `${string}:${infer Name}/${infer Rest}`
  ? ParamName<Name> | ParamNames<`/${Rest}`>
  : Url extends `${string}:${infer Name}`
    ? ParamName<Name>
    : never;
type ParamName<Segment extends string> = Segment extends `${infer Name}.${string}` ? Name : Segment;

/** A route's path parameters, by the names its URL pattern gives them. */
export type PathParams<Url extends string> = { readonly [Name in ParamNames<Url>]: string };

/** What the table hands a handler besides the request: its path parameters and, when `auth` is required, the user. */
export interface RouteInput<Url extends string, User> {
  params: PathParams<Url>;
  user: User;
}

/** How the table checks a route's `accounts` and `auth` (given by the app, which knows users). */
export interface RouteGuards<User> {
  /** Throws the answer of a site with user accounts switched off. */
  requireAccounts(request: FastifyRequest): void;
  /** The user of the request's bearer token; throws the 401 when there is none. */
  getUser(request: FastifyRequest): Promise<User>;
}

/** What the OpenAPI document says about one route; the same zod schemas validate at run time. */
export interface RouteSpec<Url extends string = string, A extends Auth = Auth> {
  method: Method;
  url: Url;
  /** The operation's stable name for integrators' generated clients. */
  operationId: string;
  summary: string;
  tag: string;
  /**
   * 'required': the table answers 401 before the handler without a valid bearer token, and hands
   * the handler its user. 'optional': the handler looks the user up itself, if at all.
   */
  auth?: A;
  /** An account route: the table answers 404 on a site with user accounts switched off. */
  accounts?: true;
  /** Its answers hold account data: sent with `Cache-Control: no-store`, never cached. */
  private?: true;
  body?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  responseStatus?: number;
  /** Content types of a non-JSON response. */
  produces?: string | readonly string[];
  /** The JSON `data:` of each Server-Sent Event a text/event-stream route sends, for the document. */
  events?: z.ZodType;
  /** When the route answers 204 No Content, for the document. */
  noContent?: string;
  /** A tighter per-route limit (requests per minute), e.g. for login. */
  rateLimitPerMinute?: number;
  /**
   * Left out of the general per-client budget: cheap, cacheable answers a map asks for by the
   * hundred (tiles, glyphs), which travellers sharing one address would otherwise exhaust. They
   * draw on the larger map-and-app budget instead (MAP_RATE_LIMIT_PER_MINUTE).
   */
  outsideGeneralBudget?: true;
}

/** Routes registered through `add` are both served and listed for /v1/docs. */
export class RouteTable<User> {
  readonly specs: RouteSpec[] = [];
  readonly #guards: RouteGuards<User>;

  constructor(guards: RouteGuards<User>) {
    this.#guards = guards;
  }

  /**
   * Serves a route: the `accounts` check, then `auth: 'required'`, then the handler with the
   * path parameters its URL names.
   */
  add<Url extends string, A extends Auth = 'none'>(
    app: FastifyInstance,
    spec: RouteSpec<Url, A>,
    handler: (
      request: FastifyRequest,
      reply: FastifyReply,
      input: RouteInput<Url, A extends 'required' ? User : undefined>,
    ) => Promise<unknown>,
  ): void {
    this.specs.push(spec);
    const config: { rateLimit?: { max: number; timeWindow: number } } = spec.rateLimitPerMinute
      ? { rateLimit: { max: spec.rateLimitPerMinute, timeWindow: 60_000 } }
      : {};
    const names = paramNamesOf(spec.url);
    const guards = this.#guards;
    app.route({
      method: spec.method,
      url: spec.url,
      config,
      handler: async (request, reply) => {
        if (spec.accounts) guards.requireAccounts(request);
        const user = spec.auth === 'required' ? await guards.getUser(request) : undefined;
        const raw = request.params as Record<string, string | undefined>;
        const params = Object.fromEntries(names.map((name) => [name, raw[name] ?? '']));
        return handler(request, reply, {
          params: params as PathParams<Url>,
          user: user as A extends 'required' ? User : undefined,
        });
      },
    });
  }

  /** Whether the route (its URL pattern) is outside the general budget. */
  isOutsideGeneralBudget(url: string | undefined): boolean {
    return this.specs.some((spec) => spec.outsideGeneralBudget && spec.url === url);
  }

  /** Whether the route (its URL pattern) answers account data, never to be cached. */
  isPrivate(url: string | undefined): boolean {
    return this.specs.some((spec) => spec.private && spec.url === url);
  }
}

/** The path parameter names of a URL pattern at run time, as `ParamNames` reads them in types. */
function paramNamesOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}
