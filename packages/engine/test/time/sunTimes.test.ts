import { describe, expect, it } from 'vitest';
import { inDaylight, sunTimes } from '../../src/time/sunTimes.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const hhmm = (sec: number) => new Date(sec * 1000).toISOString().slice(11, 16);
const times = (lat: number, lon: number, iso: string) => {
  const sun = sunTimes(lat, lon, at(iso));
  return 'polar' in sun ? sun.polar : `${hhmm(sun.riseSec)}–${hhmm(sun.setSec)}`;
};

describe('sunrise and sunset (NOAA solar equations)', () => {
  // Almanac values (HM Nautical Almanac Office / timeanddate.com), UTC, within two minutes.
  it('London at midsummer: 04:43 and 21:21 BST', () => {
    expect(times(51.5074, -0.1278, '2026-06-21T12:00:00Z')).toMatch(/^03:4[1-5]–20:(19|2[0-3])$/);
  });
  it('Edinburgh at midwinter: 08:42 and 15:40', () => {
    expect(times(55.9533, -3.1883, '2026-12-21T12:00:00Z')).toMatch(/^08:4[0-4]–15:(3[8-9]|4[0-2])$/);
  });
  it('New York on a summer evening is still that day, not the next UTC day: sunset 20:31 EDT', () => {
    expect(times(40.7128, -74.006, '2026-06-22T00:10:00Z')).toMatch(/^09:2\d–00:3\d$/);
    expect(inDaylight(40.7128, -74.006, at('2026-06-22T00:00:00Z'), at('2026-06-22T00:20:00Z'))).toBe(true);
  });
  it('polar night and day', () => {
    expect(times(78.22, 15.65, '2026-12-21T12:00:00Z')).toBe('night');
    expect(times(78.22, 15.65, '2026-06-21T12:00:00Z')).toBe('day');
  });
  it('a ride in Aviemore on 8 December: in daylight at noon, not after 15:35', () => {
    expect(inDaylight(57.19, -3.83, at('2026-12-08T11:00:00Z'), at('2026-12-08T12:30:00Z'))).toBe(true);
    expect(inDaylight(57.19, -3.83, at('2026-12-08T15:00:00Z'), at('2026-12-08T16:00:00Z'))).toBe(false);
    expect(inDaylight(57.19, -3.83, at('2026-12-08T07:30:00Z'), at('2026-12-08T09:00:00Z'))).toBe(false);
  });
});
