// Feature under test: the option set of whole searches (ADR 008) on the demo region: no option is
// clearly beaten by another of the same result that asks no more of the traveller, walking alone
// is offered on every short trip, and the traveller-facing cases of planner issue #14.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SORT_KEYS } from '@cairn/contracts';
import { SearchRequest } from '@cairn/contracts';
import type { Journey } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoRegion } from '../../../../regions/cairngorms/generator/main.ts';
import { clearlyBetter, NEED_OF, OPTION_SET } from '../../src/journeys/ranking/optionSet.ts';
import type { Need, OptionScore } from '../../src/journeys/ranking/optionSet.ts';
import { UNKNOWN_COST_SORT } from '../../src/journeys/ranking/sortKeys.ts';
import { WALK_ALWAYS_SEC } from '../../src/planner/families/walk.ts';
import { TAXI_DIRECT_M } from '../../src/planner/families/taxi.ts';
import { crowM, loadReferenceRegion, planEarliest } from './reference/plannerReference.ts';
import type { ReferenceRegion } from './reference/plannerReference.ts';
import { listRandomSearches } from './reference/searches.ts';

const dir = mkdtempSync(join(tmpdir(), 'cairn-option-set-'));
let region: ReferenceRegion;

beforeAll(async () => {
  await generateDemoRegion({ outDir: dir, seed: 1, date: '2026-11-22' });
  region = await loadReferenceRegion(dir, Date.UTC(2026, 10, 22, 9, 0));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A journey as the option set scores it, from the document alone. */
function scoreOf(j: Journey): OptionScore {
  const steps = [...j.depart.steps, ...(j.return?.steps ?? [])];
  const needs = new Set<Need>(steps.flatMap((s) => (NEED_OF[s.type] ? [NEED_OF[s.type]!] : [])));
  const booked = steps.some((s) => s.type === 'drt' || s.type === 'community transport');
  return {
    onDemand: j.transport_mode !== 'transit' && !booked,
    family: j.transport_mode,
    rides: '',
    needs,
    changes: j.depart.changes!,
    carbonKg: j.carbon_emission,
    costPence: j.cost_pence,
    departSec: j.sort['depature-time']!,
    arriveSec: j.sort['arrival-time']!,
    travelSec: j.sort['travel-time']!,
    waitSec: j.sort['wait-time']!,
    walkM: j.sort['walk-distance']!,
    stageCount: j.depart.stages.length,
  };
}

const isWalkOnly = (j: Journey) =>
  j.depart.steps.every((s) => s.type === 'walk') && j.depart.steps.length > 0;

/** Best of some sort key within the result (ties included): the option set never removes those. */
function bestOfSomeKey(j: Journey, all: readonly Journey[]): boolean {
  return SORT_KEYS.some((k) => {
    const v = (x: Journey) => (k === 'cost' && x.cost_pence === null ? UNKNOWN_COST_SORT : x.sort[k]!);
    return all.every((o) => v(j) <= v(o));
  });
}

/** The steps of a journey without their times: one journey at two times reads the same (ADR 008, later copy). */
const shapeOf = (j: Journey) =>
  [j.depart, ...(j.return ? [j.return] : [])]
    .map((leg) =>
      leg.steps
        .map((s) => `${s.type} ${s.service_number ?? ''} ${s.start_address}>${s.end_address}`)
        .join(', '),
    )
    .join(' / ');

/** B is A's journey later, for no less money (ADR 008, later copy). */
const laterCopyOf = (b: Journey, a: Journey): boolean =>
  a !== b &&
  a.transport_mode === b.transport_mode &&
  shapeOf(a) === shapeOf(b) &&
  (a.cost_pence ?? Infinity) <= (b.cost_pence ?? Infinity) &&
  a.sort['arrival-time']! < b.sort['arrival-time']!;

/**
 * Best of some sort key, and for travel and waiting time by more than `clearlyFasterSec` against
 * its earlier copy: a later copy stays only for that.
 */
function clearlyBestOfSomeKey(b: Journey, all: readonly Journey[], copy: Journey): boolean {
  return SORT_KEYS.some((k) => {
    const v = (x: Journey) => (k === 'cost' && x.cost_pence === null ? UNKNOWN_COST_SORT : x.sort[k]!);
    if (!all.every((o) => v(b) <= v(o))) return false;
    return k === 'travel-time' || k === 'wait-time'
      ? v(b) + OPTION_SET.clearlyFasterSec < v(copy)
      : v(b) < v(copy);
  });
}

describe('P06 the option set of whole searches', () => {
  it('property: on 80 seeded searches no option is clearly beaten by another that asks no more, nor a later copy of another', async () => {
    const problems: string[] = [];
    for (const [from, to, out] of listRandomSearches(region, 80, 1406)) {
      const { journeys } = await planEarliest(region, from, to, out);
      for (const b of journeys) {
        const copy = journeys.find((a) => laterCopyOf(b, a));
        if (copy && !clearlyBestOfSomeKey(b, journeys, copy))
          problems.push(
            `${from.name} → ${to.name} ${out}: ${b.depart.stages.join('>')} ${b.depart.departure_at}-${b.depart.arrival_at} is a later copy of ${copy.depart.departure_at}-${copy.depart.arrival_at}`,
          );
        if (bestOfSomeKey(b, journeys)) continue;
        if (
          isWalkOnly(b) &&
          Date.parse(b.depart.arrival_datetime) - Date.parse(b.depart.departure_datetime) <=
            WALK_ALWAYS_SEC * 1000
        )
          continue;
        const a = journeys.find((x) => x !== b && clearlyBetter(scoreOf(x), scoreOf(b)));
        if (a)
          problems.push(
            `${from.name} → ${to.name} ${out}: ${b.depart.stages.join('>')} ${b.depart.departure_at}-${b.depart.arrival_at} beaten by ${a.depart.stages.join('>')} ${a.depart.departure_at}-${a.depart.arrival_at}`,
          );
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  }, 240_000);

  it('property: 20 seeded trips of 300 m to 1.5 km all offer walking alone', async () => {
    // Under 1.5 km in a straight line, a walk along the streets takes well under 40 minutes.
    const short = listRandomSearches(region, 4000, 77)
      .filter(([a, b]) => crowM(a, b) >= 300 && crowM(a, b) <= 1_500)
      .slice(0, 20);
    expect(short).toHaveLength(20);
    const missing: string[] = [];
    for (const [from, to, out] of short) {
      const { journeys } = await planEarliest(region, from, to, out);
      if (!journeys.some(isWalkOnly)) missing.push(`${from.name} → ${to.name} ${out}`);
    }
    expect(missing, missing.join('\n')).toEqual([]);
  }, 240_000);

  it('a 1 km walk in Aviemore is offered beside the bike, and no cycle or bus hides it', async () => {
    const from = { name: 'Aviemore station', lat: 57.1893, lon: -3.8289 };
    const to = { name: 'Grampian Road', lat: 57.1975, lon: -3.8262 };
    const { journeys } = await planEarliest(region, from, to, '2026/11/24 09:00:00');
    const walk = journeys.find(isWalkOnly);
    expect(walk).toBeDefined();
    expect(journeys.some((j) => j.depart.stages.join('>') === 'cycle')).toBe(true);
  });

  it('no taxi or lift to a train the traveller can walk to in time', async () => {
    const from = { name: 'Aviemore, Grampian Road', lat: 57.1975, lon: -3.8262 };
    const to = { name: 'Pitlochry', lat: 56.7024, lon: -3.7346 };
    const { journeys } = await planEarliest(region, from, to, '2026/11/24 07:00:00');
    const trainsWalked = new Set(
      journeys
        .filter((j) => j.depart.steps[0]?.type === 'walk' || j.depart.steps[0]?.stops !== undefined)
        .flatMap((j) =>
          j.depart.steps
            .filter((s) => s.type === 'train')
            .map((s) => `${s.service_number}@${s.departure_time}`),
        ),
    );
    for (const j of journeys) {
      const first = j.depart.steps[0];
      if (!first || first.type === 'walk' || first.stops !== undefined) continue;
      const train = j.depart.steps.find((s) => s.type === 'train');
      if (train) expect(trainsWalked.has(`${train.service_number}@${train.departure_time}`)).toBe(false);
    }
  });

  it('community transport appears once (booked door to door, not again as its timetable), from when it starts', async () => {
    const from = { name: 'Laggan', lat: 57.0156, lon: -4.2758 };
    const to = { name: 'Newtonmore', lat: 57.0658, lon: -4.1208 };
    // Tuesday 24 November, before the community bus's hours (09:00–16:30).
    const { journeys } = await planEarliest(region, from, to, '2026/11/24 08:00:00');
    const ct = journeys.filter((j) => j.depart.steps.some((s) => s.type === 'community transport'));
    expect(ct).toHaveLength(1);
    expect(ct[0]!.depart.departure_at).toBe('09:00');
  });

  it('no taxi home further than a taxi is offered door to door (Tomintoul → Edinburgh and back)', async () => {
    const req = SearchRequest.parse({
      origin: 'Tomintoul',
      destination: 'Edinburgh',
      origin_location: { lat: 57.2516, lng: -3.3794 },
      destination_location: { lat: 55.9521, lng: -3.1893 },
      out_time: '2026/11/24 07:00:00',
      return_time: '2026/11/24 17:00:00',
      has_access_to_car: true,
    });
    const { journeys } = await region.planner.plan(req, null, region.brand);
    expect(journeys.length).toBeGreaterThan(0);
    for (const j of journeys)
      for (const s of j.return?.steps ?? [])
        if (s.type === 'taxi') expect(s.distance.value).toBeLessThanOrEqual(TAXI_DIRECT_M);
  });
});
