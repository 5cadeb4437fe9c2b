// Feature under test: sort keys, stable ids, pruning of dominated and duplicate options, diversity.
import { describe, expect, it } from 'vitest';
import { computeSortKeys, UNKNOWN_COST_SORT } from '../../../src/journeys/ranking/sortKeys.ts';
import { optionId } from '../../../src/journeys/ranking/optionId.ts';
import { dominates, pruneOptions } from '../../../src/journeys/ranking/prune.ts';
import type { OptionScore } from '../../../src/journeys/ranking/prune.ts';
import { MON_0900, PLACES, rideStep } from '../fixtures/steps.ts';

const score = (over: Partial<OptionScore>): OptionScore => ({
  family: 'walk>bus 31>walk',
  departSec: 1000,
  arriveSec: 5000,
  costPence: 450,
  carbonKg: 1,
  walkM: 500,
  changes: 3,
  ...over,
});

describe('sort keys', () => {
  it('computes every SPEC key, cost unknown sorting last', () => {
    const keys = computeSortKeys({
      carbonKg: 1.2345,
      costPence: null,
      departSec: 10,
      arriveSec: 70,
      travelSec: 60,
      waitSec: 5,
      walkM: 321.6,
      stageCount: 3,
    });
    expect(keys).toEqual({
      emissions: 1.235,
      cost: UNKNOWN_COST_SORT,
      'depature-time': 10,
      'travel-time': 60,
      'arrival-time': 70,
      'wait-time': 5,
      'walk-distance': 322,
      'least-changes': 3,
    });
    expect(UNKNOWN_COST_SORT).toBeLessThan(1_000_000);
  });
});

describe('optionId', () => {
  it('is stable for equal content and differs when a trip differs', () => {
    const mk = (start: number) => ({
      kind: 'transit',
      depart: { steps: [rideStep('bus', PLACES.aviemore, PLACES.carrbridge, start, 900)] },
      ret: null,
    });
    expect(optionId(mk(MON_0900))).toBe(optionId(mk(MON_0900)));
    expect(optionId(mk(MON_0900))).not.toBe(optionId(mk(MON_0900 + 1800)));
    expect(optionId(mk(MON_0900))).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });
});

describe('pruning', () => {
  it('finds domination only when no criterion is worse', () => {
    expect(dominates(score({ arriveSec: 4000 }), score({}))).toBe(true);
    expect(dominates(score({ arriveSec: 4000, costPence: 500 }), score({}))).toBe(false);
    expect(dominates(score({}), score({}))).toBe(false);
    expect(dominates(score({ costPence: 400 }), score({ costPence: null }))).toBe(true);
    expect(dominates(score({ costPence: null, arriveSec: 10 }), score({ costPence: null }))).toBe(false);
  });
  it('drops dominated options and near-duplicates, keeps trade-offs', () => {
    const items = [
      score({
        family: 'walk',
        departSec: 900,
        arriveSec: 9000,
        costPence: 0,
        carbonKg: 0,
        walkM: 9000,
        changes: 1,
      }),
      score({}),
      score({ arriveSec: 5060 }), // same bus a minute later in the data: duplicate
      score({ arriveSec: 5600, costPence: 500 }), // dominated by the first bus
      score({ family: 'taxi', arriveSec: 2000, costPence: 2500, carbonKg: 3, walkM: 0, changes: 1 }),
    ];
    const kept = pruneOptions(items, (x) => x);
    expect(kept.map((k) => k.family)).toEqual(['walk', 'walk>bus 31>walk', 'taxi']);
    expect(kept[1]?.arriveSec).toBe(5000);
  });
  it('keeps at most three departures of one family and represents every family', () => {
    const buses = Array.from({ length: 10 }, (_, i) =>
      score({ departSec: 1000 + i * 3600, arriveSec: 5000 + i * 3600 }),
    );
    const kept = pruneOptions(
      [...buses, score({ family: 'train', costPence: 900, carbonKg: 0.5, arriveSec: 99_999 })],
      (x) => x,
      3,
      12,
    );
    expect(kept.filter((k) => k.family === 'walk>bus 31>walk')).toHaveLength(3);
    expect(kept.some((k) => k.family === 'train')).toBe(true);
    const late = pruneOptions(buses, (x) => x, 3, 12, true);
    expect(late.map((k) => k.departSec)).toEqual([1000 + 7 * 3600, 1000 + 8 * 3600, 1000 + 9 * 3600]);
  });

  it('caps a group of families as a whole, the best of each family first', () => {
    const lift = (family: string, h: number) =>
      score({ family, group: 'lift', departSec: h * 3600, arriveSec: h * 3600 + 1800, carbonKg: h });
    const items = [
      lift('car', 8),
      lift('car', 9),
      lift('lift out|car>train', 8),
      lift('lift out|car>train', 10),
      score({ family: 'walk>bus', departSec: 8 * 3600, arriveSec: 9 * 3600 }),
    ];
    const kept = pruneOptions(items, (x) => x, 3, 12, false, { lift: 2 });
    expect(kept.filter((k) => k.group === 'lift').map((k) => k.family)).toEqual([
      'car',
      'lift out|car>train',
    ]);
    expect(kept.some((k) => k.family === 'walk>bus')).toBe(true);
  });
});
