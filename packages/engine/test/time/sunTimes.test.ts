import { describe, expect, it } from 'vitest';
import { CIVIL_TWILIGHT_ZENITH_DEG, inDaylight, sunTimes } from '../../src/time/sunTimes.ts';

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
  it('Edinburgh at midwinter, civil twilight (sun 6° below): dawn about 07:57, dusk about 16:24', () => {
    const sun = sunTimes(55.9533, -3.1883, at('2026-12-21T12:00:00Z'), CIVIL_TWILIGHT_ZENITH_DEG);
    if ('polar' in sun) throw new Error('no civil twilight in Edinburgh?');
    expect(hhmm(sun.riseSec)).toMatch(/^07:5\d$/);
    expect(hhmm(sun.setSec)).toMatch(/^16:2\d$/);
  });
  it('a ride in Aviemore on 8 December (sunrise 08:39, sunset 15:34; civil dawn 07:51, dusk 16:23): light enough between dawn and dusk', () => {
    expect(inDaylight(57.19, -3.83, at('2026-12-08T11:00:00Z'), at('2026-12-08T12:30:00Z'))).toBe(true);
    // Setting off in the twilight before sunrise, or finishing in the twilight after sunset (issue #27).
    expect(inDaylight(57.19, -3.83, at('2026-12-08T08:05:00Z'), at('2026-12-08T09:00:00Z'))).toBe(true);
    expect(inDaylight(57.19, -3.83, at('2026-12-08T15:00:00Z'), at('2026-12-08T16:10:00Z'))).toBe(true);
    // Not in the dark.
    expect(inDaylight(57.19, -3.83, at('2026-12-08T15:30:00Z'), at('2026-12-08T16:40:00Z'))).toBe(false);
    expect(inDaylight(57.19, -3.83, at('2026-12-08T07:30:00Z'), at('2026-12-08T09:00:00Z'))).toBe(false);
  });
});
