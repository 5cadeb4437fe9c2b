// Feature under test: a long walk on unlit rural roads after dark is not offered (modes/walk.ts, ADR 008 rule 13).
import { describe, expect, it } from 'vitest';
import { checkDarkRuralWalk } from '../../src/modes/walk.ts';
import type { Settlement } from '../../src/places/types.ts';
import { PLACES, streetStep } from '../support/steps.ts';

const town = (name: string, lat: number, lon: number, population: number | null = null): Settlement => ({
  osmId: `n-${name}`,
  name,
  lat,
  lon,
  placeType: 'town',
  population,
});
const aviemore = town('Aviemore', PLACES.aviemore.lat, PLACES.aviemore.lon);
// 1 December 2026, 18:00 and 11:00 GMT: after civil dusk, and in daylight, at Aviemore.
const DEC1_1800 = Date.UTC(2026, 11, 1, 18, 0) / 1000;
const DEC1_1100 = Date.UTC(2026, 11, 1, 11, 0) / 1000;
// Aviemore → Carrbridge on foot: about 12 km, well over an hour.
const legAt = (startSec: number) => ({
  steps: [streetStep('walk', PLACES.aviemore, PLACES.carrbridge, startSec, 1.3)],
});

describe('a long walk after dark', () => {
  it('goes on rural roads after dark, stays in daylight', () => {
    expect(checkDarkRuralWalk([aviemore], legAt(DEC1_1800))).toBe('dark rural walk');
    expect(checkDarkRuralWalk([aviemore], legAt(DEC1_1100))).toBeNull();
  });

  it('stays within a settlement lit by its size, and where the region names no settlements', () => {
    // A city of a million is lit some 9 km from its centre: the walk's midpoint is about 6 km out.
    const city = { ...town('City', PLACES.aviemore.lat, PLACES.aviemore.lon, 1_000_000) };
    expect(checkDarkRuralWalk([city], legAt(DEC1_1800))).toBeNull();
    expect(checkDarkRuralWalk([], legAt(DEC1_1800))).toBeNull();
  });

  it('keeps a short walk after dark', () => {
    const short = { steps: [streetStep('walk', PLACES.aviemoreStation, PLACES.aviemore, DEC1_1800, 1.3)] };
    expect(checkDarkRuralWalk([aviemore], short)).toBeNull();
  });
});
