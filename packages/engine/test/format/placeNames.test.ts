// Feature under test: step labels name both ends apart, never "Aviemore to Aviemore" (issue #14).
import { describe, expect, it } from 'vitest';
import { endNames, fromToPhrase, fromToText } from '../../src/format/placeNames.ts';

const town = { name: 'Aviemore' };
const station = { name: 'Aviemore', stopKind: 'station' as const };
const busStop = { name: 'Glenmore', stopKind: 'stop' as const };

describe('endNames / fromToText', () => {
  it('keeps distinct names as they are', () => {
    expect(fromToText({ name: 'Kingussie' }, station)).toBe('Kingussie to Aviemore');
    expect(fromToPhrase(busStop, town)).toBe('from Glenmore to Aviemore');
  });

  it('calls a station named after the town at the other end "… station", whichever end it is', () => {
    expect(fromToText(town, station)).toBe('Aviemore to Aviemore station');
    expect(fromToText(station, town)).toBe('Aviemore station to Aviemore');
    expect(endNames(station, town)).toEqual({ from: 'Aviemore station', to: 'Aviemore' });
  });

  it('calls a bus stop "… stop", and does not repeat the word when the name has it', () => {
    expect(fromToText({ name: 'Glenmore' }, busStop)).toBe('Glenmore to Glenmore stop');
    expect(fromToText({ name: 'Aviemore Station' }, { name: 'Aviemore Station', stopKind: 'station' })).toBe(
      'around Aviemore Station',
    );
  });

  it('says "around X" when nothing tells two same-named ends apart, never "X to X"', () => {
    expect(fromToText(town, { name: 'aviemore ' })).toBe('around Aviemore');
    expect(fromToPhrase(town, town)).toBe('around Aviemore');
  });
});
