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
      /** Vehicle runs per traveller run: 2 when the vehicle also runs empty for them (DRIVEN_FOR_TRAVELLER_RUNS). */
      runs?: number;
    }
  | { kind: 'zero' };

/**
 * Passengers per regular taxi that DESNZ's taxi passenger-km factor assumes: the per-vehicle figure
 * divided by an average occupancy of 1.4 (the Defra/DESNZ taxi methodology; the same occupancy is
 * documented with CarbonKit's "Taxi generic Defra" category). Check against the 2025 methodology
 * paper when the factors are next updated.
 */
export const TAXI_AVERAGE_PASSENGERS = 1.4;

/** A regular taxi's kg CO2e per vehicle-km, derived from the passenger-km factor and that occupancy. */
export const TAXI_PER_VKM = DESNZ_2025.taxiPerPkm * TAXI_AVERAGE_PASSENGERS;

/**
 * One rule for a car driven for the traveller, a lift ('car') and a taxi alike: the car makes the
 * run with the traveller and an empty run of the same length that it would not have made otherwise
 * (a lift's driver going home, or coming out for a pick-up; a taxi reaching the pick-up or going
 * back to its rank, "dead-heading"). The traveller is the reason for both, so they count the whole
 * vehicle on both runs: vehicle-km factor × distance × DRIVEN_FOR_TRAVELLER_RUNS. Only the vehicle
 * factor differs: DESNZ's average car for a lift, a regular taxi (TAXI_PER_VKM, about a quarter
 * higher) for a taxi. An equal empty run is a simplification (a rural taxi's base may be nearer or
 * farther than the trip), stated rather than hidden. (Before, a lift counted two runs and a taxi
 * one shared passenger-km, which made a taxi look greener than the friend's car it replaces.)
 */
export const DRIVEN_FOR_TRAVELLER_RUNS = 2;

/**
 * The factor for each travel type. Lifts and taxis follow DRIVEN_FOR_TRAVELLER_RUNS. DRT and community
 * transport run small shared minibuses with few passengers; DESNZ has no factor for them, so the taxi
 * passenger-km factor stands in (closer than a full bus).
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
    case 'drt':
    case 'community transport':
      return { kind: 'passenger', kgPerKm: DESNZ_2025.taxiPerPkm };
    case 'taxi':
      return { kind: 'vehicle', kgPerKm: TAXI_PER_VKM, occupants: 1, runs: DRIVEN_FOR_TRAVELLER_RUNS };
    case 'own car':
    case 'car club':
      return { kind: 'vehicle', kgPerKm: DESNZ_2025.averageCarPerVkm, occupants: 1 };
    case 'car':
      return {
        kind: 'vehicle',
        kgPerKm: DESNZ_2025.averageCarPerVkm,
        occupants: 1,
        runs: DRIVEN_FOR_TRAVELLER_RUNS,
      };
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
