import { describe, expect, it } from 'vitest';
import { decodePolyline, encodePolyline } from '../../src/lib/polyline.ts';

describe('polyline', () => {
  it('decodes the reference example', () => {
    // The documented example of the encoded polyline algorithm.
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ]);
  });
  it('round-trips', () => {
    const coords: [number, number][] = [
      [-3.8255, 57.1954],
      [-3.693, 57.167],
      [-4.028, 57.0986],
    ];
    expect(decodePolyline(encodePolyline(coords))).toEqual(coords);
  });
  it('stops at truncated input', () => expect(decodePolyline('_p~iF')).toEqual([]));
});
