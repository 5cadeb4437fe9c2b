import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Journey } from '@cairn/contracts';
import { FIXTURE_NAMES } from './fixtures.ts';

describe('fixture journeys', () => {
  it('include the named fixtures', () => {
    expect(FIXTURE_NAMES).toEqual(
      expect.arrayContaining(['walk-bus-walk-return', 'taxi-single', 'drt-bus', 'carclub-single']),
    );
  });
  it.each(FIXTURE_NAMES)('%s is a valid Journey', (name) => {
    const raw: unknown = JSON.parse(
      readFileSync(join(import.meta.dirname, 'fixtures/journeys', `${name}.json`), 'utf8'),
    );
    const parsed = Journey.safeParse(raw);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});
