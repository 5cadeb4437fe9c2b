// Feature under test: the Cairngorms demo region generator (determinism, region.json, GTFS and OSM sanity).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegionConfig } from '@cairn/engine/region';
import { demoGeneratorFingerprint, generateDemoRegion } from '../generator/main.ts';
import type { GenerateSummary } from '../generator/main.ts';
import { components, parseOsmXml, readCsv, readTree } from './readBuild.ts';
import type { ParsedOsm } from './readBuild.ts';

const DATE = '2026-11-22';
const FEEDS = ['rail', 'bus', 'city', 'ferry', 'flex'] as const;
const tmp = mkdtempSync(join(tmpdir(), 'cairn-demo-'));
const outA = join(tmp, 'a');
let summary: GenerateSummary;
let osm: ParsedOsm;

beforeAll(async () => {
  summary = await generateDemoRegion({ outDir: outA, seed: 7, date: DATE });
  osm = parseOsmXml(readFileSync(join(outA, 'cairngorms.osm'), 'utf8'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const dayNumber = (yyyymmdd: string) =>
  Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8))) /
  86_400_000;
const secOf = (t: string) => {
  const [h, m, s] = t.split(':').map(Number);
  return h! * 3600 + m! * 60 + s!;
};

describe('determinism', () => {
  it('gives byte-identical output for the same seed and date', async () => {
    const outB = join(tmp, 'b');
    await generateDemoRegion({ outDir: outB, seed: 7, date: DATE });
    const a = readTree(outA);
    const b = readTree(outB);
    expect([...b.keys()]).toEqual([...a.keys()]);
    for (const [path, bytes] of a) expect(b.get(path)!.equals(bytes), path).toBe(true);
  });

  it('changes the street layout with the seed but keeps the timetables', async () => {
    const outC = join(tmp, 'c');
    await generateDemoRegion({ outDir: outC, seed: 8, date: DATE });
    const a = readTree(outA);
    const c = readTree(outC);
    expect(c.get('cairngorms.osm')!.equals(a.get('cairngorms.osm')!)).toBe(false);
    expect(c.get('gtfs/rail/stop_times.txt')!.equals(a.get('gtfs/rail/stop_times.txt')!)).toBe(true);
  });
});

describe('generator fingerprint', () => {
  it('is a stable short hash of the generator source', () => {
    expect(demoGeneratorFingerprint()).toMatch(/^[0-9a-f]{12}$/);
    expect(demoGeneratorFingerprint()).toBe(demoGeneratorFingerprint());
  });
});

describe('region.json', () => {
  it('validates against the region schema with every named file present', async () => {
    const { config, warnings } = await loadRegionConfig(outA);
    expect(warnings).toEqual([]);
    expect(config?.demo).toBe(true);
    // The GTFS feeds, and the Atholl buses shipped as TransXChange with NaPTAN stops.
    expect(config?.feeds.map((f) => f.id)).toEqual(['rail', 'bus', 'atholl', 'city', 'ferry', 'flex']);
    expect(config?.feeds[2]).toMatchObject({
      type: 'transxchange',
      stops: 'naptan/Stops.csv',
      nation: 'scotland',
    });
    expect(config?.carClub.providers).toHaveLength(2);
    expect(config?.flexibleServices.map((s) => s.kind).sort()).toEqual(['community transport', 'drt']);
  });

  it('names every GTFS agency as an operator with a website and payment methods', async () => {
    const { config } = await loadRegionConfig(outA);
    for (const feed of FEEDS) {
      for (const a of readCsv(join(outA, 'gtfs', feed), 'agency.txt')) {
        const op = config!.operators.find((o) =>
          o.gtfsAgencies.some((g) => g.feedId === feed && g.agencyId === a.agency_id),
        );
        expect(op, `${feed}/${a.agency_id}`).toBeDefined();
        expect(op!.paymentMethods.length).toBeGreaterThan(0);
        expect(op!.website).toBe(a.agency_url);
      }
    }
  });
});

describe('GBFS', () => {
  it('publishes the bike-hire docks of region.json with availability within capacity', async () => {
    const { config } = await loadRegionConfig(outA);
    const read = (name: string) =>
      JSON.parse(readFileSync(join(outA, 'gbfs', name), 'utf8')) as {
        version: string;
        data: Record<string, unknown>;
      };
    const info = read('station_information.json');
    expect(info.version).toBe('2.3');
    const stations = info.data.stations as { station_id: string; capacity: number }[];
    expect(stations.map((s) => s.station_id)).toEqual(config!.bikeHire!.stations.map((s) => s.station_id));
    const status = read('station_status.json').data.stations as {
      station_id: string;
      num_bikes_available: number;
      num_docks_available: number;
    }[];
    for (const s of status) {
      const capacity = stations.find((x) => x.station_id === s.station_id)!.capacity;
      expect(s.num_bikes_available + s.num_docks_available).toBe(capacity);
    }
  });
});

describe('GTFS', () => {
  it.each(FEEDS)('%s: is labelled demo data and names only fictional agencies', (feed) => {
    const dir = join(outA, 'gtfs', feed);
    expect(readCsv(dir, 'feed_info.txt')[0]!.feed_publisher_name).toMatch(/DEMO DATA/);
    for (const a of readCsv(dir, 'agency.txt')) {
      expect(a.agency_name).toMatch(/^Demo /);
      expect(a.agency_timezone).toBe('Europe/London');
    }
  });

  it.each(FEEDS)('%s: stop_times name existing stops and trips, with times that never go back', (feed) => {
    const dir = join(outA, 'gtfs', feed);
    const stops = new Set(readCsv(dir, 'stops.txt').map((s) => s.stop_id));
    const trips = new Map(readCsv(dir, 'trips.txt').map((t) => [t.trip_id, t]));
    const routes = new Set(readCsv(dir, 'routes.txt').map((r) => r.route_id));
    const services = new Set(readCsv(dir, 'calendar.txt').map((c) => c.service_id));
    const shapes = new Set(readCsv(dir, 'shapes.txt').map((s) => s.shape_id));
    for (const t of trips.values()) {
      expect(routes.has(t.route_id), t.trip_id).toBe(true);
      expect(services.has(t.service_id), t.trip_id).toBe(true);
      expect(shapes.has(t.shape_id), t.trip_id).toBe(true);
    }
    const problems: string[] = [];
    const lastByTrip = new Map<string, { seq: number; dep: number }>();
    for (const st of readCsv(dir, 'stop_times.txt')) {
      if (!stops.has(st.stop_id)) problems.push(`unknown stop ${st.stop_id}`);
      if (!trips.has(st.trip_id)) problems.push(`unknown trip ${st.trip_id}`);
      const arr = secOf(st.arrival_time);
      const dep = secOf(st.departure_time);
      if (dep < arr) problems.push(`${st.trip_id}: departs before it arrives at ${st.stop_id}`);
      const prev = lastByTrip.get(st.trip_id);
      if (prev && Number(st.stop_sequence) <= prev.seq)
        problems.push(`${st.trip_id}: stop_sequence does not increase`);
      if (prev && arr <= prev.dep) problems.push(`${st.trip_id}: time does not increase at ${st.stop_id}`);
      lastByTrip.set(st.trip_id, { seq: Number(st.stop_sequence), dep });
    }
    expect(problems).toEqual([]);
    const seen = new Set(lastByTrip.keys());
    expect(seen.size).toBe(trips.size);
  });

  it('rail and bus feeds run on every day of the next 12 months except Christmas Day', () => {
    const start = dayNumber(DATE.replaceAll('-', ''));
    for (const feed of ['rail', 'bus'] as const) {
      const dir = join(outA, 'gtfs', feed);
      const cal = readCsv(dir, 'calendar.txt');
      const exceptions = readCsv(dir, 'calendar_dates.txt');
      const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
      const runs = (serviceId: string, day: number) => {
        const ex = exceptions.find((e) => e.service_id === serviceId && dayNumber(e.date) === day);
        if (ex) return ex.exception_type === '1';
        const c = cal.find((x) => x.service_id === serviceId)!;
        const weekday = (new Date(day * 86_400_000).getUTCDay() + 6) % 7;
        return day >= dayNumber(c.start_date) && day <= dayNumber(c.end_date) && c[days[weekday]!] === '1';
      };
      const serviceIds = cal.map((c) => c.service_id);
      for (let day = start; day < start + 366; day++) {
        const d = new Date(day * 86_400_000);
        const christmas = d.getUTCMonth() === 11 && d.getUTCDate() === 25;
        expect(
          serviceIds.some((s) => runs(s, day)),
          `${feed} on ${d.toISOString().slice(0, 10)}`,
        ).toBe(!christmas);
      }
    }
  });

  it('has bank-holiday exceptions and a summer-only route', () => {
    const dir = join(outA, 'gtfs', 'bus');
    const exceptions = readCsv(dir, 'calendar_dates.txt');
    expect(exceptions.some((e) => e.date === '20261225' && e.exception_type === '2')).toBe(true);
    expect(
      exceptions.some((e) => e.date === '20261228' && e.service_id === 'SUN' && e.exception_type === '1'),
    ).toBe(true);
    const summerServices = new Set(
      readCsv(dir, 'trips.txt')
        .filter((t) => t.route_id === 'X39')
        .map((t) => t.service_id),
    );
    expect(summerServices.size).toBeGreaterThan(0);
    for (const c of readCsv(dir, 'calendar.txt').filter((x) => summerServices.has(x.service_id))) {
      expect(Number(c.start_date.slice(4, 6))).toBeGreaterThanOrEqual(6);
      expect(Number(c.end_date.slice(4, 6))).toBeLessThanOrEqual(9);
    }
  });

  it('draws bus shapes along the roads rather than straight across the hills', () => {
    const dir = join(outA, 'gtfs', 'bus');
    const busShapes = new Set(
      readCsv(dir, 'trips.txt')
        .filter((t) => t.route_id !== 'FUNICULAR')
        .map((t) => t.shape_id),
    );
    const points = readCsv(dir, 'shapes.txt').filter((p) => busShapes.has(p.shape_id));
    const longest = new Map<string, number>();
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      if (a.shape_id !== b.shape_id) continue;
      const dy = (Number(b.shape_pt_lat) - Number(a.shape_pt_lat)) * 111_195;
      const dx = (Number(b.shape_pt_lon) - Number(a.shape_pt_lon)) * 111_195 * Math.cos((57 * Math.PI) / 180);
      longest.set(a.shape_id, Math.max(longest.get(a.shape_id) ?? 0, Math.hypot(dx, dy)));
    }
    expect(longest.size).toBe(busShapes.size);
    for (const [shape, metres] of longest) expect(metres, shape).toBeLessThan(1500);
  });

  it('gives every stop a unique rider-facing code and a name; platforms of a station a platform code', () => {
    const stops = FEEDS.flatMap((f) => readCsv(join(outA, 'gtfs', f), 'stops.txt'));
    const platforms = stops.filter((s) => s.parent_station);
    expect(platforms.length).toBeGreaterThan(0);
    for (const p of platforms) expect(p.platform_code, p.stop_id).toMatch(/^\d+$/);
    const codes = stops.filter((s) => !s.parent_station).map((s) => s.stop_code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const s of stops) expect(s.stop_name.length, s.stop_id).toBeGreaterThan(2);
  });

  it('covers every mode the product plans with', () => {
    const types = new Set(
      FEEDS.flatMap((f) => readCsv(join(outA, 'gtfs', f), 'routes.txt').map((r) => r.route_type)),
    );
    for (const t of ['0', '1', '2', '3', '4', '7', '200', '715'])
      expect(types.has(t), `route_type ${t}`).toBe(true);
  });

  it('prices rail and city journeys with GTFS fares v1 for every origin and destination zone', () => {
    for (const feed of ['rail', 'city'] as const) {
      const dir = join(outA, 'gtfs', feed);
      const fares = new Set(readCsv(dir, 'fare_attributes.txt').map((f) => f.fare_id));
      const rules = readCsv(dir, 'fare_rules.txt');
      for (const r of rules) expect(fares.has(r.fare_id)).toBe(true);
    }
    const aviToInv = readCsv(join(outA, 'gtfs/rail'), 'fare_attributes.txt').find(
      (f) => f.fare_id === 'R-AVM-INV',
    )!;
    expect(Number(aviToInv.price)).toBeGreaterThan(5);
    expect(Number(aviToInv.price)).toBeLessThan(20);
  });

  it('gives each rail operator fares between the stations its own trains call at, and no cross-operator fares', () => {
    const dir = join(outA, 'gtfs/rail');
    const attrs = readCsv(dir, 'fare_attributes.txt');
    const agencyOfFare = new Map(attrs.map((f) => [f.fare_id, f.agency_id]));
    const zoneOf = new Map(readCsv(dir, 'stops.txt').map((s) => [s.stop_id, s.zone_id]));
    const agencyOfRoute = new Map(readCsv(dir, 'routes.txt').map((r) => [r.route_id, r.agency_id]));
    const agencyOfTrip = new Map(
      readCsv(dir, 'trips.txt').map((t) => [t.trip_id, agencyOfRoute.get(t.route_id) ?? '']),
    );
    const zonesOf = new Map<string, Set<string>>();
    for (const st of readCsv(dir, 'stop_times.txt')) {
      const agency = agencyOfTrip.get(st.trip_id) ?? '';
      const zones = zonesOf.get(agency) ?? new Set<string>();
      zones.add(zoneOf.get(st.stop_id) ?? '');
      zonesOf.set(agency, zones);
    }
    expect([...zonesOf.keys()].sort()).toEqual(['DEC', 'DHR']);
    const sold = readCsv(dir, 'fare_rules.txt').map(
      (r) => `${agencyOfFare.get(r.fare_id)}:${r.origin_id}>${r.destination_id}`,
    );
    const expected = [...zonesOf].flatMap(([agency, zones]) =>
      [...zones].flatMap((o) => [...zones].filter((d) => d !== o).map((d) => `${agency}:${o}>${d}`)),
    );
    expect(new Set(sold)).toEqual(new Set(expected));
    expect(sold).toHaveLength(expected.length);
    // Every fare names its agency: a journey changing between operators is never one through ticket.
    expect(attrs.every((f) => f.agency_id === 'DHR' || f.agency_id === 'DEC')).toBe(true);
  });

  it('takes a realistic time from Inverness to Edinburgh and from Aviemore to Cairngorm Mountain', () => {
    const rail = readCsv(join(outA, 'gtfs/rail'), 'stop_times.txt').filter((s) =>
      s.trip_id.startsWith('CHIEFTAIN-WD-0'),
    );
    const railMin = (secOf(rail[rail.length - 1]!.arrival_time) - secOf(rail[0]!.departure_time)) / 60;
    expect(railMin).toBeGreaterThan(180);
    expect(railMin).toBeLessThan(260);
    const bus = readCsv(join(outA, 'gtfs/bus'), 'stop_times.txt').filter(
      (s) => s.trip_id === '31-WD-0-5-0750',
    );
    const busMin = (secOf(bus[bus.length - 1]!.arrival_time) - secOf(bus[0]!.departure_time)) / 60;
    expect(busMin).toBeGreaterThan(15);
    expect(busMin).toBeLessThan(40);
  });
});

describe('OSM', () => {
  const isHighway = (w: ParsedOsm['ways'][number]) => w.tags.highway !== undefined;
  const walkable = (w: ParsedOsm['ways'][number]) => isHighway(w) && w.tags.highway !== 'motorway';
  const drivable = (w: ParsedOsm['ways'][number]) =>
    isHighway(w) && !['footway', 'path', 'cycleway', 'steps', 'pedestrian'].includes(w.tags.highway!);

  it('has every node of every way and an elevation on every node', () => {
    const missing = osm.ways.flatMap((w) =>
      w.nodes.filter((n) => !osm.nodes.has(n)).map((n) => `way ${w.id} node ${n}`),
    );
    expect(missing).toEqual([]);
    const noEle = [...osm.nodes].filter(([, n]) => !/^\d+$/.test(n.tags.ele ?? '')).map(([id]) => id);
    expect(noEle).toEqual([]);
    expect(summary.osm.nodes).toBe(osm.nodes.size);
  });

  it('has named lochs and rivers, and no street or tagged place in a loch (piers reach the water)', () => {
    const lochs = osm.ways.filter((w) => w.tags.natural === 'water');
    expect(lochs.map((w) => w.tags.name)).toEqual(
      expect.arrayContaining(['Loch Ness', 'Loch Morlich', 'Loch Insh', 'Loch Garten']),
    );
    for (const loch of lochs) expect(loch.nodes[0], loch.tags.name).toBe(loch.nodes.at(-1));
    const rivers = new Set(osm.ways.filter((w) => w.tags.waterway === 'river').map((w) => w.tags.name));
    expect([...rivers]).toEqual(
      expect.arrayContaining(['River Spey', 'River Dee', 'River Tay', 'River Ness']),
    );
    const rings = lochs.map((w) => ({ name: w.tags.name!, ring: w.nodes.map((id) => osm.nodes.get(id)!) }));
    const inLoch = (pt: { lat: number; lon: number }) =>
      rings.find(({ ring }) => {
        let inside = false;
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [a, b] = [ring[i]!, ring[j]!];
          if (
            a.lat > pt.lat !== b.lat > pt.lat &&
            pt.lon < ((b.lon - a.lon) * (pt.lat - a.lat)) / (b.lat - a.lat) + a.lon
          )
            inside = !inside;
        }
        return inside;
      })?.name;
    const piers = new Set(
      [...osm.nodes].filter(([, n]) => n.tags['gtfs:stop_id']?.startsWith('ferry:')).map(([id]) => id),
    );
    const wet: string[] = [];
    for (const way of osm.ways) {
      if (!way.tags.highway || way.nodes.some((id) => piers.has(id))) continue;
      for (const id of way.nodes) {
        const loch = inLoch(osm.nodes.get(id)!);
        if (loch) wet.push(`${way.tags.name ?? way.tags.highway} in ${loch}`);
      }
    }
    for (const [id, n] of osm.nodes) {
      const tagged = Object.keys(n.tags).some((k) => k !== 'ele');
      const loch = tagged && !piers.has(id) ? inLoch(n) : undefined;
      if (loch) wet.push(`${n.tags.name ?? id} in ${loch}`);
    }
    expect(wet).toEqual([]);
  });

  it('forms one connected network on foot and one by car', () => {
    for (const [label, keep] of [
      ['foot', walkable],
      ['car', drivable],
    ] as const) {
      const comp = components(osm.ways.filter(keep));
      expect(new Set(comp.values()).size, label).toBe(1);
    }
  });

  it('joins every GTFS stop and station to the walking network, and every place to the car network', () => {
    const walk = components(osm.ways.filter(walkable));
    const car = components(osm.ways.filter(drivable));
    const byStopId = new Map<string, number>();
    for (const [id, n] of osm.nodes) {
      if (n.tags['gtfs:stop_id']) byStopId.set(n.tags['gtfs:stop_id'], id);
      if (n.tags['railway:ref']) byStopId.set(`rail:${n.tags['railway:ref']}`, id);
    }
    for (const feed of FEEDS) {
      for (const s of readCsv(join(outA, 'gtfs', feed), 'stops.txt')) {
        // A platform is drawn as its station (generator/accessibility.ts splits the station afterwards).
        const node = byStopId.get(s.stop_id) ?? byStopId.get(s.parent_station);
        expect(node, s.stop_id).toBeDefined();
        expect(walk.has(node!), s.stop_id).toBe(true);
      }
    }
    const carNodes = [...car.keys()].map((id) => osm.nodes.get(id)!);
    for (const [, n] of osm.nodes) {
      if (!n.tags.place) continue;
      const near = carNodes.some((c) => Math.abs(c.lat - n.lat) < 0.002 && Math.abs(c.lon - n.lon) < 0.003);
      expect(near, n.tags.name).toBe(true);
    }
  });

  it('carries the main road corridors, paths and facilities the planner needs', () => {
    const refs = new Set(osm.ways.map((w) => w.tags.ref).filter(Boolean));
    for (const ref of ['A9', 'A95', 'A939', 'A93', 'A86', 'B970', 'A96'])
      expect(refs.has(ref), ref).toBe(true);
    const names = new Set(osm.ways.map((w) => w.tags.name));
    for (const name of ['Grampian Road', 'Speyside Way', 'National Cycle Route 7'])
      expect(names.has(name), name).toBe(true);
    const tagged = [...osm.nodes.values()];
    const count = (k: string, v: string) => tagged.filter((n) => n.tags[k] === v).length;
    expect(count('amenity', 'bicycle_rental')).toBeGreaterThan(5);
    expect(count('amenity', 'car_sharing')).toBeGreaterThan(5);
    expect(count('amenity', 'taxi')).toBeGreaterThan(5);
    expect(tagged.filter((n) => n.tags.park_ride === 'yes').length).toBeGreaterThan(20);
    const toilets = tagged.filter((n) => n.tags.amenity === 'toilets');
    expect(toilets.length).toBeGreaterThan(30);
    for (const t of toilets)
      for (const k of ['opening_hours', 'wheelchair', 'changing_table', 'fee', 'male', 'female'])
        expect(t.tags[k], `${t.tags.name} ${k}`).toBeDefined();
    expect(osm.ways.filter((w) => w.tags['addr:housenumber']).length).toBeGreaterThan(100);
  });

  it('has a point of interest of each product category in every town and city', () => {
    const categories: Record<string, (t: Record<string, string>) => boolean> = {
      restaurant: (t) => t.amenity === 'restaurant',
      cafe: (t) => t.amenity === 'cafe',
      bar: (t) => t.amenity === 'bar',
      museum: (t) => t.tourism === 'museum',
      park: (t) => t.leisure === 'park',
      toilets: (t) => t.amenity === 'toilets',
      supermarket: (t) => t.shop === 'supermarket',
      convenience_store: (t) => t.shop === 'convenience',
      shopping_mall: (t) => t.shop === 'mall',
      atm: (t) => t.amenity === 'atm',
      gas_station: (t) => t.amenity === 'fuel',
      ev_charge: (t) => t.amenity === 'charging_station',
      meal_takeaway: (t) => t.amenity === 'fast_food',
    };
    const all = [...osm.nodes.values()];
    const towns = all.filter((n) => n.tags.place === 'town' || n.tags.place === 'city');
    expect(towns.length).toBeGreaterThan(20);
    for (const town of towns) {
      const near = all.filter((n) => Math.abs(n.lat - town.lat) < 0.04 && Math.abs(n.lon - town.lon) < 0.07);
      for (const [cat, test] of Object.entries(categories))
        expect(
          near.some((n) => test(n.tags)),
          `${town.tags.name} ${cat}`,
        ).toBe(true);
    }
  });
});
