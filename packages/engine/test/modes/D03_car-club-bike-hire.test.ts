// Feature under test: car club (walk to a bay, drive; provider, promo link, tariff) and docked bike hire (GBFS docks and pricing).
import { describe, expect, it } from 'vitest';
import { carClubMode } from '../../src/modes/carClub.ts';
import { bikeHireMode } from '../../src/modes/bikeHire.ts';
import { ctx, trip } from './modeFixture.ts';

const WALK_MPS = 4.8 / 3.6;
const CYCLE_MPS = 16 / 3.6;

describe('car club', () => {
  it('walks to the nearest bay and drives on, booked for the one-hour minimum plus mileage', () => {
    const a = carClubMode.plan(ctx, trip([0, -500], [1000, 0]));
    if (!a.ok) throw new Error(a.reason);
    const [walk, drive] = a.option.steps;
    expect(walk!.type).toBe('walk');
    expect(walk!.distanceM).toBeCloseTo(600, -1);
    expect(walk!.durationSec).toBeCloseTo(600 / WALK_MPS, -1);
    expect(drive!.type).toBe('car club');
    expect(drive!.carClubProviderId).toBe('cowheels');
    expect(drive!.distanceM).toBeCloseTo(900, -1);
    expect(a.option.cost.pence).toBe(Math.round(500 + 20 * drive!.distanceM * 0.00062137));
    expect(a.option.carClub).toEqual({
      providerId: 'cowheels',
      name: 'Co Wheels',
      promoLink: 'https://example.org/cw/promo',
      logo: 'cw.svg',
      bayName: 'Station bay',
    });
  });

  it('is not offered beyond a 20-minute walk from a bay', () => {
    expect(carClubMode.plan(ctx, trip([5000, 1000], [1000, 0]))).toEqual({
      ok: false,
      reason: 'no car-club bay within a 20-minute walk',
    });
  });
});

describe('bike hire', () => {
  it('walks to the nearest open dock, rides to the dock nearest the destination and walks on', () => {
    const a = bikeHireMode.plan(ctx, trip([-1700, 0], [1700, 0]));
    if (!a.ok) throw new Error(a.reason);
    expect(a.option.steps.map((s) => [s.type, s.from.name, s.to.name])).toEqual([
      ['walk', 'Home', 'West dock'],
      ['bike hire', 'West dock', 'East dock'],
      ['walk', 'East dock', 'Work'],
    ]);
    const ride = a.option.steps[1]!;
    expect(ride.durationSec).toBeCloseTo(3000 / CYCLE_MPS, -1);
    expect(ride.bikeHirePlanId).toBe('payg');
    // £1 to unlock plus 10p for each started minute.
    expect(a.option.cost.pence).toBe(100 + 10 * Math.ceil(ride.durationSec / 60));
  });

  it('needs a dock within a 15-minute walk at both ends', () => {
    const a = bikeHireMode.plan(ctx, trip([0, -900], [1700, 0]));
    expect(a).toEqual({ ok: false, reason: 'no bike-hire dock within a 15-minute walk of the start' });
  });
});
