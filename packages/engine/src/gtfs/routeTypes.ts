/**
 * GTFS route_type (basic and extended "HVT" codes) to the product's transit modes.
 * A funicular (7, and HVT 1400 "Funicular Service") is its own mode: the contract's `funicular`,
 * with its own label, fares (no railcard) and CO2. Cable tram, aerial lift and gondola (5, 6,
 * 1300–1399) have no travel type of their own in the contract and are shown as `train`, the
 * nearest fixed-track scheduled service.
 */

export type TransitMode =
  'train' | 'intercity bus' | 'bus' | 'tram' | 'subway' | 'ferry' | 'drt' | 'funicular';

/** Mode for a route_type; undefined when the code is unknown. */
export function findModeForRouteType(routeType: number): TransitMode | undefined {
  switch (routeType) {
    case 0:
      return 'tram';
    case 1:
      return 'subway';
    case 2:
    case 12: // monorail
      return 'train';
    case 3:
    case 11: // trolleybus
      return 'bus';
    case 4:
      return 'ferry';
    case 5:
    case 6:
      return 'train';
    case 7:
      return 'funicular';
  }
  if (routeType >= 100 && routeType <= 117) return 'train';
  if (routeType >= 200 && routeType <= 209) return 'intercity bus';
  if (routeType === 715) return 'drt';
  if (routeType >= 700 && routeType <= 716) return 'bus';
  if (routeType === 800) return 'bus';
  if (routeType >= 900 && routeType <= 906) return 'tram';
  if (routeType >= 400 && routeType <= 405) return 'subway';
  if (routeType === 1000 || routeType === 1200) return 'ferry';
  if (routeType === 1400) return 'funicular';
  if (routeType >= 1300 && routeType <= 1399) return 'train';
  if (routeType === 1500 || routeType === 1501 || routeType === 1507) return 'drt';
  return undefined;
}
