import { parseCsv } from '../../gtfs/csv.ts';
import { openGtfsSource } from '../../gtfs/source.ts';
import type { AdultFare, RideForFare } from './rideFare.ts';

/*
 * GTFS fares for one feed, read from the feed's own fare files (the timetable reader does not keep
 * them). Fares v1: fare_attributes + fare_rules with stop zones. Fares v2, the common subset:
 * fare_products, fare_leg_rules by network and from/to area (stop_areas), rule_priority, rider
 * categories (a category named like "child" gives the child price). Each ride is priced on its own:
 * v1 transfer allowances and v2 fare_transfer_rules are not applied (priced conservatively high).
 */

export interface FareAttributeV1 {
  fareId: string;
  pricePence: number;
  agencyId: string;
  /** Changes allowed on one ticket; null = unlimited (an empty `transfers` field). */
  transfers: number | null;
  /** Seconds from the first boarding during which changes are allowed; null = no limit. */
  transferDurationSec: number | null;
}

export interface FareRuleV1 {
  fareId: string;
  routeId: string;
  originId: string;
  destinationId: string;
  containsId: string;
}

export interface FareLegRuleV2 {
  networkId: string;
  fromAreaId: string;
  toAreaId: string;
  productId: string;
  priority: number;
}

export interface FareProductV2 {
  productId: string;
  name: string;
  amountPence: number;
  riderCategoryId: string;
}

export interface GtfsFares {
  feedId: string;
  v1: {
    attributes: Map<string, FareAttributeV1>;
    rules: FareRuleV1[];
    rulesByFare: Map<string, FareRuleV1[]>;
  } | null;
  v2: {
    products: FareProductV2[];
    legRules: FareLegRuleV2[];
    /** Rider categories whose name says child / young person. */
    childCategories: Set<string>;
    defaultCategories: Set<string>;
  } | null;
  stopZone: Map<string, string>;
  stopAreas: Map<string, Set<string>>;
  routeNetwork: Map<string, string>;
}

type Rows = Array<Record<string, string>>;

function readRows(text: string | undefined): Rows {
  const rows: Rows = [];
  if (text === undefined) return rows;
  let names: string[] = [];
  parseCsv(text, {
    header: (n) => {
      names = n;
    },
    row: (fields) => {
      const r: Record<string, string> = {};
      names.forEach((n, i) => {
        r[n] = (fields[i] ?? '').trim();
      });
      rows.push(r);
    },
  });
  return rows;
}

const toPence = (amount: string): number | undefined => {
  const v = Number(amount);
  return amount === '' || !Number.isFinite(v) || v < 0 ? undefined : Math.round(v * 100);
};

/** Reads the fare files of a GTFS folder or zip; null when the feed has no fares at all or cannot be opened. */
export function readGtfsFares(feedId: string, path: string): GtfsFares | null {
  const opened = openGtfsSource(path);
  if (!opened.ok) return null;
  const src = opened.source;
  if (!src.has('fare_attributes.txt') && !src.has('fare_products.txt')) return null;
  return parseGtfsFares(feedId, (f) => (src.has(f) ? src.read(f) : undefined));
}

/** Builds the fare model from file texts (read(name) → text or undefined). */
export function parseGtfsFares(feedId: string, read: (file: string) => string | undefined): GtfsFares {
  const stopZone = new Map<string, string>();
  for (const r of readRows(read('stops.txt'))) if (r.stop_id && r.zone_id) stopZone.set(r.stop_id, r.zone_id);
  const stopAreas = new Map<string, Set<string>>();
  for (const r of readRows(read('stop_areas.txt'))) {
    if (!r.stop_id || !r.area_id) continue;
    let set = stopAreas.get(r.stop_id);
    if (!set) stopAreas.set(r.stop_id, (set = new Set()));
    set.add(r.area_id);
  }
  const routeNetwork = new Map<string, string>();
  for (const r of readRows(read('routes.txt')))
    if (r.route_id && r.network_id) routeNetwork.set(r.route_id, r.network_id);
  for (const r of readRows(read('route_networks.txt')))
    if (r.route_id && r.network_id) routeNetwork.set(r.route_id, r.network_id);

  let v1: GtfsFares['v1'] = null;
  const attrRows = readRows(read('fare_attributes.txt'));
  if (attrRows.length > 0) {
    const attributes = new Map<string, FareAttributeV1>();
    for (const r of attrRows) {
      const pence = toPence(r.price ?? '');
      if (!r.fare_id || pence === undefined) continue;
      const transfers = r.transfers ?? '';
      const duration = r.transfer_duration ?? '';
      attributes.set(r.fare_id, {
        fareId: r.fare_id,
        pricePence: pence,
        agencyId: r.agency_id ?? '',
        transfers: transfers === '' ? null : Number(transfers),
        transferDurationSec: duration === '' ? null : Number(duration),
      });
    }
    const rules = readRows(read('fare_rules.txt'))
      .filter((r) => r.fare_id && attributes.has(r.fare_id))
      .map((r) => ({
        fareId: r.fare_id ?? '',
        routeId: r.route_id ?? '',
        originId: r.origin_id ?? '',
        destinationId: r.destination_id ?? '',
        containsId: r.contains_id ?? '',
      }));
    const rulesByFare = new Map<string, FareRuleV1[]>();
    for (const r of rules) {
      const list = rulesByFare.get(r.fareId) ?? [];
      list.push(r);
      rulesByFare.set(r.fareId, list);
    }
    v1 = { attributes, rules, rulesByFare };
  }

  let v2: GtfsFares['v2'] = null;
  const productRows = readRows(read('fare_products.txt'));
  if (productRows.length > 0) {
    const products: FareProductV2[] = [];
    for (const r of productRows) {
      const pence = toPence(r.amount ?? '');
      if (!r.fare_product_id || pence === undefined) continue;
      products.push({
        productId: r.fare_product_id,
        name: r.fare_product_name ?? '',
        amountPence: pence,
        riderCategoryId: r.rider_category_id ?? '',
      });
    }
    const legRules = readRows(read('fare_leg_rules.txt'))
      .filter((r) => r.fare_product_id)
      .map((r) => ({
        networkId: r.network_id ?? '',
        fromAreaId: r.from_area_id ?? '',
        toAreaId: r.to_area_id ?? '',
        productId: r.fare_product_id ?? '',
        priority: Number(r.rule_priority || 0) || 0,
      }));
    const childCategories = new Set<string>();
    const defaultCategories = new Set<string>();
    for (const r of readRows(read('rider_categories.txt'))) {
      if (!r.rider_category_id) continue;
      if (/child|young|youth|junior/i.test(r.rider_category_name ?? ''))
        childCategories.add(r.rider_category_id);
      if (r.is_default_fare_category === '1') defaultCategories.add(r.rider_category_id);
    }
    v2 = { products, legRules, childCategories, defaultCategories };
  }
  return { feedId, v1, v2, stopZone, stopAreas, routeNetwork };
}

/** Adult fare of one ride from the feed's fares (v2 preferred when both exist); undefined when no fare matches. */
export function priceWithGtfsFares(
  fares: GtfsFares,
  ride: RideForFare,
  childPercent: number,
  concessionsFree: boolean,
): AdultFare | undefined {
  const v2 = fares.v2 ? priceV2(fares, ride) : undefined;
  const found = v2 ?? (fares.v1 ? priceV1(fares, ride) : undefined);
  if (!found) return undefined;
  return {
    singlePence: found.adult,
    returnPence: null,
    childPence: found.child,
    childPercent,
    concessionsFree,
    source: found.source,
  };
}

function priceV1(
  fares: GtfsFares,
  ride: RideForFare,
  allows: (attr: FareAttributeV1) => boolean = () => true,
): { adult: number; child?: number; source: string } | undefined {
  const v1 = fares.v1;
  if (!v1) return undefined;
  const origin = ride.boardStopId ? fares.stopZone.get(ride.boardStopId) : undefined;
  const destination = ride.alightStopId ? fares.stopZone.get(ride.alightStopId) : undefined;
  const passed = new Set<string>();
  for (const s of ride.stopIds) {
    const z = fares.stopZone.get(s);
    if (z) passed.add(z);
  }
  let best: FareAttributeV1 | undefined;
  for (const attr of v1.attributes.values()) {
    if (attr.agencyId !== '' && ride.agencyId !== null && attr.agencyId !== ride.agencyId) continue;
    if (!allows(attr)) continue;
    const rules = v1.rulesByFare.get(attr.fareId);
    let matches: boolean;
    if (!rules) matches = true;
    else {
      const routeOk = (r: FareRuleV1) => r.routeId === '' || r.routeId === ride.routeId;
      const plain = rules.filter((r) => r.containsId === '' && routeOk(r));
      const plainMatch = plain.some(
        (r) =>
          (r.originId === '' || r.originId === origin) &&
          (r.destinationId === '' || r.destinationId === destination),
      );
      // contains_id rules: the zones passed must be exactly the fare's listed zones.
      const contains = rules.filter((r) => r.containsId !== '' && routeOk(r));
      const containsSet = new Set(contains.map((r) => r.containsId));
      const containsMatch =
        contains.length > 0 &&
        containsSet.size === passed.size &&
        [...passed].every((z) => containsSet.has(z));
      matches = plainMatch || containsMatch;
    }
    if (matches && (!best || attr.pricePence < best.pricePence)) best = attr;
  }
  return best ? { adult: best.pricePence, source: `${fares.feedId} fare ${best.fareId}` } : undefined;
}

function priceV2(
  fares: GtfsFares,
  ride: RideForFare,
): { adult: number; child?: number; source: string } | undefined {
  const v2 = fares.v2;
  if (!v2) return undefined;
  const network = ride.routeId ? (fares.routeNetwork.get(ride.routeId) ?? '') : '';
  const fromAreas = (ride.boardStopId && fares.stopAreas.get(ride.boardStopId)) || new Set<string>();
  const toAreas = (ride.alightStopId && fares.stopAreas.get(ride.alightStopId)) || new Set<string>();
  // Fares v2 matching: a field matches exactly or is empty; an exact match on a field excludes the rules leaving it empty.
  const ok = (v: string, test: (x: string) => boolean) => v === '' || test(v);
  let rules = v2.legRules.filter(
    (r) =>
      ok(r.networkId, (v) => v === network) &&
      ok(r.fromAreaId, (v) => fromAreas.has(v)) &&
      ok(r.toAreaId, (v) => toAreas.has(v)),
  );
  rules = narrow(
    rules,
    (r) => r.networkId,
    (v) => v === network,
  );
  rules = narrow(
    rules,
    (r) => r.fromAreaId,
    (v) => fromAreas.has(v),
  );
  rules = narrow(
    rules,
    (r) => r.toAreaId,
    (v) => toAreas.has(v),
  );
  if (rules.length === 0) return undefined;
  const top = Math.max(...rules.map((r) => r.priority));
  const productIds = new Set(rules.filter((r) => r.priority === top).map((r) => r.productId));
  const products = v2.products.filter((p) => productIds.has(p.productId));
  const adultProducts = products.filter(
    (p) =>
      p.riderCategoryId === '' ||
      v2.defaultCategories.has(p.riderCategoryId) ||
      (!v2.childCategories.has(p.riderCategoryId) && v2.defaultCategories.size === 0),
  );
  if (adultProducts.length === 0) return undefined;
  const adult = adultProducts.reduce((a, b) => (b.amountPence < a.amountPence ? b : a));
  const childProducts = products.filter((p) => v2.childCategories.has(p.riderCategoryId));
  const child = childProducts.length > 0 ? Math.min(...childProducts.map((p) => p.amountPence)) : undefined;
  return { adult: adult.amountPence, child, source: adult.name || `${fares.feedId} ${adult.productId}` };
}

function narrow(
  rules: FareLegRuleV2[],
  field: (r: FareLegRuleV2) => string,
  matches: (v: string) => boolean,
): FareLegRuleV2[] {
  const exact = rules.filter((r) => field(r) !== '' && matches(field(r)));
  return exact.length > 0 ? exact : rules.filter((r) => field(r) === '');
}

/**
 * A through ticket for consecutive rides of one feed (fares v1): a fare from the first boarding
 * zone to the last alighting zone that allows that many changes (empty `transfers` = unlimited)
 * within its transfer_duration. Undefined when no such fare exists.
 */
export function priceThroughWithGtfsFares(
  fares: GtfsFares,
  rides: readonly RideForFare[],
  childPercent: number,
  concessionsFree: boolean,
): AdultFare | undefined {
  const first = rides[0];
  const last = rides[rides.length - 1];
  if (!fares.v1 || !first || !last || rides.length < 2) return undefined;
  const same = <T>(values: T[]): T | undefined =>
    values.every((v) => v === values[0]) ? values[0] : undefined;
  const combined: RideForFare = {
    ...first,
    routeId: same(rides.map((r) => r.routeId)) ?? null,
    // Rides of several agencies only match fares that name no agency.
    agencyId: same(rides.map((r) => r.agencyId)) ?? '\u0000several',
    alightStopId: last.alightStopId,
    stopIds: rides.flatMap((r) => r.stopIds),
    alight: last.alight,
    distanceM: rides.reduce((sum, r) => sum + r.distanceM, 0),
    endSec: last.endSec,
  };
  const changes = rides.length - 1;
  const spanSec = last.startSec - first.startSec;
  const found = priceV1(
    fares,
    combined,
    (attr) =>
      (attr.transfers === null || attr.transfers >= changes) &&
      (attr.transferDurationSec === null || attr.transferDurationSec >= spanSec),
  );
  if (!found) return undefined;
  return { singlePence: found.adult, returnPence: null, childPercent, concessionsFree, source: found.source };
}
