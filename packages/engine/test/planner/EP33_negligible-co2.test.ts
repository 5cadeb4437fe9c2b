// Feature under test: on the real RNV feed, an option best on CO2 by a negligible amount does not
// stay on that alone (ADR 008 rule 11, OPTION_SET.co2TieKg / co2TieShare), and a later copy goes
// beside its nearer copy before that copy gives way to a leaner way onto the same tram.
import { readFileSync } from 'node:fs';
import { BrandSettings, SearchRequest } from '@cairn/contracts';
import type { Journey } from '@cairn/contracts';
import { describe, expect, it } from 'vitest';
import { loadPlannerFromFeeds } from '../../src/planner/loadPlanner.ts';
import type { Planner } from '../../src/planner/port.ts';
import { findSharedData } from '../support/sharedData.ts';

const brand = BrandSettings.parse(
  JSON.parse(readFileSync(new URL('../../../../brands/default/brand.json', import.meta.url), 'utf8')),
);
const feed = findSharedData('rnv/rnv-gtfs.zip');
const osm = findSharedData('rnv/rnv.osm.pbf');

/** Stop positions from the feed's stops.txt: Mannheim Paradeplatz (245104), Heidelberg Hauptbahnhof Süd (427202). */
const PARADEPLATZ = { lat: 49.487221, lng: 8.467501 };
const HD_HBF_SUED = { lat: 49.40156, lng: 8.67322 };

/** Each option with a tram as "HH:MM tram 5 from STOP". */
function trams(journeys: readonly Journey[]): string[] {
  return journeys.flatMap((j) =>
    j.depart.steps
      .filter((s) => s.type === 'tram')
      .slice(0, 1)
      .map((s) => `${s.departure_time} ${s.description}`),
  );
}

describe.skipIf(!feed || !osm)('P33 RNV: a negligible CO2 difference keeps nothing', () => {
  let planner: Planner;
  const plan = async (outTime: string) => {
    if (!planner) {
      const built = loadPlannerFromFeeds([{ path: feed! }], { osmPath: osm!, log: () => undefined });
      if (!built.ok) throw new Error(built.message);
      planner = built.planner;
    }
    const request = SearchRequest.parse({
      origin: 'Paradeplatz',
      destination: 'Hauptbahnhof Süd',
      origin_location: PARADEPLATZ,
      destination_location: HD_HBF_SUED,
      out_time: outTime,
    });
    const { journeys } = await planner.plan(request, null, brand);
    // The 10:16 tram 5 from Paradeplatz, the walk's nearest stop, is offered each time.
    const found = trams(journeys);
    expect(found.some((t) => t.startsWith('10:16') && /Paradeplatz/.test(t))).toBe(true);
    return { journeys, found };
  };

  it(
    'Paradeplatz → Heidelberg Hbf Süd at 10:00: no 12:11 tram 5 from Marktplatz, two hours after the first, for 0.01 kg less',
    { timeout: 240_000 },
    async () => {
      const { journeys } = await plan('2016/11/15 10:00:00');
      // Every tram ridden is boarded within the hour asked for; none is a copy hours later.
      expect(journeys.map((j) => j.depart.departure_at).filter((t) => t >= '11:00')).toEqual([]);
    },
  );

  it(
    'in December (no 20 km bike ride) the same 10:17 tram from Marktplatz, 77 m more walking, does not stay as the lowest CO2',
    { timeout: 240_000 },
    async () => {
      const { found } = await plan('2016/12/06 10:00:00');
      expect(found.filter((t) => /Marktplatz/.test(t))).toEqual([]);
    },
  );
});
