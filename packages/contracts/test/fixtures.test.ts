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
  it.each(FIXTURE_NAMES)('%s: its sort values are its own times and price', (name) => {
    const j = Journey.parse(
      JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/journeys', `${name}.json`), 'utf8')),
    );
    expect(j.sort['depature-time']).toBe(Date.parse(j.depart.departure_datetime) / 1000);
    expect(j.sort['arrival-time']).toBe(Date.parse(j.depart.arrival_datetime) / 1000);
    expect(j.sort.cost).toBe(Math.round(Number(j.cost.replace('£', '')) * 100));
  });
});
