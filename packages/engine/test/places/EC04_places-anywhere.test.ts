// Feature under test: place search finds a region's own stops and streets in any country (RNV in Germany, New York City).
import { describe, expect, it } from 'vitest';
import { createPlanner, loadPlannerFromFeeds } from '../../src/planner/loadPlanner.ts';
import { regionDataFromFeeds } from '../../src/loader/regionData.ts';
import type { Planner } from '../../src/planner/port.ts';
import { findSharedData } from '../support/sharedData.ts';

const quiet = { log: () => undefined };

function plannerOf(feeds: string[], osmPath?: string): Planner {
  const built = loadPlannerFromFeeds(
    feeds.map((path) => ({ path })),
    { ...quiet, ...(osmPath ? { osmPath } : {}) },
  );
  if (!built.ok) throw new Error(built.message);
  return built.planner;
}

const rnvFeed = findSharedData('rnv/rnv-gtfs.zip');
const rnvOsm = findSharedData('rnv/rnv.osm.pbf');
describe.skipIf(!rnvFeed || !rnvOsm)('C04 places on RNV (Mannheim, Heidelberg)', () => {
  const planner = rnvFeed && rnvOsm ? plannerOf([rnvFeed], rnvOsm) : (undefined as never);

  it('finds Paradeplatz, a stop of the feed (not found before: search kept to Great Britain)', () => {
    const [first] = planner.autocomplete('Paradeplatz', 5);
    expect(first).toMatchObject({ label: 'Paradeplatz', kind: 'stop' });
    // Mannheim's Paradeplatz, position from the feed's stops.txt.
    expect(first!.location.lat).toBeCloseTo(49.487, 2);
    expect(first!.location.lng).toBeCloseTo(8.467, 2);
  });

  it('finds a street of the OSM extract and names a position by its street', () => {
    expect(planner.autocomplete('Friedrichsring', 5).map((s) => s.kind)).toContain('street');
    expect(planner.reverse(49.4873, 8.4675)?.label).toBeTruthy();
  });

  it('says nothing for a name nowhere in the region', () => {
    expect(planner.autocomplete('Aviemore', 5)).toEqual([]);
  });

  it("puts Heidelberg's Bismarckplatz stop first when its name is typed (two streets of that name outranked it)", () => {
    const [first] = planner.autocomplete('Bismarckplatz', 5);
    expect(first).toMatchObject({ label: 'Bismarckplatz', kind: 'stop' });
    expect(first!.location.lat).toBeCloseTo(49.41, 2);
    // Typing only part of it still offers the streets too.
    expect(planner.autocomplete('Bismarckpl', 5).map((s) => s.kind)).toContain('street');
  });

  it('takes "Schriesheim" for the stops of Schriesheim, not the bypass road named after it (the street "Ortsumfahrung Schriesheim" was picked)', () => {
    const found = planner.autocomplete('Schriesheim', 5);
    expect(found[0]).toMatchObject({ kind: 'stop' });
    expect(found[0]!.label).toMatch(/^Schriesheim (Bahnhof|Süd)/);
    // The street is still offered, below.
    expect(found.map((s) => s.label)).toContain('Ortsumfahrung Schriesheim');
  });

  it('takes "Hauptbahnhof" for Mannheim\'s main station, the busiest stop, not Heidelberg\'s quieter "Hauptbahnhof Süd" (picked before)', () => {
    const found = planner.autocomplete('Hauptbahnhof', 8);
    expect(found[0]).toMatchObject({ label: 'MA Hauptbahnhof', kind: 'stop' });
    // Heidelberg's main station and "Hauptbahnhof Süd" are still offered.
    expect(found.map((s) => s.label)).toContain('Hauptbahnhof Süd');
    expect(found.some((s) => s.label.startsWith('HD Hauptbahnhof ('))).toBe(true);
  });

  it('finds the feed\'s "MA Hauptbahnhof" as "Mannheim Hauptbahnhof" through the region\'s abbreviations (not found before)', () => {
    expect(planner.autocomplete('Mannheim Hauptbahnhof', 5)).toEqual([]);
    const built = regionDataFromFeeds([{ path: rnvFeed! }], { ...quiet, osmPath: rnvOsm! });
    if (!built.ok) throw new Error(built.message);
    const region = {
      ...built.data.region,
      placeSearch: { ...built.data.region.placeSearch, abbreviations: { MA: 'Mannheim', HD: 'Heidelberg' } },
    };
    const named = createPlanner({ ...built.data, region });
    const [first] = named.autocomplete('Mannheim Hauptbahnhof', 5);
    // The feed's own name is kept: it is what the stop's signs and departure boards say.
    expect(first).toMatchObject({ label: 'MA Hauptbahnhof', kind: 'stop' });
    expect(first!.location.lat).toBeCloseTo(49.48, 2);
    // Its poles stand in two places, so each says its lines: "HD Hauptbahnhof (5, 9, 21, …)".
    expect(named.autocomplete('Heidelberg Hauptb', 5)[0]?.label).toMatch(/^HD Hauptbahnhof \(/);
    // The feed's own name still finds it.
    expect(named.autocomplete('MA Hauptbahnhof', 5)[0]?.label).toBe('MA Hauptbahnhof');
  });
});

const nycSubway = findSharedData('nyc/nyc-subway-gtfs.zip');
describe.skipIf(!nycSubway)('C04 places on the New York City subway (no OSM file)', () => {
  const planner = nycSubway ? plannerOf([nycSubway]) : (undefined as never);

  it('finds Times Sq-42 St and Coney Island stations from the feed', () => {
    // Two stations of that name: each says its lines.
    expect(planner.autocomplete('Times Sq', 5)[0]?.label).toMatch(/^Times Sq-42 St \((1, 2, 3|N, Q)/);
    expect(planner.autocomplete('Coney Island', 5)[0]?.label).toMatch(/^Coney Island/);
  });
});
