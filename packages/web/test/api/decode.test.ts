import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JourneyResponse, QueryEvent } from '@cairn/contracts';
import { FIXTURE_NAMES, loadJourney } from '../../../contracts/test/fixtures.ts';
import { ContractMismatch, decode, decodeInSteps, decodeList, matches } from '../../src/api/decode.ts';

// The browser checks answers against JSON Schema made from the contracts at build time (ADR 015).
// The contracts' zod schemas stay the reference: both must give the same verdict.

const answers = FIXTURE_NAMES.map((name) => ({ data: loadJourney(name) }));

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value inside `doc`, so a mutation can pick one. */
function paths(doc: Json, at: (string | number)[] = []): (string | number)[][] {
  if (doc === null || typeof doc !== 'object') return [at];
  const keys = Array.isArray(doc) ? doc.map((_, i) => i) : Object.keys(doc);
  return [at, ...keys.flatMap((k) => paths((doc as Record<string | number, Json>)[k]!, [...at, k]))];
}

const STRANGERS: Json[] = [null, 7, -1.5, '', 'text', true, [], {}, [1, 'a'], { x: 1 }];

/** `doc` with the value at `path` replaced (or, for an object member, deleted when `value` is undefined). */
function mutate(doc: Json, path: (string | number)[], value: Json | undefined): Json {
  const copy = structuredClone(doc);
  if (path.length === 0) return value ?? null;
  const parent = path
    .slice(0, -1)
    .reduce<Json>((node, k) => (node as Record<string | number, Json>)[k]!, copy);
  const last = path.at(-1)!;
  if (value === undefined && !Array.isArray(parent)) delete (parent as Record<string, Json>)[last];
  else (parent as Record<string | number, Json>)[last] = value ?? null;
  return copy;
}

describe('decode (answers checked against the contracts in the browser)', () => {
  it('takes every contract example journey as it is', () => {
    for (const answer of answers) expect(decode('JourneyResponse', answer)).toBe(answer);
  });

  it('gives the same verdict as the zod contract on damaged journeys', () => {
    fc.assert(
      fc.property(
        fc.nat(answers.length - 1),
        fc.nat(),
        fc.option(fc.constantFrom(...STRANGERS), { nil: undefined }),
        (which, pick, value) => {
          const answer = answers[which] as unknown as Json;
          const all = paths(answer);
          const damaged = mutate(answer, all[pick % all.length]!, value);
          expect(matches('JourneyResponse', damaged)).toBe(JourneyResponse.safeParse(damaged).success);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('ignores fields added by a newer server, as zod does', () => {
    const answer = structuredClone(answers[0]!) as unknown as { data: { depart: Record<string, unknown> } };
    answer.data.depart.added_later = { anything: true };
    expect(JourneyResponse.safeParse(answer).success).toBe(true);
    expect(matches('JourneyResponse', answer)).toBe(true);
  });

  it('says where an answer breaks the contract', () => {
    const answer = structuredClone(answers[0]!) as unknown as { data: { depart: { duration: unknown } } };
    answer.data.depart.duration = 'long';
    expect(() => decode('JourneyResponse', answer)).toThrow(ContractMismatch);
    expect(() => decode('JourneyResponse', answer)).toThrow(/JourneyResponse at #\/data\/depart\/duration/);
  });

  it('checks lists item by item', () => {
    const journeys = answers.map((a) => a.data);
    expect(decodeList('SearchResults', [])).toEqual([]);
    expect(() => decodeList('Impression', [{ id: 1 }])).toThrow(ContractMismatch);
    expect(matches('SearchResults', { data: { query: {}, journeys } })).toBe(false);
  });

  it('checks a long list one item per task, refusing it when one item breaks the contract', async () => {
    const journeys = answers.map((a) => a.data);
    expect(await decodeInSteps('Journey', journeys)).toBe(journeys);
    const broken = [...journeys, { ...journeys[0]!, depart: null }];
    await expect(decodeInSteps('Journey', broken)).rejects.toThrow(/Journey at #\/depart/);
    await expect(decodeInSteps('Journey', 'none')).rejects.toThrow(ContractMismatch);
  });

  it('agrees with zod on the live channel events', () => {
    const events: unknown[] = [
      { event: 'results.retrieved', data: { journey_count: 3 } },
      { event: 'results.retrieved', data: { journey_count: -1 } },
      { event: 'journey.processed', data: { journeyID: 'j1' } },
      { event: 'journey.processed', data: {} },
      { event: 'journey.updated', data: { journeyID: 'j1', live_version: '4', status: 'changed' } },
      { event: 'journey.updated', data: { journeyID: 'j1', live_version: '4', status: 'late' } },
      { event: 'search.failed', data: { message: 'no route' } },
      { event: 'unknown', data: {} },
    ];
    for (const event of events)
      expect(matches('QueryEvent', event)).toBe(QueryEvent.safeParse(event).success);
  });
});
