import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the OpenAPI document says about one route; the same zod schemas validate at run time. */
export interface RouteSpec {
  method: Method;
  url: string;
  /** The operation's stable name for integrators' generated clients. */
  operationId: string;
  summary: string;
  tag: string;
  auth?: 'none' | 'optional' | 'required';
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
export class RouteTable {
  readonly specs: RouteSpec[] = [];

  add(
    app: FastifyInstance,
    spec: RouteSpec,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ): void {
    this.specs.push(spec);
    const config = spec.rateLimitPerMinute
      ? { rateLimit: { max: spec.rateLimitPerMinute, timeWindow: 60_000 } }
      : {};
    app.route({ method: spec.method, url: spec.url, handler, config });
  }

  /** Whether the route (its URL pattern) is outside the general budget. */
  isOutsideGeneralBudget(url: string | undefined): boolean {
    return this.specs.some((spec) => spec.outsideGeneralBudget && spec.url === url);
  }
}
