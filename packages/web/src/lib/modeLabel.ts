import type { TravelType } from '@cairn/contracts';

/*
 * Travel types as people read them. The wire keeps SPEC's names; there `car` is a lift in someone
 * else's car, and "Car" beside "Free" read as a free car, so people see "Lift".
 */
const MODE_LABELS: Record<TravelType, string> = {
  walk: 'Walk',
  cycle: 'Cycle',
  'bike hire': 'Bike hire',
  'own car': 'Own car',
  car: 'Lift',
  'car club': 'Car club',
  taxi: 'Taxi',
  bus: 'Bus',
  'intercity bus': 'Coach',
  train: 'Train',
  tram: 'Tram',
  subway: 'Subway',
  ferry: 'Ferry',
  funicular: 'Funicular',
  drt: 'DRT (demand responsive)',
  'community transport': 'Community transport',
};

/** The name of a travel type for a heading or list item ("Lift", "Own car"); unknown names capitalised. */
export function modeLabel(mode: string): string {
  return MODE_LABELS[mode as TravelType] ?? mode.charAt(0).toUpperCase() + mode.slice(1);
}

/** The name of a travel type inside a sentence or an icon's label: SPEC's name, but a lift is "lift". */
export function modeName(mode: string): string {
  return mode === 'car' ? 'lift' : mode;
}

/**
 * The name of a travel type in the results filter ("Journeys with …"): as `modeName`, but spelt out
 * where SPEC's name is a code a traveller does not know ("drt").
 */
export function filterName(mode: string): string {
  return mode === 'drt' ? 'demand-responsive transport (DRT)' : modeName(mode);
}

/** A step's mode and cost in one line, e.g. "Lift · free", "Bus · £4.20". */
export function modeWithCost(mode: string, costText: string): string {
  return `${modeLabel(mode)} · ${costText === 'Free' ? 'free' : costText}`;
}
