import { describe, expect, it } from 'vitest';
import {
  initialResults,
  isLoading,
  placeholderCount,
  resultsReducer,
} from '../../src/search/resultsState.ts';
import { loadJourney } from '../../../contracts/test/fixtures.ts';

const wbw = loadJourney('walk-bus-walk-return');
const taxi = loadJourney('taxi-single');

describe('results loading (SPEC §4)', () => {
  it('starts loading with nothing known', () => {
    expect(isLoading(initialResults)).toBe(true);
    expect(placeholderCount(initialResults)).toBe(0);
  });
  it('creates placeholders per announced journey and fills them as journeys arrive', () => {
    let s = resultsReducer(initialResults, { type: 'retrieved', count: 2 });
    expect(placeholderCount(s)).toBe(2);
    s = resultsReducer(s, { type: 'journey', journey: wbw });
    expect(placeholderCount(s)).toBe(1);
    expect(isLoading(s)).toBe(true);
    s = resultsReducer(s, { type: 'journey', journey: taxi });
    expect(isLoading(s)).toBe(false);
  });
  it('never duplicates a journey delivered twice (replay after reconnect)', () => {
    let s = resultsReducer(initialResults, { type: 'journey', journey: wbw });
    s = resultsReducer(s, { type: 'journey', journey: { ...wbw, user_status: 'saved' } });
    expect(s.journeys).toHaveLength(1);
    expect(s.journeys[0]?.user_status).toBe('saved');
  });
  it('merges a snapshot with journeys that came by event', () => {
    let s = resultsReducer(initialResults, { type: 'journey', journey: wbw });
    s = resultsReducer(s, {
      type: 'snapshot',
      journeys: [wbw, taxi],
      expected: 2,
      failed: null,
      query: null,
    });
    expect(s.journeys.map((j) => j.id)).toEqual(['wbw-return', 'taxi-single']);
    expect(isLoading(s)).toBe(false);
  });
  it('ends loading with zero results (no-results view)', () => {
    const s = resultsReducer(initialResults, { type: 'retrieved', count: 0 });
    expect(isLoading(s)).toBe(false);
  });
  it('ends loading on failure', () => {
    const s = resultsReducer(initialResults, { type: 'failed', message: 'x' });
    expect(isLoading(s)).toBe(false);
  });
});
