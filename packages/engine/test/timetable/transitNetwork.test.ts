// Feature under test: the Great-Britain-scale bench network has the shape of a real one (lines run
// between nearby places, city stops have services), so its routing figures mean something.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateGreatBritainNetwork, generateScotlandNetwork } from '../../bench/transitNetwork.ts';
import { haversineM } from '../../src/geo/geometry.ts';
import type { TimetableInput } from '../../src/timetable/types.ts';

/** The longest hop between consecutive stops of any trip, in km, and the share of stops some trip calls at. */
function shape(input: TimetableInput): { longestHopKm: number; servedShare: number } {
  const served = new Uint8Array(input.stops.length);
  let longest = 0;
  for (const t of input.trips) {
    for (let i = 0; i < t.stops.length; i++) {
      served[t.stops[i]!] = 1;
      if (i === 0) continue;
      const a = input.stops[t.stops[i - 1]!]!;
      const b = input.stops[t.stops[i]!]!;
      longest = Math.max(longest, haversineM(a.lat, a.lon, b.lat, b.lon) / 1000);
    }
  }
  return { longestHopKm: longest, servedShare: served.reduce((n, x) => n + x, 0) / served.length };
}

/** A digest of the stop positions and the trips' stops and times. */
function digest(input: TimetableInput): string {
  const h = createHash('sha256');
  for (const s of input.stops) h.update(`${s.lat},${s.lon};`);
  for (const t of input.trips) h.update(`${t.line}:${t.stops.join(',')}:${t.departures.join(',')};`);
  return h.digest('hex').slice(0, 16);
}

describe('generated Great-Britain-scale network', () => {
  const gb = shape(generateGreatBritainNetwork(0.1));

  it('runs its lines between nearby places, not across the island in a few hops', () => {
    // Before intercity lines went town to nearest town, a hop could span 489 km of the 955 km island.
    expect(gb.longestHopKm).toBeLessThan(150);
  });

  it('serves most of its stops, city stops included', () => {
    // Local routes starting only at towns left 57 % of the stops without a service.
    expect(gb.servedShare).toBeGreaterThan(0.5);
  });

  it('leaves the Scotland-scale network as the other benches know it', () => {
    // The digest of generateScotlandNetwork(0.1) at 951e116, before the options above existed.
    expect(digest(generateScotlandNetwork(0.1))).toBe('eca91e9455baa300');
  });
});
