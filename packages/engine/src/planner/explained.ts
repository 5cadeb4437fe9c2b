import { endNames } from '../format/placeNames.ts';
import { legChanges, legEndSec, legStartSec, legWalkM } from '../journeys/model.ts';
import type { PlannedOption } from '../journeys/model.ts';
import { sortInputsOf } from '../journeys/ranking/sortKeys.ts';
import type { ExplainedOption, PlanResult, Protection, RemovalRule } from './port.ts';

/*
 * The record of `cairn plan --explain` (issue #27, after OpenTripPlanner's debug filters, which
 * flag each removed itinerary with the filter's name): every candidate of a search, and the rule
 * that removed it. A search that does not ask keeps nothing.
 */

/** The candidates of one search and what removed each, gathered as the search goes. */
export class Explained {
  private readonly on: boolean;
  private readonly entries: Array<{
    option: PlannedOption;
    costPence: number | null;
    removal: { rule: RemovalRule; by?: PlannedOption } | undefined;
    spared: Spared | undefined;
  }> = [];

  constructor(on: boolean) {
    this.on = on;
  }

  /** A candidate removed before pricing. */
  drop(option: PlannedOption, rule: RemovalRule): void {
    this.add(option, null, { rule });
  }

  /**
   * A priced candidate, shown (no removal) or removed by a rule, perhaps in favour of another; a
   * shown one may have been spared a rule by a protection.
   */
  add(
    option: PlannedOption,
    costPence: number | null,
    removal: { rule: RemovalRule; by?: PlannedOption | undefined } | undefined,
    spared?: Spared,
  ): void {
    if (!this.on) return;
    const by = removal?.by;
    this.entries.push({
      option,
      costPence,
      removal: removal && { rule: removal.rule, ...(by ? { by } : {}) },
      spared,
    });
  }

  /** The `explained` field of the search's result: shown options first, then the removed. */
  list(): Pick<PlanResult, 'explained'> {
    if (!this.on) return {};
    const order = [...this.entries].sort((a, b) => Number(!!a.removal) - Number(!!b.removal));
    const index = new Map(order.map((e, i) => [e.option, i]));
    return {
      explained: order.map(({ option, costPence, removal, spared }) => ({
        ...explainedOf(
          option,
          costPence,
          removal && { rule: removal.rule, by: removal.by && index.get(removal.by) },
        ),
        ...(spared ? { keptBy: keptByOf(spared, index) } : {}),
      })),
    };
  }
}

/** What protected a shown option from a rule, and the option that rule would have kept instead. */
export interface Spared {
  protections: Protection[];
  rule: RemovalRule;
  by?: PlannedOption | undefined;
}

function keptByOf(spared: Spared, index: ReadonlyMap<PlannedOption, number>): ExplainedOption['keptBy'] {
  const by = spared.by && index.get(spared.by);
  return { protections: spared.protections, rule: spared.rule, ...(by !== undefined ? { by } : {}) };
}

function explainedOf(
  option: PlannedOption,
  costPence: number | null,
  removal: { rule: RemovalRule; by: number | undefined } | undefined,
): ExplainedOption {
  return {
    kind: option.kind,
    departSec: legStartSec(option.depart),
    arriveSec: legEndSec(option.depart),
    steps: option.depart.steps.map((s) => ({
      type: s.type,
      service: s.ride ? s.ride.routeShortName || s.ride.routeLongName : null,
      ...endNames(s.from, s.to),
      startSec: s.startSec,
      endSec: s.endSec,
      distanceM: Math.round(s.distanceM),
    })),
    costPence,
    carbonKg: sortInputsOf(option, costPence).carbonKg,
    walkM: Math.round(legWalkM(option.depart)),
    changes: legChanges(option.depart),
    removedBy: removal
      ? { rule: removal.rule, ...(removal.by !== undefined ? { by: removal.by } : {}) }
      : null,
  };
}
