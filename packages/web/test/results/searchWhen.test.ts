import { describe, expect, it } from 'vitest';
import { describeSearchTime } from '../../src/results/searchWhen.ts';

describe('when a search travels, in the Results header', () => {
  it('names the day and the time of leaving and returning', () => {
    expect(
      describeSearchTime({
        out_departure_at: '2026/11/29 09:00:00',
        arrive_at_time: null,
        return_time: '2026/11/29 17:00:00',
      }),
    ).toBe('Sun, 29 Nov 2026, leaving 09:00, returning 17:00');
  });
  it('says "arriving by" for an appointment, and the return day when it is another', () => {
    expect(
      describeSearchTime({
        out_departure_at: '2026/11/29 08:20:00',
        arrive_at_time: '2026/11/29 10:00:00',
        return_time: '2026/11/30 09:00:00',
      }),
    ).toBe('Sun, 29 Nov 2026, arriving by 10:00, returning Mon, 30 Nov 2026 09:00');
  });
});
