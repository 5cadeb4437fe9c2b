// Feature under test: a journey ending (or starting) at a stop off the mapped streets walks nothing there, as the router timed it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.ts';
import type { PlanJson } from '../../src/cli/plan.ts';
import { at, osmXml } from '../support/osmFixture.ts';
import { captureOutput } from './captureOutput.ts';

/*
 * Metres east (x) and north (y) of the fixture base: one road along y = 0, and two stops 120 m
 * north of it, like RNV's Universitätsplatz in a square the roads-only extract does not map.
 * Bus 1 runs S1 (x = 0) → S2 (x = 3,000).
 */
const S1 = at(0, 120);
const S2 = at(3000, 120);
const ll = (p: { lat: number; lon: number }) => `${p.lat.toFixed(6)},${p.lon.toFixed(6)}`;

function writeRegion(dir: string): { feed: string; osm: string } {
  const feed = join(dir, 'gtfs');
  mkdirSync(feed, { recursive: true });
  const files: Record<string, string> = {
    'agency.txt':
      'agency_id,agency_name,agency_url,agency_timezone\nag,Test Buses,https://example.org,Europe/Berlin',
    'stops.txt': `stop_id,stop_name,stop_lat,stop_lon\nS1,Bismarckplatz,${ll(S1)}\nS2,Universitätsplatz,${ll(S2)}`,
    'routes.txt': 'route_id,agency_id,route_short_name,route_type\nr1,ag,31,3',
    'calendar.txt':
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\nall,1,1,1,1,1,1,1,20260101,20271231',
    'trips.txt': 'route_id,service_id,trip_id\nr1,all,t1',
    'stop_times.txt':
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence\nt1,09:30:00,09:30:00,S1,1\nt1,09:40:00,09:40:00,S2,2',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(feed, name), `${text}\n`);
  const osm = join(dir, 'streets.osm');
  writeFileSync(
    osm,
    osmXml({ w: { x: -200, y: 0 }, e: { x: 3200, y: 0 } }, [
      { nodes: ['w', 'e'], tags: { highway: 'residential', name: 'Hauptstraße' } },
    ]),
  );
  return { feed, osm };
}

describe('a journey between two stops off the mapped streets', () => {
  const io = captureOutput();
  const { feed, osm } = writeRegion(mkdtempSync(join(tmpdir(), 'cairn-at-stop-')));

  it('ends with the ride, not a walk from the stop to the street and back to the same spot (RNV: 297 m from Universitätsplatz to itself)', async () => {
    const args = [
      '--gtfs',
      feed,
      '--osm',
      osm,
      '--from',
      ll(S1),
      '--to',
      ll(S2),
      '--depart',
      '2026-06-03T09:20',
    ];
    io.out = '';
    expect(await planCommand([...args, '--json'])).toBe(0);
    const json = JSON.parse(io.out) as PlanJson;
    const bus = json.options.find((o) => o.mode === 'transit')!;
    expect(bus.steps.map((s) => s.service ?? s.type)).toEqual(['31']);
    expect(bus.arrival.slice(11, 16)).toBe('09:40');
    expect(bus.walking_m).toBe(0);
  });
});
