import type { TravelType } from '@cairn/contracts';

/**
 * UK Government GHG Conversion Factors for Company Reporting, 2025 edition (DESNZ, Open Government
 * Licence v3.0), "Business travel – land" and "Passenger vehicles" tables, kg CO2e including
 * CH4 and N2O. Figures as recorded in /work/shared/data/README.md.
 */
export const DESNZ_EDITION = 'DESNZ GHG conversion factors 2025';

export const DESNZ_2025 = {
  /** Bus, "Local bus (not London)", per passenger-km. */
  localBusNotLondonPerPkm: 0.12525,
  /** Bus, "Average local bus", per passenger-km. */
  averageLocalBusPerPkm: 0.10385,
  /** Bus, "Coach", per passenger-km. */
  coachPerPkm: 0.02776,
  /** Rail, "National rail", per passenger-km. */
  nationalRailPerPkm: 0.03546,
  /** Rail, "Light rail and tram", per passenger-km. */
  lightRailTramPerPkm: 0.0286,
  /** Rail, "London Underground", per passenger-km. */
  undergroundPerPkm: 0.0278,
  /** Taxis, "Regular taxi", per passenger-km. */
  taxiPerPkm: 0.14861,
  /** Ferry, "Foot passenger", per passenger-km. */
  ferryFootPassengerPerPkm: 0.01871,
  /** Cars (by size), "Average car", unknown fuel, per vehicle-km. */
  averageCarPerVkm: 0.16725,
} as const;

/** How a step's emissions scale: per passenger of a shared vehicle, or per vehicle shared by its occupants. */
export type Co2Basis =
  | { kind: 'passenger'; kgPerKm: number }
  | {
      kind: 'vehicle';
      kgPerKm: number;
      occupants: number;
      /** Vehicle runs per traveller run: 2 when the vehicle also drives back empty for them. */
      runs?: number;
    }
  | { kind: 'zero' };

/**
 * A lift ('car') is a drop-off or a pick-up: someone drives out of their way for the traveller and
 * drives back without them. The car would not have made either run otherwise, so the traveller's
 * share is the whole car on the ride plus the driver's empty run back (or out, for a pick-up),
 * over the same distance: twice the car's vehicle-km. (The old rule halved the car for a shared
 * ride, which made a lift look greener than a bus and let it dominate taxis and own cars.)
 */
export const LIFT_RUNS = 2;

/**
 * The factor for each travel type. A lift ('car') costs two car runs (LIFT_RUNS). DRT and community transport run small minibuses with few passengers;
 * DESNZ has no factor for them, so the taxi passenger-km factor stands in (closer than a full bus).
 * Funiculars are electric fixed-track vehicles: the light rail and tram factor is the nearest.
 */
export function co2BasisFor(type: TravelType): Co2Basis {
  switch (type) {
    case 'walk':
    case 'cycle':
    case 'bike hire':
      return { kind: 'zero' };
    case 'bus':
      return { kind: 'passenger', kgPerKm: DESNZ_2025.localBusNotLondonPerPkm };
    case 'intercity bus':
      return { kind: 'passenger', kgPerKm: DESNZ_2025.coachPerPkm };
    case 'train':
      return { kind: 'passenger', kgPerKm: DESNZ_2025.nationalRailPerPkm };
    case 'tram':
    case 'funicular':
      return { kind: 'passenger', kgPerKm: DESNZ_2025.lightRailTramPerPkm };
    case 'subway':
      return { kind: 'passenger', kgPerKm: DESNZ_2025.undergroundPerPkm };
    case 'ferry':
      return { kind: 'passenger', kgPerKm: DESNZ_2025.ferryFootPassengerPerPkm };
    case 'taxi':
    case 'drt':
    case 'community transport':
      return { kind: 'passenger', kgPerKm: DESNZ_2025.taxiPerPkm };
    case 'own car':
    case 'car club':
      return { kind: 'vehicle', kgPerKm: DESNZ_2025.averageCarPerVkm, occupants: 1 };
    case 'car':
      return { kind: 'vehicle', kgPerKm: DESNZ_2025.averageCarPerVkm, occupants: 1, runs: LIFT_RUNS };
  }
}

/** kg CO2e of one traveller on a step of the given type and length, rounded to grams. */
export function stepCo2Kg(type: TravelType, distanceM: number): number {
  const basis = co2BasisFor(type);
  const km = Math.max(0, distanceM) / 1000;
  let kg = 0;
  if (basis.kind === 'passenger') kg = basis.kgPerKm * km;
  else if (basis.kind === 'vehicle') kg = (basis.kgPerKm * km * (basis.runs ?? 1)) / basis.occupants;
  return Math.round(kg * 1000) / 1000;
}
