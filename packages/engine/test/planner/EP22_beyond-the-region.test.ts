// Feature under test: a search end outside the region's box (London, Fort William) is planned as far as the data reaches, the rest labelled as an estimate and the traveller told so (issue 27, point 6; SPEC §1).
import type { Journey } from '@cairn/contracts';
import { SearchRequest } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND, demoPlanner } from '../support/demoRegion.ts';

const demo = demoPlanner('cairn-beyond-');

const LONDON = { name: 'London', location: { lat: 51.5072, lng: -0.1276 } };
const FORT_WILLIAM = { name: 'Fort William', location: { lat: 56.8198, lng: -5.1052 } };

/** Plans from a place of the region to one outside it (or back), on a Tuesday. */
async function plan(
  inside: string,
  outside: typeof LONDON,
  extra: Record<string, unknown> = {},
  reverse = false,
): Promise<Journey[]> {
  const a = demo.planner.autocomplete(inside, 1)[0]!;
  const ends = reverse
    ? {
        origin: outside.name,
        origin_location: outside.location,
        destination: a.label,
        destination_location: a.location,
      }
    : {
        origin: a.label,
        origin_location: a.location,
        destination: outside.name,
        destination_location: outside.location,
      };
  const r = await demo.planner.plan(
    SearchRequest.parse({ ...ends, out_time: '2026/11/24 08:00:00', ...extra }),
    null,
    DEFAULT_BRAND,
  );
  if (!r.found) throw new Error(`no journey: ${JSON.stringify(r.why)}`);
  return r.journeys;
}

const last = <T>(xs: readonly T[]): T => xs[xs.length - 1]!;
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

describe('P22 beyond the region', () => {
  it('Aviemore → London: timetables to Edinburgh Waverley, then an estimated train, labelled, priced unknown', async () => {
    const js = await plan('Aviemore', LONDON);
    expect(js.length).toBeGreaterThan(0);
    for (const j of js) {
      const end = last(j.depart.steps);
      expect(end).toMatchObject({
        type: 'train',
        start_address: 'Edinburgh Waverley',
        end_address: 'London',
      });
      expect(end.description).toMatch(/^About .* by train from Edinburgh Waverley to London \(estimate/);
      expect(end.stops).toBeUndefined();
      // A change at the gateway before the estimate.
      const before = j.depart.steps[j.depart.steps.length - 2]!;
      expect(minutes(end.departure_time) - minutes(before.arrival_time)).toBeGreaterThanOrEqual(15);
      expect(j.notices?.map((n) => n.kind)).toEqual(['estimate beyond region']);
      expect(j.notices?.[0]?.text).toMatch(
        /^London is outside the area this planner covers \(Cairngorms \(demo\)\): it plans as far as Edinburgh Waverley, and the rest \(about .* by train\) is an estimate, not a timetable\./,
      );
      expect(j.cost).toBe('unknown');
    }
  });

  it('London → Aviemore with a return: the estimate comes first, and the way back ends with it after the return time', async () => {
    const js = await plan('Aviemore', LONDON, { return_time: '2026/11/26 09:00:00' }, true);
    expect(js.length).toBeGreaterThan(0);
    for (const j of js) {
      expect(j.depart.steps[0]).toMatchObject({ start_address: 'London', end_address: 'Edinburgh Waverley' });
      expect(j.depart.departure_at >= '08:00').toBe(true);
      expect(last(j.return!.steps)).toMatchObject({
        start_address: 'Edinburgh Waverley',
        end_address: 'London',
      });
    }
  });

  it('Fort William, nearer the edge, is estimated by coach from Inverness, the declared gateway its coaches leave from, not from Dalwhinnie, the nearest station (issue #27)', async () => {
    // Before region.json gateways: "about 1 hr 10 by coach" from Dalwhinnie, where no coach runs
    // west, after a 50 km lift there.
    const js = await plan('Aviemore', FORT_WILLIAM);
    expect(js.length).toBeGreaterThan(0);
    for (const j of js) {
      const end = last(j.depart.steps);
      expect(end).toMatchObject({
        type: 'intercity bus',
        start_address: 'Inverness',
        end_address: 'Fort William',
      });
      expect(end.description).toMatch(/by coach from Inverness to Fort William \(estimate/);
      expect(j.depart.steps.map((s) => s.end_address)).not.toContain('Dalwhinnie');
    }
  });
});

describe('P22 places beyond the region found by name (region.json placeSearch.beyond)', () => {
  it('London and Fort William are suggested at their own positions, outside the region (issue #27)', () => {
    // Before: "We couldn't find "London"": the place search held only the region's own map.
    for (const p of [LONDON, FORT_WILLIAM]) {
      const [top] = demo.planner.autocomplete(p.name, 3);
      expect(top, p.name).toMatchObject({ label: p.name });
      expect(top!.location.lat).toBeCloseTo(p.location.lat, 1);
      expect(top!.location.lng).toBeCloseTo(p.location.lng, 1);
    }
  });

  it('a search naming London with no position plans to it with the estimate, as the CLI and API do', async () => {
    const r = await demo.planner.plan(
      SearchRequest.parse({ origin: 'Aviemore', destination: 'London', out_time: '2026/11/24 08:00:00' }),
      null,
      DEFAULT_BRAND,
    );
    if (!r.found) throw new Error(`no journey: ${JSON.stringify(r.why)}`);
    expect(last(r.journeys[0]!.depart.steps)).toMatchObject({ type: 'train', end_address: 'London' });
  });
});
