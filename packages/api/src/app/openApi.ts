import {
  BrandSettings,
  Campaign,
  Direction,
  ErrorBody,
  Journey,
  LatLng,
  Leg,
  MessageResponse,
  OpeningTime,
  PageMeta,
  PlaceSuggestion,
  RecentSearchItem,
  RegionInfo,
  SavedJourneyItem,
  SearchQuery,
  Step,
  ToiletMarker,
  User,
} from '@cairn/contracts';
import { z } from 'zod';
import { isKeyless } from '../brands/apiKeys.ts';
import type { RouteSpec } from '../http/routeTable.ts';

type JsonSchema = Record<string, unknown>;

/**
 * Answer schemas that several routes (or one schema many times) contain: written once under
 * `components/schemas` and referenced, so an integrator's generated client gets one type each.
 */
const SHARED_OUTPUTS: Record<string, z.ZodType> = {
  BrandSettings,
  Campaign,
  Direction,
  Journey,
  LatLng,
  Leg,
  Message: MessageResponse,
  OpeningTime,
  PageMeta,
  PlaceSuggestion,
  RecentSearchItem,
  RegionInfo,
  SavedJourneyItem,
  SearchQuery,
  Step,
  ToiletMarker,
  User,
};
const sharedIds = new Map(Object.entries(SHARED_OUTPUTS).map(([id, schema]) => [schema, id]));
/** The contracts' metadata (descriptions live in zod's global registry) plus the shared schemas' ids. */
const sharedOutputs: typeof z.globalRegistry = Object.create(z.globalRegistry, {
  get: {
    value: (schema: z.ZodType) => {
      const meta = z.globalRegistry.get(schema);
      const id = sharedIds.get(schema);
      return id === undefined ? meta : { ...meta, id };
    },
  },
});

/** The document, built from the same zod schemas that validate requests and answers. */
export function buildOpenApi(
  specs: readonly RouteSpec[],
  info: { title: string; version: string; description?: string },
): JsonSchema {
  const schemas: Record<string, JsonSchema> = { Error: toSchema(ErrorBody, 'input', {}) };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of specs) {
    const path = spec.url.replace(/:([A-Za-z]+)/g, '{$1}');
    const pathParams = [...spec.url.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const queryParams = spec.query ? queryParameters(toSchema(spec.query, 'input', schemas)) : [];
    const okStatus = String(spec.responseStatus ?? 200);
    const okContent = spec.response
      ? { 'application/json': { schema: toSchema(spec.response, 'output', schemas) } }
      : Object.fromEntries(
          [spec.produces ?? 'application/json']
            .flat()
            .map((type) => [type, spec.events ? { schema: toSchema(spec.events, 'output', schemas) } : {}]),
        );
    const operation: Record<string, unknown> = {
      operationId: spec.operationId,
      summary: spec.summary,
      tags: [spec.tag],
      parameters: [...pathParams, ...queryParams],
      responses: {
        [okStatus]: { description: 'Success', content: okContent },
        ...(spec.noContent ? { '204': { description: spec.noContent } } : {}),
        '4XX': { $ref: '#/components/responses/Error' },
      },
    };
    if (spec.body)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: toSchema(spec.body, 'input', schemas) } },
      };
    // The key is needed only where the brand has keys, hence the empty alternative.
    if (isKeyless(spec.url)) operation.security = [];
    else if (spec.auth === 'required') operation.security = [{ bearer: [], apiKey: [] }];
    else operation.security = [{ apiKey: [] }, {}];
    (paths[path] ??= {})[spec.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { ...info, license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' } },
    // Relative: each brand's host serves the API the document was read from.
    servers: [{ url: '/', description: 'The server that sent this document' }],
    paths,
    components: {
      schemas: sortedByName(schemas),
      responses: {
        Error: {
          description: 'The request was wrong: a message and per-field errors',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
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

/**
 * A zod schema as OpenAPI 3.1 (JSON Schema 2020-12). Shared answer schemas it contains are moved
 * into `schemas` and referenced; requests stay inline, as their input forms differ from answers.
 */
function toSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  schemas: Record<string, JsonSchema>,
): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
    ...(io === 'output' ? { metadata: sharedOutputs } : {}),
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = pointAtComponents(converted);
  for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>))
    schemas[id] = definition;
  return rest;
}

/** zod names shared schemas under `$defs`; the document keeps them under `components/schemas`. */
function pointAtComponents(schema: JsonSchema): JsonSchema {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/$defs/', '"#/components/schemas/'),
    (_key, value) => (isEnumKeyedRecord(value) ? asObjectOfKeys(value) : value),
  ) as JsonSchema;
}

interface EnumKeyedRecord extends JsonSchema {
  propertyNames: { enum: string[] };
  additionalProperties: unknown;
}

const isEnumKeyedRecord = (value: unknown): value is EnumKeyedRecord =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { propertyNames?: { enum?: unknown } }).propertyNames?.enum);

/**
 * A record over an enum (one entry per weekday) as the object it is: each key a property.
 * zod writes it as `propertyNames` plus a `required` list that names no property, which
 * readers and generated clients do not understand.
 */
function asObjectOfKeys(record: EnumKeyedRecord): JsonSchema {
  const { propertyNames, additionalProperties, ...rest } = record;
  return {
    ...rest,
    properties: Object.fromEntries(propertyNames.enum.map((key) => [key, additionalProperties])),
    additionalProperties: false,
  };
}

const sortedByName = (schemas: Record<string, JsonSchema>) =>
  Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));

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
