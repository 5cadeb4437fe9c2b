import type { FareRule, RegionConfig } from '../../region/regionConfig.ts';
import { pointInPolygon, type GeoPoint } from '../../geo/geometry.ts';
import type { AdultFare, RideForFare } from './rideFare.ts';

/** The region fare rule that prices a ride: an operator-specific rule beats a mode-wide one; undefined when none applies. */
export function findFareRule(region: RegionConfig, ride: RideForFare): FareRule | undefined {
  let modeMatch: FareRule | undefined;
  for (const rule of region.fares.rules) {
    const ops = rule.appliesTo.operatorIds;
    const modes = rule.appliesTo.modes;
    const opOk = ops.length === 0 || (ride.operatorId !== null && ops.includes(ride.operatorId));
    const modeOk = modes.length === 0 || modes.includes(ride.mode);
    if (!opOk || !modeOk) continue;
    if (ops.length > 0) return rule;
    modeMatch ??= rule;
  }
  return modeMatch;
}

/** Adult fare of a ride under a non-GTFS region rule; undefined when the rule cannot price it (e.g. outside its zones). */
export function priceWithRegionRule(rule: FareRule, ride: RideForFare): AdultFare | undefined {
  const base = { childPercent: rule.childPercent, concessionsFree: rule.concessionsFree };
  switch (rule.kind) {
    case 'flat':
      return {
        ...base,
        singlePence: rule.singlePence,
        returnPence: rule.returnPence,
        source: rule.description,
        returnKey: rule.id,
      };
    case 'distance': {
      const km = ride.distanceM / 1000;
      const band = rule.bands.find((b) => km <= b.upToKm) ?? rule.bands[rule.bands.length - 1];
      if (!band) return undefined;
      const idx = rule.bands.indexOf(band);
      const lower = idx === 0 ? 0 : (rule.bands[idx - 1]?.upToKm ?? 0);
      const bandText = km > band.upToKm ? `over ${lower} km` : `${lower}–${band.upToKm} km`;
      return {
        ...base,
        singlePence: band.singlePence,
        returnPence: band.returnPence,
        source: `${rule.description}, ${bandText}`,
        returnKey: `${rule.id} band ${idx}`,
      };
    }
    case 'zone': {
      const zoneOf = (p: GeoPoint) =>
        rule.zones.find((z) => pointInPolygon(p.lat, p.lon, z.area.coordinates));
      const from = zoneOf(ride.board);
      const to = zoneOf(ride.alight);
      if (!from || !to) return undefined;
      const price = rule.prices.find(
        (p) =>
          (p.fromZone === from.id && p.toZone === to.id) || (p.fromZone === to.id && p.toZone === from.id),
      );
      if (!price) return undefined;
      const zones = from.id === to.id ? `within ${from.name}` : `${from.name} – ${to.name}`;
      return {
        ...base,
        singlePence: price.singlePence,
        returnPence: price.returnPence,
        source: `${rule.description}, ${zones}`,
        // One key for both directions: the price table is symmetric, the wording is not.
        returnKey: `${rule.id} zones ${[from.id, to.id].sort().join(' ')}`,
      };
    }
    case 'gtfs':
      return undefined;
  }
}
