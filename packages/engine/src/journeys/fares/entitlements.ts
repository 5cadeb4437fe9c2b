import type { TravelType } from '@cairn/contracts';
import type { ConcessionScheme, Concessions } from '../../region/regionConfig.ts';
import type { Traveller } from './traveller.ts';

/*
 * Which fare a traveller pays on a ride, from the adult fare. The rules applied:
 *
 * - National Entitlement Card (concessionary pass, over-60 or disabled): free on the modes the
 *   region lists in concessions.nationalEntitlementCard.freeModes (in Scotland local bus and
 *   scheduled coach), and on any ride whose fare rule says concessionsFree (e.g. a DRT service).
 * - Under-22 free bus: Scotland's Young Persons' (Under 22s) Free Bus Travel Scheme covers every
 *   registered bus service, scheduled long-distance coaches included (Transport Scotland, reported
 *   by Route One, January 2022), so a Scottish region lists both 'bus' and 'intercity bus'. It is
 *   carried on a Young Scot National Entitlement Card
 *   issued on or after 10 January 2022 (NEW_YOUNG_SCOT_CUTOFF). So: has_young_scot_card and
 *   has_new_young_scot_card, and user_age under 22 (or unknown — the card itself is only issued
 *   for the scheme to under-22s) → free on concessions.youngScot.under22FreeModes. An older
 *   Young Scot card gives no free bus.
 * - Young Scot rail discount: holders aged 16–18 (user_age must be known) get
 *   concessions.youngScot.railDiscountPercent off adult rail fares.
 * - Railcards: concessions.railcards[name].discountPercent off adult rail fares only (train mode);
 *   the national defaults when the region omits a card are 1/3 off, 50% for the 16-17 Saver.
 *   Railcards do not discount child fares, buses, DRT or ferries.
 * - Child fares: age ≤ infantFreeMaxAge travels free, age ≤ childMaxAge pays the child fare
 *   (the rule's childPercent of adult, or the fare's own child price).
 * - The region's own schemes (concessions.schemes, issue 28) the traveller holds: on a ride of
 *   the operators and travel types a scheme covers, free, a percentage off the adult fare (rounded
 *   down, as railcards), or the adult fare capped per ride (twice the cap for a return).
 * The cheapest applicable fare wins; the breakdown names the entitlement used.
 */

/** National railcard discounts when region.json does not list the card (National Rail, 2025). */
const NATIONAL_RAILCARD_DISCOUNT_PERCENT: Readonly<Record<string, number>> = {
  '16-17 Saver': 50,
  '16-25 Railcard': 100 / 3,
  '26-30 Railcard': 100 / 3,
  'Disabled Persons Railcard': 100 / 3,
  'Senior Railcard': 100 / 3,
};

const UNDER_22_MAX_AGE = 21;

export interface FareQuote {
  pence: number;
  /** Words for the breakdown: 'adult single', 'free with National Entitlement Card'. */
  basis: string;
  /** Entitlement that made it cheaper, null for the plain adult fare. */
  entitlement: string | null;
}

export interface EntitlementInput {
  mode: TravelType;
  adultPence: number;
  /** The fare's own child price when known (GTFS v2 rider category, DRT child single). */
  childPence?: number;
  /** Child fare as a percentage of adult when no own child price exists. */
  childPercent: number;
  /** The fare rule says National Entitlement Card holders travel free. */
  ruleConcessionsFree: boolean;
  /** 'single' or 'return': worded into the basis. */
  ticket: 'single' | 'return';
  /** The ride's operator (region.json operators[].id) when known: schemes may cover only some. */
  operatorId?: string | null;
}

const RAIL_MODES: readonly TravelType[] = ['train'];

/** The cheapest fare the traveller is entitled to, with its reason. */
export function applyEntitlements(
  traveller: Traveller,
  concessions: Concessions,
  input: EntitlementInput,
): FareQuote {
  const quotes: FareQuote[] = [
    { pence: input.adultPence, basis: `adult ${input.ticket}`, entitlement: null },
  ];
  const age = traveller.age;
  if (
    traveller.concessionaryPass &&
    (input.ruleConcessionsFree || concessions.nationalEntitlementCard.freeModes.includes(input.mode))
  ) {
    quotes.push({
      pence: 0,
      basis: 'free with National Entitlement Card',
      entitlement: 'National Entitlement Card',
    });
  }
  if (
    traveller.youngScot &&
    traveller.newYoungScot &&
    (age === null || age <= UNDER_22_MAX_AGE) &&
    concessions.youngScot.under22FreeModes.includes(input.mode)
  ) {
    quotes.push({
      pence: 0,
      basis: 'free with Young Scot under-22 card',
      entitlement: 'Young Scot under-22 free bus travel',
    });
  }
  if (age !== null && age <= concessions.infantFreeMaxAge) {
    quotes.push({
      pence: 0,
      basis: `free for children under ${concessions.infantFreeMaxAge + 1}`,
      entitlement: 'child',
    });
  } else if (age !== null && age <= concessions.childMaxAge) {
    const child = input.childPence ?? Math.round((input.adultPence * input.childPercent) / 100);
    quotes.push({ pence: child, basis: `child ${input.ticket}`, entitlement: 'child' });
  }
  if (RAIL_MODES.includes(input.mode)) {
    if (traveller.railcard) {
      const listed = concessions.railcards.find((r) => r.name === traveller.railcard);
      const percent = listed?.discountPercent ?? NATIONAL_RAILCARD_DISCOUNT_PERCENT[traveller.railcard] ?? 0;
      if (percent > 0) {
        quotes.push({
          pence: discounted(input.adultPence, percent),
          basis: `adult ${input.ticket} with ${traveller.railcard} (${describePercent(percent)} off)`,
          entitlement: traveller.railcard,
        });
      }
    }
    const ysPercent = concessions.youngScot.railDiscountPercent;
    if (traveller.youngScot && age !== null && age >= 16 && age <= 18 && ysPercent > 0) {
      quotes.push({
        pence: discounted(input.adultPence, ysPercent),
        basis: `adult ${input.ticket} with Young Scot card (${describePercent(ysPercent)} off)`,
        entitlement: 'Young Scot rail discount',
      });
    }
  }
  for (const id of traveller.schemes) {
    const scheme = concessions.schemes.find((s) => s.id === id);
    if (scheme && schemeCovers(scheme, input)) quotes.push(schemeQuote(scheme, input));
  }
  // Cheapest wins; on a tie the earlier (plainer) reason is kept.
  return quotes.reduce((best, q) => (q.pence < best.pence ? q : best));
}

/** Whether a scheme covers a ride: its travel type and operator among those listed (an empty list is any). */
function schemeCovers(scheme: ConcessionScheme, input: EntitlementInput): boolean {
  const { modes, operatorIds } = scheme.covers;
  if (modes.length > 0 && !modes.includes(input.mode)) return false;
  return operatorIds.length === 0 || (input.operatorId != null && operatorIds.includes(input.operatorId));
}

/** The fare of a covered ride with a scheme. */
function schemeQuote(scheme: ConcessionScheme, input: EntitlementInput): FareQuote {
  const d = scheme.discount;
  const entitlement = scheme.label;
  if (d.kind === 'free') return { pence: 0, basis: `free with ${scheme.label}`, entitlement };
  if (d.kind === 'percent')
    return {
      pence: discounted(input.adultPence, d.percent),
      basis: `adult ${input.ticket} with ${scheme.label} (${describePercent(d.percent)} off)`,
      entitlement,
    };
  const cap = d.capPence * (input.ticket === 'return' ? 2 : 1);
  return {
    pence: Math.min(input.adultPence, cap),
    basis: `${input.ticket} with ${scheme.label} (capped)`,
    entitlement,
  };
}

/** Rail discounts round down to the penny in the traveller's favour, as ticket machines do. */
function discounted(pence: number, percent: number): number {
  return Math.floor((pence * (100 - percent)) / 100 + 1e-9);
}

function describePercent(percent: number): string {
  if (Math.abs(percent - 100 / 3) < 0.01) return '1/3';
  return `${Math.round(percent * 10) / 10}%`;
}
