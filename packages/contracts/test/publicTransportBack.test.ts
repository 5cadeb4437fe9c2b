// Feature under test: the rule the web's "No public transport back at 17:00" and `cairn plan` both follow.
import { describe, expect, it } from 'vitest';
import { noPublicTransportBackAt, ridesPublicTransport } from '../src/publicTransportBack.ts';

const leg = (...types: string[]) => ({ steps: types.map((type) => ({ type })) });

describe('noPublicTransportBackAt', () => {
  const busOutTaxiBack = { return: leg('taxi') };
  const busBothWays = { return: leg('walk', 'bus', 'walk') };

  it('names the return time when every option comes back by car, taxi, bike or on foot', () => {
    expect(noPublicTransportBackAt('2026/12/02 17:00:00', [busOutTaxiBack, { return: leg('car') }])).toBe(
      '17:00',
    );
  });

  it('is null when any option rides back, a booked bus included', () => {
    expect(noPublicTransportBackAt('2026/12/02 17:00:00', [busOutTaxiBack, busBothWays])).toBeNull();
    expect(noPublicTransportBackAt('2026/12/02 17:00:00', [{ return: leg('drt') }])).toBeNull();
  });

  it('is null for a single journey and with no options', () => {
    expect(noPublicTransportBackAt(undefined, [{ return: null }])).toBeNull();
    expect(noPublicTransportBackAt('2026/12/02 17:00:00', [])).toBeNull();
  });
});

describe('ridesPublicTransport', () => {
  it('reads a leg with a timetabled or booked ride, not a walk, taxi or missing leg', () => {
    expect(ridesPublicTransport(leg('walk', 'ferry'))).toBe(true);
    expect(ridesPublicTransport(leg('community transport'))).toBe(true);
    expect(ridesPublicTransport(leg('walk', 'taxi'))).toBe(false);
    expect(ridesPublicTransport(null)).toBe(false);
  });
});
