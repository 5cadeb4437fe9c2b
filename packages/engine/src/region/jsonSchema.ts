/*
 * The JSON Schema of region.json, derived from the zod schema so editors can validate and
 * complete region files. Run directly to write it:
 *   npx node packages/engine/src/region/jsonSchema.ts regions/region.schema.json
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { RegionConfig } from './regionConfig.ts';

/** JSON Schema (draft 2020-12) of region.json as written by hand, i.e. before defaults are applied. */
export function regionConfigJsonSchema(): Record<string, unknown> {
  return { ...z.toJSONSchema(RegionConfig, { io: 'input' }), title: 'Cairn region.json' };
}

/** The schema as formatted file text. */
export function regionConfigJsonSchemaText(): string {
  return JSON.stringify(regionConfigJsonSchema(), null, 2) + '\n';
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: jsonSchema.ts OUT_FILE');
    process.exit(2);
  }
  writeFileSync(out, regionConfigJsonSchemaText());
}
