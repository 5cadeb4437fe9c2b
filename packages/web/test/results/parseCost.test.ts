import { describe, expect, it } from 'vitest';
import { parseCost, UNKNOWN_COST } from '../../src/results/parseCost.ts';

describe('parseCost (SPEC §4 cost sort)', () => {
  it('treats free as zero', () => expect(parseCost('free')).toBe(0));
  it('puts unknown last', () => expect(parseCost('unknown')).toBe(UNKNOWN_COST));
  it('extracts digits from price text', () => {
    expect(parseCost('£12.40')).toBe(1240);
    expect(parseCost('£3')).toBe(300);
    expect(parseCost('£1,234.5')).toBe(123450);
    expect(parseCost('about £7.05 (estimate)')).toBe(705);
  });
  it('orders prices numerically', () => {
    const texts = ['£10.00', 'unknown', 'free', '£9.99', '£2.50'];
    expect([...texts].sort((a, b) => parseCost(a) - parseCost(b))).toEqual([
      'free',
      '£2.50',
      '£9.99',
      '£10.00',
      'unknown',
    ]);
  });
});
