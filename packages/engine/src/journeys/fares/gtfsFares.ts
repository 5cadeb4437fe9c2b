import type {
  FareAttributeV1,
  FareLegRuleV2,
  FareProductV2,
  FareRuleV1,
  FareTransferRuleV2,
  GtfsFareFeed,
} from '../../gtfs/types.ts';
import type { AdultFare, RideForFare } from './rideFare.ts';

/*
 * GTFS fares for one feed, built from the fare files the GTFS reader read (gtfs/readFeed.ts).
 * Fares v1: fare_attributes + fare_rules with stop zones, including the transfer allowance
 * (transfers, transfer_duration). Fares v2, the common subset: fare_products, fare_leg_rules by
 * network and from/to area (stop_areas) with leg_group_id, rule_priority, rider categories (a
 * category named like "child" gives the child price), and fare_transfer_rules. Not read:
 * timeframes, fare media and fare_leg_join_rules.
 *
 * This file prices one ride and finds the v1 fare for a run of rides; fareTransfers.ts works out
 * which consecutive rides of one leg of a journey share a ticket (v1 transfers, v2 transfer rules)
 * and priceOption.ts combines that with the traveller's entitlements.
 */

/** A fare product's price for the two rider categories we price (pence; undefined when the product has no row for it). */
export interface ProductAmounts {
  name: string;
  adultPence?: number;
  childPence?: number;
}

/** One fare product that may pay for a leg (a top-priority matching fare_leg_rules row). */
export interface LegOptionV2 {
  productId: string;
  legGroupId: string;
  name: string;
  adultPence: number;
  childPence?: number;
}

export interface GtfsFares {
  feedId: string;
  v1: {
    attributes: Map<string, FareAttributeV1>;
    rules: FareRuleV1[];
    rulesByFare: Map<string, FareRuleV1[]>;
    /** Fares that can match a journey starting in a zone: by origin_id of a plain rule … */
    faresByOrigin: Map<string, FareAttributeV1[]>;
    /** … and those that can match from any zone (no rules, an empty origin_id, or contains_id rules). */
    faresAnyOrigin: FareAttributeV1[];
  } | null;
  v2: {
    products: FareProductV2[];
    legRules: FareLegRuleV2[];
    transferRules: FareTransferRuleV2[];
    /** Leg groups named in fare_transfer_rules from_leg_group_id / to_leg_group_id (an empty field matches the others). */
    transferFromGroups: Set<string>;
    transferToGroups: Set<string>;
    /** Rider categories whose name says child / young person. */
    childCategories: Set<string>;
    defaultCategories: Set<string>;
  } | null;
  stopZone: Map<string, string>;
  stopAreas: Map<string, Set<string>>;
  routeNetwork: Map<string, string>;
}

/** The fare model of a feed as read; undefined when the feed has no fares. */
export function buildGtfsFares(feed: GtfsFareFeed): GtfsFares | undefined {
  const tables = feed.fares;
  if (tables.attributes.length === 0 && tables.products.length === 0) return undefined;
  const stopZone = new Map<string, string>();
  for (const s of feed.stops) if (s.zoneId) stopZone.set(s.id, s.zoneId);
  const stopAreas = new Map<string, Set<string>>();
  for (const r of tables.stopAreas) {
    let set = stopAreas.get(r.stopId);
    if (!set) stopAreas.set(r.stopId, (set = new Set()));
    set.add(r.areaId);
  }
  const routeNetwork = new Map<string, string>();
  for (const r of feed.routes) if (r.networkId) routeNetwork.set(r.id, r.networkId);
  for (const r of tables.routeNetworks) routeNetwork.set(r.routeId, r.networkId);
  return {
    feedId: feed.id,
    v1: tables.attributes.length > 0 ? buildV1(tables.attributes, tables.rules) : null,
    v2: tables.products.length > 0 ? buildV2(tables) : null,
    stopZone,
    stopAreas,
    routeNetwork,
  };
}

/** Fares v1 indexed by fare and by the origin zone a journey must start in. */
function buildV1(rows: readonly FareAttributeV1[], ruleRows: readonly FareRuleV1[]): GtfsFares['v1'] {
  const attributes = new Map<string, FareAttributeV1>();
  for (const r of rows) attributes.set(r.fareId, r);
  const rules = ruleRows.filter((r) => attributes.has(r.fareId));
  const rulesByFare = new Map<string, FareRuleV1[]>();
  for (const r of rules) {
    const list = rulesByFare.get(r.fareId) ?? [];
    list.push(r);
    rulesByFare.set(r.fareId, list);
  }
  const faresByOrigin = new Map<string, FareAttributeV1[]>();
  const faresAnyOrigin: FareAttributeV1[] = [];
  for (const attr of attributes.values()) {
    const list = rulesByFare.get(attr.fareId);
    if (!list || list.some((r) => r.containsId !== '' || r.originId === '')) {
      faresAnyOrigin.push(attr);
      continue;
    }
    for (const origin of new Set(list.map((r) => r.originId))) {
      const fares = faresByOrigin.get(origin) ?? [];
      fares.push(attr);
      faresByOrigin.set(origin, fares);
    }
  }
  return { attributes, rules, rulesByFare, faresByOrigin, faresAnyOrigin };
}

/** Fares v2 with the transfer rules' leg groups and the rider categories priced as child or adult. */
function buildV2(tables: GtfsFareFeed['fares']): GtfsFares['v2'] {
  const childCategories = new Set<string>();
  const defaultCategories = new Set<string>();
  for (const c of tables.riderCategories) {
    if (/child|young|youth|junior/i.test(c.name)) childCategories.add(c.id);
    if (c.isDefault) defaultCategories.add(c.id);
  }
  const transferRules = tables.transferRules;
  return {
    products: tables.products,
    legRules: tables.legRules,
    transferRules,
    transferFromGroups: new Set(transferRules.map((t) => t.fromLegGroupId).filter((g) => g !== '')),
    transferToGroups: new Set(transferRules.map((t) => t.toLegGroupId).filter((g) => g !== '')),
    childCategories,
    defaultCategories,
  };
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
): { adult: number; child?: number; source: string } | undefined {
  const best = findV1Fare(fares, [ride], () => true);
  return best ? { adult: best.pricePence, source: `${fares.feedId} fare ${best.fareId}` } : undefined;
}

/**
 * The cheapest fares v1 fare whose rules match a run of rides taken as one journey (one ride: the
 * ride itself): origin zone of the first boarding, destination zone of the last alighting, every
 * zone passed, and every ride's route allowed by a rule that also matches that origin and
 * destination. `allows` filters fares (e.g. on transfers).
 */
export function findV1Fare(
  fares: GtfsFares,
  rides: readonly RideForFare[],
  allows: (attr: FareAttributeV1) => boolean,
): FareAttributeV1 | undefined {
  const v1 = fares.v1;
  const first = rides[0];
  const last = rides[rides.length - 1];
  if (!v1 || !first || !last) return undefined;
  const origin = first.boardStopId ? fares.stopZone.get(first.boardStopId) : undefined;
  const destination = last.alightStopId ? fares.stopZone.get(last.alightStopId) : undefined;
  const passed = new Set<string>();
  for (const s of rides.flatMap((r) => r.stopIds)) {
    const z = fares.stopZone.get(s);
    if (z) passed.add(z);
  }
  // Rides of several agencies only match fares that name no agency.
  const agencies = new Set(rides.map((r) => r.agencyId));
  const agencyId = agencies.size === 1 ? first.agencyId : '\u0000several';
  let best: FareAttributeV1 | undefined;
  const candidates = [...((origin && v1.faresByOrigin.get(origin)) || []), ...v1.faresAnyOrigin];
  for (const attr of candidates) {
    if (best && attr.pricePence >= best.pricePence) continue;
    if (attr.agencyId !== '' && agencyId !== null && attr.agencyId !== agencyId) continue;
    if (!allows(attr)) continue;
    const rules = v1.rulesByFare.get(attr.fareId);
    let matches: boolean;
    if (!rules) matches = true;
    else {
      const routeOk = (r: FareRuleV1, ride: RideForFare) => r.routeId === '' || r.routeId === ride.routeId;
      const plain = rules.filter(
        (r) =>
          r.containsId === '' &&
          (r.originId === '' || r.originId === origin) &&
          (r.destinationId === '' || r.destinationId === destination),
      );
      const plainMatch = rides.every((ride) => plain.some((r) => routeOk(r, ride)));
      // contains_id rules: the zones passed must be exactly the fare's listed zones.
      const contains = rules.filter((r) => r.containsId !== '' && rides.some((ride) => routeOk(r, ride)));
      const containsSet = new Set(contains.map((r) => r.containsId));
      const containsMatch =
        contains.length > 0 &&
        rides.every((ride) => contains.some((r) => routeOk(r, ride))) &&
        containsSet.size === passed.size &&
        [...passed].every((z) => containsSet.has(z));
      matches = plainMatch || containsMatch;
    }
    if (matches && (!best || attr.pricePence < best.pricePence)) best = attr;
  }
  return best;
}

function priceV2(
  fares: GtfsFares,
  ride: RideForFare,
): { adult: number; child?: number; source: string } | undefined {
  const v2 = fares.v2;
  if (!v2) return undefined;
  const rules = matchV2LegRules(fares, ride);
  if (!rules) return undefined;
  const productIds = new Set(rules.map((r) => r.productId));
  const products = v2.products.filter((p) => productIds.has(p.productId) && p.amountPence >= 0);
  const adultProducts = products.filter((p) => isAdultProduct(v2, p));
  if (adultProducts.length === 0) return undefined;
  const adult = adultProducts.reduce((a, b) => (b.amountPence < a.amountPence ? b : a));
  const childProducts = products.filter((p) => v2.childCategories.has(p.riderCategoryId));
  const child = childProducts.length > 0 ? Math.min(...childProducts.map((p) => p.amountPence)) : undefined;
  return { adult: adult.amountPence, child, source: adult.name || `${fares.feedId} ${adult.productId}` };
}

/** The top-priority fare_leg_rules rows matching a ride; undefined when none. */
function matchV2LegRules(fares: GtfsFares, ride: RideForFare): FareLegRuleV2[] | undefined {
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
  return rules.filter((r) => r.priority === top);
}

type V2 = NonNullable<GtfsFares['v2']>;

/** A product row for adults: no rider category, the default category, or (with no default named) any non-child one. */
const isAdultProduct = (v2: V2, p: FareProductV2): boolean =>
  p.riderCategoryId === '' ||
  v2.defaultCategories.has(p.riderCategoryId) ||
  (!v2.childCategories.has(p.riderCategoryId) && v2.defaultCategories.size === 0);

/** Adult and child prices of one fare product (the cheapest row of each); undefined when the feed has no such product. */
export function findProductAmounts(fares: GtfsFares, productId: string): ProductAmounts | undefined {
  const v2 = fares.v2;
  if (!v2) return undefined;
  const rows = v2.products.filter((p) => p.productId === productId);
  if (rows.length === 0) return undefined;
  const min = (list: FareProductV2[]) =>
    list.length > 0 ? Math.min(...list.map((p) => p.amountPence)) : undefined;
  return {
    name: rows[0]?.name ?? '',
    adultPence: min(rows.filter((p) => isAdultProduct(v2, p))),
    childPence: min(rows.filter((p) => v2.childCategories.has(p.riderCategoryId))),
  };
}

/**
 * Every product that may pay for one ride under Fares v2, with its leg group, for working out
 * transfers; empty when no fare_leg_rules row matches. Each product keeps its own child price.
 */
export function listV2LegOptions(fares: GtfsFares, ride: RideForFare): LegOptionV2[] {
  const rules = matchV2LegRules(fares, ride) ?? [];
  const out: LegOptionV2[] = [];
  for (const r of rules) {
    const amounts = findProductAmounts(fares, r.productId);
    if (!amounts || amounts.adultPence === undefined || amounts.adultPence < 0) continue;
    const child =
      amounts.childPence !== undefined && amounts.childPence >= 0 ? amounts.childPence : undefined;
    out.push({
      productId: r.productId,
      legGroupId: r.legGroupId,
      name: amounts.name || `${fares.feedId} ${r.productId}`,
      adultPence: amounts.adultPence,
      childPence: child,
    });
  }
  return out;
}

function narrow(
  rules: FareLegRuleV2[],
  field: (r: FareLegRuleV2) => string,
  matches: (v: string) => boolean,
): FareLegRuleV2[] {
  const exact = rules.filter((r) => field(r) !== '' && matches(field(r)));
  return exact.length > 0 ? exact : rules.filter((r) => field(r) === '');
}
