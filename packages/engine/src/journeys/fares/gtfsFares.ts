import { parseCsv } from '../../gtfs/csv.ts';
import { openGtfsSource } from '../../gtfs/source.ts';
import type { AdultFare, RideForFare } from './rideFare.ts';

/*
 * GTFS fares for one feed, read from the feed's own fare files (the timetable reader does not keep
 * them). Fares v1: fare_attributes + fare_rules with stop zones, including the transfer allowance
 * (transfers, transfer_duration). Fares v2, the common subset: fare_products, fare_leg_rules by
 * network and from/to area (stop_areas) with leg_group_id, rule_priority, rider categories (a
 * category named like "child" gives the child price), and fare_transfer_rules. Not read:
 * timeframes, fare media and fare_leg_join_rules.
 *
 * This file prices one ride and finds the v1 fare for a run of rides; fareTransfers.ts works out
 * which consecutive rides of one leg of a journey share a ticket (v1 transfers, v2 transfer rules)
 * and priceOption.ts combines that with the traveller's entitlements.
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
  /** fare_leg_rules.leg_group_id: what fare_transfer_rules refer to ('' = in no group). */
  legGroupId: string;
  networkId: string;
  fromAreaId: string;
  toAreaId: string;
  productId: string;
  priority: number;
}

export interface FareProductV2 {
  productId: string;
  name: string;
  /** May be negative: a transfer product can be a discount. Leg prices use only non-negative rows. */
  amountPence: number;
  riderCategoryId: string;
}

/** One row of fare_transfer_rules.txt (Fares v2). */
export interface FareTransferRuleV2 {
  /** '' = every leg group not named in any rule's from_leg_group_id. */
  fromLegGroupId: string;
  /** '' = every leg group not named in any rule's to_leg_group_id. */
  toLegGroupId: string;
  /** Transfers of one sub-journey this rule may span; -1 = no limit; null when the groups differ (forbidden there). */
  transferCount: number | null;
  durationLimitSec: number | null;
  /** 0 departure→arrival, 1 departure→departure, 2 arrival→departure, 3 arrival→arrival (current leg → next leg). */
  durationLimitType: 0 | 1 | 2 | 3 | null;
  /** 0 = A + AB, 1 = A + AB + B, 2 = AB. */
  fareTransferType: 0 | 1 | 2;
  /** The transfer fee product; '' = the transfer costs nothing. */
  productId: string;
}

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

const toPence = (amount: string, allowNegative = false): number | undefined => {
  const v = Number(amount);
  return amount === '' || !Number.isFinite(v) || (v < 0 && !allowNegative) ? undefined : Math.round(v * 100);
};

/** A whole number from a field, or undefined when empty or not an integer. */
const toInt = (field: string | undefined): number | undefined => {
  if (field === undefined || field === '') return undefined;
  const v = Number(field);
  return Number.isInteger(v) ? v : undefined;
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
    v1 = { attributes, rules, rulesByFare, faresByOrigin, faresAnyOrigin };
  }

  let v2: GtfsFares['v2'] = null;
  const productRows = readRows(read('fare_products.txt'));
  if (productRows.length > 0) {
    const products: FareProductV2[] = [];
    for (const r of productRows) {
      const pence = toPence(r.amount ?? '', true);
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
        legGroupId: r.leg_group_id ?? '',
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
    const productIds = new Set(products.map((p) => p.productId));
    const transferRules = readTransferRules(readRows(read('fare_transfer_rules.txt')), productIds);
    v2 = {
      products,
      legRules,
      transferRules,
      transferFromGroups: new Set(transferRules.map((t) => t.fromLegGroupId).filter((g) => g !== '')),
      transferToGroups: new Set(transferRules.map((t) => t.toLegGroupId).filter((g) => g !== '')),
      childCategories,
      defaultCategories,
    };
  }
  return { feedId, v1, v2, stopZone, stopAreas, routeNetwork };
}

/**
 * fare_transfer_rules rows. A row the reference forbids or leaves without meaning is dropped
 * rather than guessed at: an unknown fare_transfer_type, a duration_limit without a valid
 * duration_limit_type, a transfer_count missing where the two groups are equal or given where they
 * differ, or a fee product that fare_products.txt does not define.
 */
function readTransferRules(rows: Rows, productIds: Set<string>): FareTransferRuleV2[] {
  const out: FareTransferRuleV2[] = [];
  for (const r of rows) {
    const type = toInt(r.fare_transfer_type);
    if (type !== 0 && type !== 1 && type !== 2) continue;
    const from = r.from_leg_group_id ?? '';
    const to = r.to_leg_group_id ?? '';
    const count = toInt(r.transfer_count);
    let transferCount: number | null = null;
    if (from === to) {
      if (count === undefined || (count < 1 && count !== -1)) continue;
      transferCount = count;
    } else if (r.transfer_count) continue;
    const limit = toInt(r.duration_limit);
    const limitType = toInt(r.duration_limit_type);
    if (
      limit !== undefined &&
      (limit <= 0 || (limitType !== 0 && limitType !== 1 && limitType !== 2 && limitType !== 3))
    )
      continue;
    const productId = r.fare_product_id ?? '';
    if (productId !== '' && !productIds.has(productId)) continue;
    out.push({
      fromLegGroupId: from,
      toLegGroupId: to,
      transferCount,
      durationLimitSec: limit ?? null,
      durationLimitType:
        limit === undefined
          ? null
          : limitType === 0 || limitType === 1 || limitType === 2 || limitType === 3
            ? limitType
            : null,
      fareTransferType: type,
      productId,
    });
  }
  return out;
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
