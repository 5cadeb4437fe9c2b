// Feature under test: journey ids are the search hash plus the engine's content-based option id.
import { describe, expect, it } from 'vitest';
import { hashOfJourneyId, journeyIdFor } from '../../src/search/searchStore.ts';

const HASH = '0123456789abcdef0123456789abcdef';

describe('journey ids', () => {
  it('carry the hash and the engine option id, whatever the position', () => {
    expect(journeyIdFor(HASH, 0, 'Ab_9-xYz')).toBe(`${HASH}-Ab_9-xYz`);
    expect(journeyIdFor(HASH, 7, 'Ab_9-xYz')).toBe(`${HASH}-Ab_9-xYz`);
    expect(hashOfJourneyId(`${HASH}-Ab_9-xYz`)).toBe(HASH);
  });

  it('fall back to the position for an unusable option id, and keep repeated ones apart', () => {
    expect(journeyIdFor(HASH, 2, 'has a/slash')).toBe(`${HASH}-3`);
    expect(journeyIdFor(HASH, 2)).toBe(`${HASH}-3`);
    expect(journeyIdFor(HASH, 4, 'same', new Set([`${HASH}-same`]))).toBe(`${HASH}-same-5`);
  });

  it('still read the positional ids stored before, and reject anything else', () => {
    expect(hashOfJourneyId(`${HASH}-12`)).toBe(HASH);
    expect(hashOfJourneyId('nonsense')).toBeUndefined();
    expect(hashOfJourneyId(`${HASH}-`)).toBeUndefined();
    expect(hashOfJourneyId(`${HASH}-a/b`)).toBeUndefined();
    expect(hashOfJourneyId(`${HASH.toUpperCase()}-1`)).toBeUndefined();
  });
});
