// Feature under test: regions/region.schema.json stays in step with the zod schema of region.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { regionConfigJsonSchema } from '@cairn/engine/region';

describe('region.schema.json', () => {
  it('matches the schema derived from RegionConfig (regenerate with packages/engine/src/region/jsonSchema.ts)', () => {
    const onDisk = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', 'region.schema.json'), 'utf8'),
    ) as unknown;
    expect(onDisk).toEqual(regionConfigJsonSchema());
  });
});
