// Build step of ADR 015: the browser checks API answers against JSON Schema made here, at build
// time, from the contracts' zod schemas, so the one source of the wire format stays the contracts
// and the browser neither downloads zod nor spends its start-up building schemas.
import type { Plugin } from 'vite';
import { z } from 'zod';
import * as contracts from '@cairn/contracts';
import { DECODED_SCHEMAS } from '../src/api/decodedSchemas.ts';

const MODULE_ID = 'virtual:contract-schemas';
const RESOLVED_ID = `\0${MODULE_ID}`;
const DEFS = '#/$defs/';

type JsonSchema = { [key: string]: unknown };

/**
 * The decoded schemas and every contract schema they refer to, under `$defs` by export name. Each
 * exported schema is named once, so one used by several answers (a journey) is written once.
 */
export function contractSchemaDefs(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [name, value] of Object.entries(contracts))
    if (value instanceof z.ZodType) registry.add(value, { id: name });
  const all = z.toJSONSchema(registry, {
    io: 'output',
    unrepresentable: 'any',
    target: 'draft-2020-12',
    uri: (id) => `${DEFS}${id}`,
  }).schemas as Record<string, JsonSchema>;
  const kept: Record<string, JsonSchema> = {};
  const keep = (name: string): void => {
    if (kept[name]) return;
    const { $schema: _dialect, $id: _id, ...schema } = all[name]!;
    kept[name] = forwardCompatible(schema);
    JSON.stringify(schema, (key, value: unknown) => {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(DEFS))
        keep(value.slice(DEFS.length));
      return value;
    });
  };
  for (const name of DECODED_SCHEMAS) keep(name);
  return kept;
}

/**
 * zod's output schemas close every object (`additionalProperties: false`), but zod itself drops
 * unknown keys rather than refusing them, and the contract promises that clients ignore fields
 * added later: a web app kept by the service worker must still read a newer server's answers.
 * They also list a field with a default as required (the output always has it), where zod takes
 * an answer without it: such a field is optional here too.
 */
function forwardCompatible(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) => {
    if (!value || typeof value !== 'object') return value;
    const { additionalProperties, ...open } = value as JsonSchema;
    const out = additionalProperties === false ? open : (value as JsonSchema);
    const properties = out.properties as Record<string, JsonSchema> | undefined;
    if (!properties || !Array.isArray(out.required)) return out;
    return {
      ...out,
      required: (out.required as string[]).filter((k) => properties[k]?.default === undefined),
    };
  }) as JsonSchema;
}

/** Serves `virtual:contract-schemas`: `{ $defs }` as made by contractSchemaDefs. */
export function contractSchemasPlugin(): Plugin {
  return {
    name: 'cairn-contract-schemas',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // JSON.parse of a string literal is quicker for the browser than the same object literal.
      const text = JSON.stringify({ $defs: contractSchemaDefs() });
      return `export default JSON.parse(${JSON.stringify(text)});`;
    },
  };
}
