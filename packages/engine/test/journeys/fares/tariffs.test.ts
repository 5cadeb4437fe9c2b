// Feature under test: taxi, own car, parking, car club and bike-hire tariffs from region config.
import { describe, expect, it } from 'vitest';
import {
  bikeHirePence,
  carClubPence,
  inTimeWindow,
  ownCarRunningPence,
  parkingPence,
  taxiFarePence,
} from '../../../src/journeys/fares/tariffs.ts';
import { testRegion } from '../../support/region.ts';

const region = testRegion();
const MILE = 1609.34;

describe('tariffs', () => {
  it('prices a 5-mile daytime taxi as flag fall + miles, rounded up to 10p', () => {
    // 300 + 5 × 200 = 1300; 10 minutes is faster than 30 mph, so no waiting time.
    expect(taxiFarePence(region.taxi.tariff!, 5 * MILE, 600, 9 * 60)).toEqual({
      pence: 1300,
      night: false,
      holiday: false,
    });
  });
  it('adds waiting time and the night uplift', () => {
    // 5 miles in 20 minutes: 10 minutes beyond 30 mph at 40p → 1300 + 400 = 1700; × 1.5 at 23:00.
    expect(taxiFarePence(region.taxi.tariff!, 5 * MILE, 1200, 23 * 60)).toEqual({
      pence: 2550,
      night: true,
      holiday: false,
    });
    // A public holiday uplifts by the holiday rate, not on top of the night rate.
    expect(taxiFarePence(region.taxi.tariff!, 5 * MILE, 600, 9 * 60, true)).toEqual({
      pence: 1950,
      night: false,
      holiday: true,
    });
    expect(taxiFarePence(region.taxi.tariff!, 5 * MILE, 1200, 23 * 60, true).pence).toBe(2550);
  });
  it('handles night windows that wrap midnight', () => {
    expect(inTimeWindow(2 * 60, '22:00', '06:00')).toBe(true);
    expect(inTimeWindow(12 * 60, '22:00', '06:00')).toBe(false);
    expect(inTimeWindow(12 * 60, '10:00', '14:00')).toBe(true);
  });
  it('charges own-car running cost per mile and caps parking per day', () => {
    expect(ownCarRunningPence(region.ownCar!, 10 * MILE)).toBe(200);
    expect(parkingPence(region.ownCar!, 2.5 * 3600)).toBe(450);
    expect(parkingPence(region.ownCar!, 10 * 3600)).toBe(800);
    expect(parkingPence(region.ownCar!, 26 * 3600)).toBe(800 + 300);
  });
  it('charges a car club by booked time (minimum an hour) plus mileage', () => {
    const provider = region.carClub.providers[0];
    if (!provider) throw new Error('fixture');
    expect(carClubPence(provider, 20 * 60, 10 * MILE)).toEqual({ pence: 500 + 200, bookedMin: 60 });
    expect(carClubPence(provider, 3 * 3600 + 60, 0)).toEqual({ pence: 1750, bookedMin: 210 });
  });
  it('prices bike hire from the GBFS plan', () => {
    const plan = region.bikeHire?.pricing_plans[0];
    if (!plan) throw new Error('fixture');
    expect(bikeHirePence(plan, 20 * 60)).toBe(100);
    expect(bikeHirePence(plan, 45 * 60)).toBe(250);
  });
});
