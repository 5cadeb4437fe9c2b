// Feature under test: car club (walk to the nearest bay, drive the provider's car; booked with mileage) and docked bike hire (open docks near both ends, GBFS pricing).
import { describe, expect, it } from 'vitest';
import { carClubParts } from '../../src/modes/carClub.ts';
import { bikeHireParts } from '../../src/modes/bikeHire.ts';
import { ctx, home, legOf, priceOf, work } from '../support/modeFixture.ts';

const WALK_MPS = 4.8 / 3.6;
const CYCLE_MPS = 16 / 3.6;

describe('car club', () => {
  it('walks to the nearest bay and drives on, booked for the one-hour minimum plus mileage', () => {
    const leg = legOf(carClubParts(ctx, home(0, -500), work(1000, 0)));
    const [walk, drive] = leg.steps;
    expect(walk!.type).toBe('walk');
    expect(walk!.to.name).toBe('Station bay car-club bay');
    // 600 m along the street, plus the few metres between the street and the bay.
    expect(walk!.distanceM).toBeGreaterThanOrEqual(600);
    expect(walk!.distanceM).toBeLessThanOrEqual(620);
    expect(walk!.endSec - walk!.startSec).toBeCloseTo(walk!.distanceM / WALK_MPS, -1);
    expect(drive!.type).toBe('car club');
    expect(drive!.carClubProviderId).toBe('cowheels');
    expect(drive!.distanceM).toBeCloseTo(900, -1);
    const price = priceOf(leg);
    expect(price.totalPence).toBe(Math.round(500 + 20 * drive!.distanceM * 0.00062137));
    expect(price.lines[0]!.description).toBe('Co Wheels car club: 1 hours booked and mileage');
  });

  it('is not offered beyond a 20-minute walk from a bay', () => {
    expect(carClubParts(ctx, home(5000, 1000), work(1000, 0))).toEqual({
      reason: 'no car-club bay within a 20-minute walk',
    });
  });
});

describe('bike hire', () => {
  it('walks to the nearest open dock, rides to the dock nearest the destination and walks on', () => {
    const leg = legOf(bikeHireParts(ctx, home(-1700, 0), work(1700, 0)));
    expect(leg.steps.map((s) => [s.type, s.from.name, s.to.name])).toEqual([
      ['walk', 'Home', 'West dock bike-hire dock'],
      ['bike hire', 'West dock bike-hire dock', 'East dock bike-hire dock'],
      ['walk', 'East dock bike-hire dock', 'Work'],
    ]);
    const ride = leg.steps[1]!;
    const rideSec = ride.endSec - ride.startSec;
    expect(rideSec).toBeCloseTo(3000 / CYCLE_MPS, -1);
    // No plan pinned: the fares code charges the cheapest plan, £1 to unlock plus 10p a started minute.
    expect(ride.bikeHirePlanId).toBeUndefined();
    expect(priceOf(leg).totalPence).toBe(100 + 10 * Math.ceil(rideSec / 60));
  });

  it('skips a dock with no bikes to lend', () => {
    // The closed dock is at the door; the west dock is 100 m further.
    const parts = bikeHireParts(ctx, home(-1400, 0), work(1700, 0));
    expect('parts' in parts && parts.parts[0]!.to.name).toBe('West dock bike-hire dock');
  });

  it('needs a dock within the walk at both ends, and two different docks', () => {
    expect(bikeHireParts(ctx, home(0, -900), work(1700, 0))).toEqual({
      reason: 'no bike-hire dock within a 15-minute walk of the start',
    });
    expect(bikeHireParts(ctx, home(-1700, 0), work(0, -900))).toEqual({
      reason: 'no bike-hire dock within a 15-minute walk of the destination',
    });
    // 10 minutes on foot reach 800 m: the west dock is 900 m from this start.
    expect(bikeHireParts(ctx, home(-600, 0), work(1700, 0), 10 * 60)).toEqual({
      reason: 'no bike-hire dock within a 10-minute walk of the start',
    });
    expect(bikeHireParts(ctx, home(-1700, 0), work(-1300, 0))).toEqual({
      reason: 'the same dock is nearest both ends; walking is simpler',
    });
  });
});
