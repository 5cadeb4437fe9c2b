import { ErrorBody } from '@cairn/contracts';
import { z } from 'zod';
import { isKeyless } from '../brands/apiKeys.ts';
import type { RouteSpec } from './routeTable.ts';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as JsonSchema;
  return rest;
};

/** The OpenAPI 3 document of every registered route, from the same zod schemas that validate. */
export function buildOpenApi(
  specs: readonly RouteSpec[],
  info: { title: string; version: string; description?: string },
): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorSchema = toSchema(ErrorBody, 'output');
  for (const spec of specs) {
    const path = spec.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const pathParams = [...spec.url.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const queryParams = spec.query ? queryParameters(toSchema(spec.query, 'input')) : [];
    const okStatus = String(spec.responseStatus ?? 200);
    const okContent = spec.response
      ? { 'application/json': { schema: toSchema(spec.response, 'output') } }
      : { [spec.produces ?? 'application/json']: {} };
    const operation: Record<string, unknown> = {
      summary: spec.summary,
      tags: [spec.tag],
      parameters: [...pathParams, ...queryParams],
      responses: {
        [okStatus]: { description: 'Success', content: okContent },
        '4XX': {
          description: 'The request was wrong: a message and per-field errors',
          content: { 'application/json': { schema: errorSchema } },
        },
      },
    };
    if (spec.body)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(spec.body, 'input') } },
      };
    // The key is needed only where the brand has keys, hence the empty alternative.
    if (isKeyless(spec.url)) operation.security = [];
    else if (spec.auth === 'required') operation.security = [{ bearer: [], apiKey: [] }];
    else operation.security = [{ apiKey: [] }, {}];
    (paths[path] ??= {})[spec.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info,
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description:
            "The brand's public key (SPEC §7; ADR 010), from GET /v1/config. Needed only when the server configures keys for the brand (API_KEYS): 401 without a valid key, 403 with a key of another brand.",
        },
      },
    },
  };
}

function queryParameters(schema: JsonSchema): unknown[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: s,
  }));
}
