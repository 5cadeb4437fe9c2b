import { approxDistance2, deltaM, distanceM, lerp, offsetM } from './geo.ts';
import type { Point } from './geo.ts';
import type { DemoExtras } from './extras.ts';
import type { DemoNetwork } from './network.ts';
import type { DemoStop } from './model.ts';
import type { Place, Station } from './places.ts';
import type { Rng } from './rng.ts';
import { DEMO_LOCHS, DEMO_RIVERS } from './water.ts';
import { DEMO_HEALTHCARE } from './healthcare.ts';
import { STATION_STEPS, stationWheelchairTag } from './accessibility.ts';

/*
 * The demo street network as OpenStreetMap XML: real corridors between real towns, invented
 * streets inside each town, paths, transport facilities, toilets and points of interest.
 * Roads meet only inside towns (and at named station junctions), so the graph is connected by
 * construction; the tests check it.
 */

type Tags = Record<string, string>;

interface OsmNode extends Point {
  id: number;
  tags: Tags;
}
interface OsmWay {
  id: number;
  nodes: number[];
  tags: Tags;
}
interface OsmRelation {
  id: number;
  members: { type: 'way' | 'node'; ref: number; role: string }[];
  tags: Tags;
}

export interface OsmDocument {
  nodes: OsmNode[];
  ways: OsmWay[];
  relations: OsmRelation[];
}

const SOURCE = 'Cairn demo generator (fictional data)';

class OsmBuilder {
  nodes: OsmNode[] = [];
  ways: OsmWay[] = [];
  relations: OsmRelation[] = [];

  node(p: Point, tags: Tags = {}): number {
    const id = this.nodes.length + 1;
    this.nodes.push({ id, lat: p.lat, lon: p.lon, tags });
    return id;
  }
  way(nodes: number[], tags: Tags): number {
    const id = this.ways.length + 1;
    this.ways.push({ id, nodes, tags: { ...tags, source: SOURCE } });
    return id;
  }
  relation(members: OsmRelation['members'], tags: Tags): number {
    const id = this.relations.length + 1;
    this.relations.push({ id, members, tags: { ...tags, source: SOURCE } });
    return id;
  }
  pos(id: number): OsmNode {
    return this.nodes[id - 1]!;
  }
}

interface Grid {
  place: Place;
  /** Node ids of the street grid, row-major. */
  nodeIds: number[];
  /**
   * Where roads from outside join the grid: the two ends of the main street and of the centre
   * column, the through roads. A road joined to any grid node sent traffic through town along a
   * staircase of housing streets ("left onto Glen Road, right onto Loch View, left onto …").
   */
  gateIds: number[];
}

// Grid size (columns × rows) and spacing per kind of place; the gateway cities are larger so their
// tram and subway stops lie inside the street grid.
const GRID: Record<Place['kind'], { cols: number; rows: number; spacingM: number }> = {
  city: { cols: 9, rows: 9, spacingM: 220 },
  town: { cols: 7, rows: 4, spacingM: 170 },
  village: { cols: 4, rows: 3, spacingM: 140 },
  hamlet: { cols: 3, rows: 2, spacingM: 120 },
  locality: { cols: 2, rows: 2, spacingM: 100 },
};
const GRID_OVERRIDE: Record<string, { cols: number; rows: number; spacingM: number }> = {
  edinburgh: { cols: 13, rows: 23, spacingM: 300 },
  glasgow: { cols: 21, rows: 13, spacingM: 320 },
};

/** How near a station a tram, subway or ferry stop lies to get an interchange footway to it (m). */
const INTERCHANGE_M = 150;

const STREET_NAMES = [
  'Station Road',
  'Church Street',
  'Mill Road',
  'Burnside',
  'Market Street',
  'School Road',
  'Park Road',
  'Forest Road',
  'Victoria Street',
  "Queen's Road",
  'King Street',
  'Castle Road',
  'Birch Avenue',
  'Heather Drive',
  'Rowan Place',
  'Pine Crescent',
  'Craig Road',
  'Glen Road',
  'Hill Street',
  'Croft Road',
  'Woodside Avenue',
  'Mains Road',
  'Loch View',
  'Spey Street',
  'Tulloch Road',
  'Golf Course Road',
  'Manse Road',
  'Braeside',
  'Riverside Walk',
  'Cairn Road',
  'Juniper Lane',
  'Larch Grove',
  'Mountain View',
  'Hawthorn Way',
  'Ardbeg Road',
  'Corrie Place',
  'Strath Avenue',
  'Ben View',
  'Moor Road',
  'Well Street',
  'Bridge Street',
  'New Street',
  'Back Street',
  'Orchard Road',
  'Shore Road',
  'East Terrace',
  'West Terrace',
  'North Road',
  'South Road',
  'Elm Grove',
  'Oak Drive',
  'Ash Road',
  'Willow Bank',
];
/** Real street names where we know them (from the OpenStreetMap map). */
const KNOWN_STREETS: Record<string, string[]> = {
  aviemore: ['Dalfaber Road', 'Craig-na-Gower Avenue', 'Muirton', 'Milton Park', 'Santa Claus Drive'],
  kingussie: ['Spey Street', 'Ruthven Road', 'Gynack Road'],
  pitlochry: ['West Moulin Road', 'East Moulin Road', 'Larchwood Road'],
  ballater: ['Golf Road', 'Church Square', 'Deebank Road'],
  grantown: ['The Square', 'Woodside Avenue', 'Castle Road'],
  edinburgh: ['George Street', 'Queen Street', 'Leith Walk', 'Lothian Road', 'Dalry Road', 'Easter Road'],
  glasgow: [
    'Sauchiehall Street',
    'Buchanan Street',
    'Great Western Road',
    'Dumbarton Road',
    'Paisley Road West',
  ],
  inverness: ['Church Street', 'Castle Street', 'Millburn Road'],
  aberdeen: ['George Street', 'King Street', 'Holburn Street'],
};

type Waypoint = string | { crs: string } | Point;
interface Corridor {
  tags: Tags;
  via: Waypoint[];
  walk?: boolean;
}

const mph = (n: number) => `${n} mph`;
const road = (ref: string, name: string, highway: string, speed: number, via: Waypoint[]): Corridor => ({
  tags: { highway, ref, name, maxspeed: mph(speed) },
  via,
});
const hand = (lat: number, lon: number): Point => ({ lat, lon }); // approximate bends read off the OpenStreetMap map

const CORRIDORS: Corridor[] = [
  road('A9', 'Perth Road', 'trunk', 60, [
    'falkirk',
    { crs: 'LBT' },
    'stirling',
    { crs: 'DBL' },
    { crs: 'GLE' },
    'perth',
    'dunkeld',
    'pitlochry',
    'killiecrankie',
    'blair-atholl',
    hand(56.7717, -3.954),
    hand(56.86, -4.24),
    'dalwhinnie',
    'newtonmore',
    'kingussie',
    'kincraig',
    'aviemore',
    'carrbridge',
    hand(57.31, -3.91),
    hand(57.334, -4.002),
    'inverness',
  ]),
  road('A96', 'Aberdeen Road', 'trunk', 60, [
    'inverness',
    { crs: 'IVA' },
    'nairn',
    'forres',
    'elgin',
    'keith',
    'huntly',
    { crs: 'INS' },
    'inverurie',
    { crs: 'KTR' },
    { crs: 'DYC' },
    'aberdeen',
  ]),
  road('A90', 'Dundee Road', 'trunk', 70, [
    'perth',
    { crs: 'ING' },
    'dundee',
    hand(56.644, -2.889),
    hand(56.73, -2.657),
    { crs: 'LAU' },
    'stonehaven',
    'aberdeen',
  ]),
  road('A92', 'Coast Road', 'primary', 60, ['dundee', { crs: 'CAN' }, 'arbroath', 'montrose', 'stonehaven']),
  road('A92', 'Fife Road', 'primary', 60, [
    { crs: 'INK' },
    { crs: 'KDY' },
    { crs: 'MNC' },
    { crs: 'LDY' },
    { crs: 'CUP' },
    { crs: 'LEU' },
    'dundee',
  ]),
  road('M90', 'M90', 'motorway', 70, ['edinburgh', hand(55.99, -3.4), { crs: 'INK' }, 'kinross', 'perth']),
  road('A91', 'Cupar Road', 'primary', 60, ['kinross', { crs: 'CUP' }]),
  road('M80', 'M80', 'motorway', 70, ['glasgow', hand(55.946, -3.99), 'stirling']),
  road('A803', 'Glasgow Road', 'primary', 50, [
    'edinburgh',
    { crs: 'EDP' },
    { crs: 'EGY' },
    hand(55.9445, -3.36),
    hand(55.938, -3.415),
    'linlithgow',
    'falkirk',
    { crs: 'CRO' },
    'glasgow',
  ]),
  road('A93', 'Deeside Road', 'primary', 60, [
    'aberdeen',
    'banchory',
    'aboyne',
    hand(57.077, -2.9),
    'ballater',
    'crathie',
    'braemar',
    hand(56.879, -3.421),
    'spittal-of-glenshee',
    hand(56.65, -3.42),
    'blairgowrie',
    'perth',
  ]),
  road('A95', 'Speyside Road', 'primary', 60, [
    'aviemore',
    hand(57.216, -3.8),
    'dulnain-bridge',
    'grantown',
    hand(57.342, -3.532),
    hand(57.472, -3.227),
    'keith',
  ]),
  road('A938', 'Carrbridge Road', 'secondary', 60, ['carrbridge', 'dulnain-bridge']),
  road('B970', 'Rothiemurchus Road', 'secondary', 50, [
    'kingussie',
    hand(57.103, -3.987),
    hand(57.117, -3.898),
    'coylumbridge',
    'boat-of-garten',
    'nethy-bridge',
    'grantown',
  ]),
  road('', 'Ski Road', 'tertiary', 40, ['aviemore', 'coylumbridge', 'glenmore', 'cairngorm-mountain']),
  road('A939', 'Lecht Road', 'secondary', 60, [
    'grantown',
    hand(57.268, -3.429),
    'tomintoul',
    hand(57.2, -3.245),
    'cock-bridge',
    'gairnshiel',
    'ballater',
  ]),
  road('B976', 'South Deeside Hill Road', 'tertiary', 50, ['crathie', 'gairnshiel']),
  road('B9009', 'Glenlivet Road', 'tertiary', 50, ['tomintoul', hand(57.347, -3.338), 'dufftown']),
  road('B9014', 'Keith Road', 'tertiary', 50, ['dufftown', 'keith']),
  road('B9094', 'Tarland Road', 'tertiary', 50, ['tarland', 'aboyne']),
  road('A86', 'Laggan Road', 'primary', 60, ['kingussie', 'newtonmore', 'laggan']),
  road('A889', 'Dalwhinnie Road', 'secondary', 60, ['laggan', 'dalwhinnie']),
  road('A82', 'Loch Ness Road', 'trunk', 60, [
    'inverness',
    'dochgarroch',
    'drumnadrochit',
    'urquhart-castle',
    hand(57.214, -4.617),
    'fort-augustus',
  ]),
  road('A924', 'Moulin Road', 'secondary', 60, ['pitlochry', hand(56.727, -3.502), 'blairgowrie']),
];

const PATHS: Corridor[] = [
  {
    tags: { highway: 'path', name: 'Speyside Way', foot: 'designated', bicycle: 'yes', surface: 'compacted' },
    via: ['aviemore', 'boat-of-garten', 'nethy-bridge', 'grantown'],
  },
  {
    tags: { highway: 'cycleway', name: 'National Cycle Route 7', foot: 'yes', surface: 'asphalt' },
    via: ['aviemore', 'kincraig', 'kingussie', 'newtonmore'],
  },
  {
    tags: { highway: 'cycleway', name: 'Old Logging Way', foot: 'yes', surface: 'compacted' },
    via: ['aviemore', 'glenmore'],
  },
];

export interface BuildOsmInput {
  places: readonly Place[];
  stations: readonly Station[];
  network: DemoNetwork;
  extras: DemoExtras;
  rng: Rng;
}

export function buildOsm({ places, stations, network, extras, rng }: BuildOsmInput): OsmDocument {
  const b = new OsmBuilder();
  const grids = new Map<string, Grid>();
  const stationByCrs = new Map(stations.map((s) => [s.crs, s]));

  // -------------------------------------------------------------- places and town streets
  for (const place of places) {
    b.node(place, { place: place.kind, name: place.name });
    grids.set(place.id, buildGrid(b, place, rng.fork(`grid:${place.id}`)));
  }

  // -------------------------------------------------------------- corridors
  const junctions = new Map<string, number>();
  const junctionNode = (crs: string) => {
    let id = junctions.get(crs);
    if (id === undefined) {
      const s = stationByCrs.get(crs);
      if (!s) throw new Error(`no station ${crs}`);
      id = b.node(offsetM(s, 120, 90));
      junctions.set(crs, id);
    }
    return id;
  };
  const crng = rng.fork('corridors');
  const routeWays: Record<string, number[]> = {};
  for (const c of [...CORRIDORS, ...PATHS]) {
    const ways = buildCorridor(b, c, grids, junctionNode, crng);
    (routeWays[c.tags.name!] ??= []).push(...ways);
  }
  b.relation(
    (routeWays['Speyside Way'] ?? []).map((ref) => ({ type: 'way', ref, role: '' })),
    {
      type: 'route',
      route: 'hiking',
      name: 'Speyside Way',
      network: 'nwn',
      operator: 'Demo Speyside Way Ranger Service',
    },
  );
  b.relation(
    (routeWays['National Cycle Route 7'] ?? []).map((ref) => ({ type: 'way', ref, role: '' })),
    { type: 'route', route: 'bicycle', name: 'National Cycle Route 7', ref: '7', network: 'ncn' },
  );

  // Nodes a connector may join: streets and roads that both walkers and cars use.
  const joinable: number[] = [];
  const walkOnly: number[] = [];
  for (const w of b.ways) {
    const hw = w.tags.highway;
    if (!hw || hw === 'motorway') continue;
    for (const n of w.nodes)
      (hw === 'path' || hw === 'cycleway' || hw === 'footway' ? walkOnly : joinable).push(n);
  }
  const nearest = (p: Point, pool: number[] = joinable) => {
    let best = pool[0]!;
    let bestD = Infinity;
    for (const id of pool) {
      const d = approxDistance2(p, b.pos(id));
      if (d < bestD) {
        bestD = d;
        best = id;
      }
    }
    return { id: best, distanceM: Math.sqrt(bestD) };
  };
  /**
   * Join a facility node to the street network: a footway for stops and docks, a service road where
   * cars must reach it (or the link is long). Only station approaches get a name, so place search
   * does not fill up with connector names.
   */
  const connect = (
    nodeId: number,
    label: string | undefined,
    mode: 'foot' | 'car' | 'steps',
    footTags: Tags = { surface: 'paving_stones' },
  ) => {
    const to = nearest(b.pos(nodeId));
    const tags: Tags =
      mode === 'steps'
        ? { highway: 'steps', ...footTags }
        : mode === 'car' || to.distanceM > 400
          ? { highway: 'service', maxspeed: mph(20), ...(label ? { name: label } : { service: 'driveway' }) }
          : { highway: 'footway', ...footTags };
    const mid = densify(b.pos(nodeId), b.pos(to.id), 250).map((p) => b.node(p));
    b.way([nodeId, ...mid, to.id], tags);
  };

  // -------------------------------------------------------------- railways and stations
  const stationNode = new Map<string, number>();
  for (const s of stations) {
    const id = b.node(s, {
      railway: 'station',
      public_transport: 'station',
      train: 'yes',
      name: s.name,
      'railway:ref': s.crs,
      operator: 'Demo Highland Rail',
      ...stationWheelchairTag(s.crs),
    });
    stationNode.set(s.crs, id);
    connect(id, `${s.name} Station Approach`, 'car');
    // A stepped shortcut beside the approach road, with a wheelchair ramp at some stations.
    const steps = STATION_STEPS[s.crs];
    if (steps) connect(id, undefined, 'steps', steps === 'ramp' ? { 'ramp:wheelchair': 'yes' } : {});
  }
  // Track between neighbouring stations, taken from the rail shapes (which list every station passed).
  const railSegments = new Set<string>();
  const railStopAt = new Map(
    network.stops.filter((s) => s.kind === 'rail').map((s) => [`${s.lat},${s.lon}`, s.code]),
  );
  for (const shape of network.shapes.filter((s) => s.feed === 'rail')) {
    const codes = shape.points
      .map((p) => railStopAt.get(`${p.lat},${p.lon}`))
      .filter((c): c is string => c !== undefined);
    for (let i = 1; i < codes.length; i++) {
      const a = codes[i - 1]!;
      const c = codes[i]!;
      const key = [a, c].sort().join('-');
      if (railSegments.has(key)) continue;
      railSegments.add(key);
      const from = stationNode.get(a)!;
      const to = stationNode.get(c)!;
      const mid = densify(b.pos(from), b.pos(to), 1500).map((p) => b.node(p));
      b.way([from, ...mid, to], { railway: 'rail', usage: 'main', gauge: '1435' });
    }
  }

  // -------------------------------------------------------------- public transport stops
  const stopNode = new Map<string, number>();
  const byKind = (k: DemoStop['kind']) => network.stops.filter((s) => s.kind === k);
  for (const s of network.stops) {
    if (s.kind === 'rail') continue;
    const tags: Tags = {
      name: s.name,
      'gtfs:stop_id': s.id,
      ref: s.code,
      ...(s.wheelchair === 0 ? {} : { wheelchair: s.wheelchair === 1 ? 'yes' : 'no' }),
    };
    if (s.kind === 'bus' || s.kind === 'coach')
      Object.assign(tags, {
        highway: 'bus_stop',
        public_transport: 'platform',
        bus: 'yes',
        shelter: rng.chance(0.5) ? 'yes' : 'no',
      });
    if (s.kind === 'tram')
      Object.assign(tags, { railway: 'tram_stop', public_transport: 'stop_position', tram: 'yes' });
    if (s.kind === 'subway')
      Object.assign(tags, {
        railway: 'station',
        station: 'subway',
        public_transport: 'station',
        subway: 'yes',
      });
    if (s.kind === 'ferry')
      Object.assign(tags, { amenity: 'ferry_terminal', public_transport: 'platform', ferry: 'yes' });
    if (s.kind === 'funicular')
      Object.assign(tags, { railway: 'station', station: 'funicular', public_transport: 'station' });
    const id = b.node(s, tags);
    stopNode.set(s.id, id);
    if (s.id === 'bus:funicular-ptarmigan') {
      // No road reaches the top station: a mountain path does.
      const base = nearest(s, joinable);
      const mid = densify(s, b.pos(base.id), 200).map((p) => b.node(p));
      b.way([id, ...mid, base.id], {
        highway: 'path',
        name: 'Windy Ridge Path',
        sac_scale: 'mountain_hiking',
        foot: 'yes',
      });
    } else {
      // An unsurveyed stop's path has no surface mapped either.
      connect(id, undefined, 'foot', s.wheelchair === 0 ? {} : undefined);
    }
    // A stop beside a station (the tram at Haymarket, Edinburgh Gateway and Edinburgh Park) has
    // the interchange footway real ones have: joined only to the nearest street, the walk from
    // the platform went round the block (8 min for 57 m at Haymarket). A bus stop at a station
    // already sits on its approach road.
    const station = stations.find((st) => distanceM(st, s) <= INTERCHANGE_M);
    if (station && s.kind !== 'bus' && s.kind !== 'coach')
      b.way([stationNode.get(station.crs)!, id], { highway: 'footway', surface: 'paving_stones' });
  }
  const lineThrough = (stops: DemoStop[], tags: Tags) => {
    const ids = stops.map((s) => stopNode.get(s.id)!);
    const nodes: number[] = [];
    ids.forEach((id, i) => {
      if (i > 0) nodes.push(...densify(b.pos(ids[i - 1]!), b.pos(id), 400).map((p) => b.node(p)));
      nodes.push(id);
    });
    b.way(nodes, tags);
  };
  lineThrough(byKind('tram'), { railway: 'tram', name: 'Edinburgh Trams (demo)' });
  const subway = byKind('subway');
  lineThrough([...subway, subway[0]!], {
    railway: 'subway',
    tunnel: 'yes',
    layer: '-1',
    name: 'Glasgow Subway (demo)',
  });
  lineThrough(byKind('funicular'), { railway: 'funicular', name: 'Cairngorm Mountain Railway (demo)' });
  // The water bus sails along its GTFS shape (on the loch, not over the hills).
  for (const ferryShape of network.shapes.filter((s) => s.id.startsWith('WATERBUS-0'))) {
    const pierAt = new Map(byKind('ferry').map((st) => [`${st.lat},${st.lon}`, stopNode.get(st.id)!]));
    const nodes = ferryShape.points.map((p) => pierAt.get(`${p.lat},${p.lon}`) ?? b.node(p));
    b.way(nodes, { route: 'ferry', name: 'Loch Ness Water Bus (demo)', foot: 'yes', motor_vehicle: 'no' });
  }

  // -------------------------------------------------------------- transport facilities
  for (const s of stations) {
    const pk = b.node(offsetM(s, -70, -50), {
      amenity: 'parking',
      name: `${s.name} Station Car Park`,
      park_ride: 'yes',
      fee: rng.chance(0.5) ? 'yes' : 'no',
      capacity: String(rng.int(10, 120)),
      access: 'customers',
    });
    connect(pk, undefined, 'car');
  }
  for (const d of extras.docks) {
    const id = b.node(d, {
      amenity: 'bicycle_rental',
      bicycle_rental: 'docking_station',
      name: d.name,
      capacity: String(d.capacity),
      network: 'Demo Cairngorms Bike Share',
      ref: d.id,
    });
    connect(id, undefined, 'foot');
  }
  for (const bay of extras.bays) {
    const id = b.node(bay, {
      amenity: 'car_sharing',
      name: bay.name,
      operator: bay.providerId === 'spey-car-club' ? 'Demo Spey Car Club' : 'Demo Highland Car Share',
      capacity: String(bay.vehicles),
      ref: bay.id,
    });
    connect(id, undefined, 'car');
  }
  for (const r of extras.ranks) {
    const id = b.node(r, { amenity: 'taxi', name: r.name });
    connect(id, undefined, 'car');
  }

  // -------------------------------------------------------------- toilets, POIs, car parks and addresses
  const prng = rng.fork('pois');
  for (const place of places) {
    const grid = grids.get(place.id)!;
    addTownAmenities(b, place, grid, prng);
  }
  const extraToilets: [Point, string][] = [
    [offsetM(stationByCrs.get('AVM')!, 20, 30), 'Aviemore Station Toilets'],
    [offsetM(stationByCrs.get('INV')!, 20, 30), 'Inverness Station Toilets'],
    [offsetM(stationByCrs.get('EDB')!, 20, 30), 'Edinburgh Waverley Station Toilets'],
  ];
  for (const [p, name] of extraToilets) b.node(p, toiletTags(name, prng, true));

  // -------------------------------------------------------------- lochs and rivers (last: the ids before stay put)
  for (const loch of DEMO_LOCHS) {
    const ids = loch.ring.slice(0, -1).map((pt) => b.node(pt));
    b.way([...ids, ids[0]!], { natural: 'water', water: 'lake', name: loch.name });
  }
  for (const river of DEMO_RIVERS)
    b.way(
      river.course.map((pt) => b.node(pt)),
      { waterway: 'river', name: river.name },
    );

  // -------------------------------------------------------------- hospitals and GP surgeries (after the water: ids before stay put)
  addHealthcare(b);

  return { nodes: b.nodes, ways: b.ways, relations: b.relations };
}

function buildGrid(b: OsmBuilder, place: Place, rng: Rng): Grid {
  const size = GRID_OVERRIDE[place.id] ?? GRID[place.kind];
  const angle =
    place.axisDeg !== undefined
      ? (place.axisDeg * Math.PI) / 180
      : place.kind === 'city'
        ? 0
        : rng.range(-0.45, 0.45);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const c0 = Math.floor(size.cols / 2);
  const r0 = Math.floor(size.rows / 2);
  const nodeIds: number[] = [];
  for (let r = 0; r < size.rows; r++) {
    for (let c = 0; c < size.cols; c++) {
      const atCentre = r === r0 && c === c0;
      const x = (c - c0) * size.spacingM + (atCentre ? 0 : rng.range(-18, 18));
      const y = (r - r0) * size.spacingM + (atCentre ? 0 : rng.range(-18, 18));
      nodeIds.push(b.node(offsetM(place, x * cos - y * sin, x * sin + y * cos)));
    }
  }
  const names = [...(KNOWN_STREETS[place.id] ?? []), ...shuffled(STREET_NAMES, rng)].filter(
    (n) => n !== place.mainStreet,
  );
  let next = 0;
  const isCity = place.kind === 'city';
  // The through roads keep 30 mph in towns and villages (20 in the cities); housing streets are
  // 20 mph, as Scotland's 20 mph strategy sets them, so traffic keeps to the through roads.
  const throughSpeed = isCity ? 20 : 30;
  const housingSpeed = 20;
  for (let r = 0; r < size.rows; r++) {
    const row = nodeIds.slice(r * size.cols, (r + 1) * size.cols);
    if (row.length < 2) continue;
    const main = r === r0;
    b.way(row, {
      highway: main ? (isCity ? 'primary' : 'tertiary') : 'residential',
      name: main ? place.mainStreet : names[next++ % names.length]!,
      maxspeed: mph(main ? throughSpeed : housingSpeed),
      sidewalk: 'both',
    });
  }
  const column = (c: number) => Array.from({ length: size.rows }, (_, r) => nodeIds[r * size.cols + c]!);
  for (let c = 0; c < size.cols; c++) {
    const col = column(c);
    if (col.length < 2) continue;
    const through = c === c0;
    b.way(col, {
      highway: through ? (isCity ? 'secondary' : 'tertiary') : 'residential',
      name: names[next++ % names.length]!,
      maxspeed: mph(through ? throughSpeed : housingSpeed),
      sidewalk: 'both',
    });
  }
  const mainRow = nodeIds.slice(r0 * size.cols, (r0 + 1) * size.cols);
  const centreColumn = column(c0);
  const gateIds = [...new Set([mainRow[0]!, mainRow.at(-1)!, centreColumn[0]!, centreColumn.at(-1)!])];
  return { place, nodeIds, gateIds };
}

/** How far a road is built-up outside a town or village grid, and its limit there. */
const VILLAGE_APPROACH_M = 300;
const VILLAGE_APPROACH_MPH = 30;

/** Corridor as one way per leg between places, entering and leaving each town grid on the side it comes from. */
function buildCorridor(
  b: OsmBuilder,
  c: Corridor,
  grids: Map<string, Grid>,
  junctionNode: (crs: string) => number,
  rng: Rng,
): number[] {
  const posOf = (w: Waypoint): Point => {
    if (typeof w === 'string') return grids.get(w)!.place;
    if ('crs' in w) return b.pos(junctionNode(w.crs));
    return w;
  };
  const gridNodeFacing = (placeId: string, towards: Point) => {
    const g = grids.get(placeId);
    if (!g) throw new Error(`corridor ${c.tags.name} names unknown place ${placeId}`);
    let best = g.gateIds[0]!;
    let bestD = Infinity;
    for (const id of g.gateIds) {
      const d = approxDistance2(b.pos(id), towards);
      if (d < bestD) {
        bestD = d;
        best = id;
      }
    }
    return best;
  };
  const ways: number[] = [];
  // A motorway is one-way in OSM (each carriageway is its own way): draw both carriageways, so
  // the drive back is on the motorway too, not 27 miles longer by other roads.
  const carriageways = (nodes: number[], tags: Tags) => {
    ways.push(b.way(nodes, tags));
    if (tags.highway === 'motorway') ways.push(b.way([...nodes].reverse(), tags));
  };
  const lengthM = (nodes: number[]) =>
    nodes.reduce((sum, id, k) => (k === 0 ? 0 : sum + distanceM(b.pos(nodes[k - 1]!), b.pos(id))), 0);
  /** The nodes cut atM along from their start, at a new node both halves share; undefined past the end. */
  const cut = (nodes: number[], atM: number): [number[], number[]] | undefined => {
    let walked = 0;
    for (let k = 1; k < nodes.length; k++) {
      const from = b.pos(nodes[k - 1]!);
      const to = b.pos(nodes[k]!);
      const d = distanceM(from, to);
      if (walked + d > atM) {
        const mid = b.node(lerp(from, to, (atM - walked) / d));
        return [
          [...nodes.slice(0, k), mid],
          [mid, ...nodes.slice(k)],
        ];
      }
      walked += d;
    }
    return undefined;
  };
  // A road leaving or entering a town or village is built-up for its first stretch: 30 mph signs
  // stand a little outside the houses, as on the real roads. (The corridor drew 60 mph right up to
  // the main street, which drove through villages at rural speed.)
  const builtUp = { ...c.tags, maxspeed: mph(VILLAGE_APPROACH_MPH) };
  const hasApproaches = c.tags.maxspeed !== undefined && c.tags.highway !== 'motorway';
  const leg = (nodes: number[], fromPlace: boolean, toPlace: boolean) => {
    if (!hasApproaches) return carriageways(nodes, c.tags);
    let rest = nodes;
    if (fromPlace) {
      const split = cut(rest, VILLAGE_APPROACH_M);
      if (!split) return carriageways(rest, builtUp);
      carriageways(split[0], builtUp);
      rest = split[1];
    }
    const total = lengthM(rest);
    const split = toPlace && total > VILLAGE_APPROACH_M ? cut(rest, total - VILLAGE_APPROACH_M) : undefined;
    if (split) {
      carriageways(split[0], c.tags);
      carriageways(split[1], builtUp);
    } else carriageways(rest, toPlace ? builtUp : c.tags);
  };
  let current: number[] = [];
  let fromPlace = false;
  for (let i = 0; i < c.via.length; i++) {
    const w = c.via[i]!;
    const prev = c.via[i - 1];
    const next = c.via[i + 1];
    if (typeof w === 'string') {
      if (prev !== undefined) {
        const entry = gridNodeFacing(w, posOf(prev));
        current.push(
          ...wobble(b.pos(current[current.length - 1]!), b.pos(entry), rng).map((p) => b.node(p)),
          entry,
        );
        leg(current, fromPlace, true);
      }
      current = next !== undefined ? [gridNodeFacing(w, posOf(next))] : [];
      fromPlace = true;
    } else {
      const id = 'crs' in w ? junctionNode(w.crs) : b.node(w);
      if (current.length > 0)
        current.push(...wobble(b.pos(current[current.length - 1]!), b.pos(id), rng).map((p) => b.node(p)));
      current.push(id);
    }
  }
  if (current.length > 1) leg(current, fromPlace, false);
  return ways;
}

/** Intermediate points every ~400 m along a gently curving line between a and b (end points excluded). */
function wobble(a: Point, b: Point, rng: Rng): Point[] {
  const d = distanceM(a, b);
  const n = Math.floor(d / 400);
  if (n < 1) return [];
  const { eastM, northM } = deltaM(a, b);
  const len = Math.hypot(eastM, northM) || 1;
  const amp = Math.min(250, d * 0.03) * rng.range(-1, 1);
  const phase = rng.range(0, Math.PI);
  const out: Point[] = [];
  for (let i = 1; i <= n; i++) {
    const t = i / (n + 1);
    const side = amp * Math.sin(Math.PI * t) + 12 * Math.sin(t * 17 + phase);
    out.push(offsetM(lerp(a, b, t), (-northM / len) * side, (eastM / len) * side));
  }
  return out;
}

/** Straight intermediate points every stepM (end points excluded). */
function densify(a: Point, b: Point, stepM: number): Point[] {
  const n = Math.floor(distanceM(a, b) / stepM);
  const out: Point[] = [];
  for (let i = 1; i <= n; i++) out.push(lerp(a, b, i / (n + 1)));
  return out;
}

function shuffled<T>(list: readonly T[], rng: Rng): T[] {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

const OPENING = [
  'Mo-Su 08:00-20:00',
  'Apr-Oct Mo-Su 09:00-18:00; Nov-Mar Mo-Su 10:00-16:00',
  '24/7',
  'Mo-Sa 09:00-17:30; Su 11:00-16:00',
];

function toiletTags(name: string, rng: Rng, station = false): Tags {
  const fee = !station && rng.chance(0.4);
  const tags: Tags = {
    amenity: 'toilets',
    name,
    opening_hours: station ? 'Mo-Su 06:00-23:00' : rng.pick(OPENING),
    wheelchair: rng.pick(['yes', 'yes', 'limited', 'no']),
    changing_table: rng.chance(0.6) ? 'yes' : 'no',
    fee: fee ? 'yes' : 'no',
    male: 'yes',
    female: 'yes',
    unisex: rng.chance(0.3) ? 'yes' : 'no',
    'toilets:disposal': 'flush',
    access: 'yes',
  };
  if (fee) tags.charge = '0.50 GBP';
  if (rng.chance(0.3)) tags.description = 'Demo data: RADAR key needed for the accessible cubicle';
  return tags;
}

interface PoiKind {
  category: string;
  tags: Tags;
  names: string[];
  minKind: Place['kind'][];
}

/** POI categories whose demo places have no website (their cards link to the map instead). */
const NO_WEBSITE = new Set(['park', 'atm', 'ev_charge']);
const ALL: Place['kind'][] = ['city', 'town'];
const VILLAGES: Place['kind'][] = ['city', 'town', 'village'];
const POI_KINDS: PoiKind[] = [
  {
    category: 'restaurant',
    tags: { amenity: 'restaurant', cuisine: 'scottish' },
    names: ['The Heather Kitchen', 'Strath Dining Room', 'The Pine Marten Bistro', 'Corrie Restaurant'],
    minKind: VILLAGES,
  },
  {
    category: 'cafe',
    tags: { amenity: 'cafe' },
    names: ['The Bothy Café', 'Osprey Coffee', 'The Red Squirrel Café', 'Riverside Tearoom'],
    minKind: [...VILLAGES, 'hamlet', 'locality'],
  },
  {
    category: 'bar',
    tags: { amenity: 'bar' },
    names: ['The Stag Bar', 'The Capercaillie Bar', 'The Ptarmigan Lounge'],
    minKind: VILLAGES,
  },
  {
    category: 'museum',
    tags: { tourism: 'museum' },
    names: ['Folk Museum', 'Heritage Centre', 'Railway Museum'],
    minKind: ALL,
  },
  {
    category: 'park',
    tags: { leisure: 'park' },
    names: ['Memorial Park', 'Riverside Park', 'Community Park'],
    minKind: VILLAGES,
  },
  {
    category: 'supermarket',
    tags: { shop: 'supermarket' },
    names: ['Demo Foodstore', 'Glen Supermarket'],
    minKind: ALL,
  },
  {
    category: 'convenience_store',
    tags: { shop: 'convenience' },
    names: ['Village Store', 'The Wee Shop', 'Corner Shop'],
    minKind: VILLAGES,
  },
  { category: 'shopping_mall', tags: { shop: 'mall' }, names: ['Shopping Centre', 'Arcade'], minKind: ALL },
  { category: 'atm', tags: { amenity: 'atm', fee: 'no' }, names: ['Cash Machine'], minKind: ALL },
  {
    category: 'gas_station',
    tags: { amenity: 'fuel', 'fuel:diesel': 'yes', 'fuel:octane_95': 'yes' },
    names: ['Filling Station', 'Service Station'],
    minKind: ALL,
  },
  {
    category: 'ev_charge',
    tags: { amenity: 'charging_station', 'socket:type2': '2', 'socket:type2_combo': '1', capacity: '2' },
    names: ['EV Charge Point'],
    minKind: [...VILLAGES, 'locality'],
  },
  {
    category: 'meal_takeaway',
    tags: { amenity: 'fast_food', takeaway: 'yes', cuisine: 'fish_and_chips' },
    names: ['Chip Shop', 'Fish Bar', 'Takeaway'],
    minKind: ALL,
  },
];

/** Streets a hospital's access road may join: the ones cars and walkers share (not motorways or paths). */
const ACCESS_JOINS = new Set(['primary', 'secondary', 'tertiary', 'unclassified', 'residential']);

/**
 * The real hospitals and GP surgeries (healthcare.ts), each joined to the nearest street by an
 * unnamed access road, so walks, taxis and lifts reach the door and place search stays clean.
 */
function addHealthcare(b: OsmBuilder): void {
  const joins = [
    ...new Set(b.ways.filter((w) => ACCESS_JOINS.has(w.tags.highway ?? '')).flatMap((w) => w.nodes)),
  ];
  for (const h of DEMO_HEALTHCARE) {
    const door = b.node(h, {
      amenity: h.amenity,
      healthcare: h.healthcare,
      name: h.name,
      source: 'Wikipedia (name and position)',
    });
    const nearest = joins.reduce((best, id) =>
      approxDistance2(b.pos(id), h) < approxDistance2(b.pos(best), h) ? id : best,
    );
    b.way([nearest, door], { highway: 'service', maxspeed: mph(20), sidewalk: 'both' });
  }
}

function addTownAmenities(b: OsmBuilder, place: Place, grid: Grid, rng: Rng): void {
  const near = () => offsetM(b.pos(rng.pick(grid.nodeIds)), rng.range(-35, 35), rng.range(-35, 35));
  for (const kind of POI_KINDS) {
    if (!kind.minKind.includes(place.kind)) continue;
    const count = place.kind === 'city' ? 3 : 1;
    for (let i = 0; i < count; i++) {
      const base = rng.pick(kind.names);
      const name =
        base.startsWith('The ') ||
        kind.category === 'restaurant' ||
        kind.category === 'cafe' ||
        kind.category === 'bar'
          ? base
          : `${place.name} ${base}`;
      // Businesses publish a page of their own; parks, cash machines and chargers have none.
      const page = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}${count > 1 ? `-${i + 1}` : ''}`;
      b.node(near(), {
        ...kind.tags,
        name,
        opening_hours: kind.category === 'park' ? '24/7' : rng.pick(OPENING),
        ...(NO_WEBSITE.has(kind.category) ? {} : { website: `https://${place.id}.demo.example/${page}` }),
        source: SOURCE,
      });
    }
  }
  if (place.kind !== 'locality' || place.id === 'cairngorm-mountain')
    b.node(near(), toiletTags(`${place.name} Public Toilets`, rng));
  const parkingFee = place.kind === 'city' || place.id === 'cairngorm-mountain' || rng.chance(0.3);
  b.node(near(), {
    amenity: 'parking',
    name: `${place.name} Car Park`,
    fee: parkingFee ? 'yes' : 'no',
    capacity: String(rng.int(15, place.kind === 'city' ? 600 : 150)),
    access: 'yes',
    source: SOURCE,
  });

  // Addressed buildings along a few street segments.
  const buildings = { city: 30, town: 14, village: 6, hamlet: 3, locality: 1 }[place.kind];
  const gridNodes = new Set(grid.nodeIds);
  const streetWays = b.ways.filter(
    (w) =>
      w.tags.name &&
      w.nodes.every((n) => gridNodes.has(n)) &&
      (w.tags.highway === 'residential' || w.tags.highway === 'tertiary' || w.tags.highway === 'primary'),
  );
  const numbers = new Map<string, number>();
  for (let i = 0; i < buildings && streetWays.length > 0; i++) {
    const way = rng.pick(streetWays);
    const k = rng.int(0, way.nodes.length - 2);
    const a = b.pos(way.nodes[k]!);
    const c = b.pos(way.nodes[k + 1]!);
    const { eastM, northM } = deltaM(a, c);
    const len = Math.hypot(eastM, northM) || 1;
    const centre = offsetM(lerp(a, c, rng.range(0.2, 0.8)), (-northM / len) * 22, (eastM / len) * 22);
    const half = 6;
    const corners = [
      offsetM(centre, -half, -half),
      offsetM(centre, half, -half),
      offsetM(centre, half, half),
      offsetM(centre, -half, half),
    ].map((p) => b.node(p));
    const street = way.tags.name!;
    const n = (numbers.get(street) ?? 0) + rng.int(1, 3);
    numbers.set(street, n);
    b.way([...corners, corners[0]!], {
      building: rng.pick(['house', 'house', 'detached', 'retail']),
      'addr:housenumber': String(n),
      'addr:street': street,
      'addr:city': place.name,
    });
  }
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** OSM XML text; every node gets an `ele` tag from the demo elevation model. */
export function writeOsmXml(
  doc: OsmDocument,
  eleOf: (p: Point) => number,
  meta: { seed: number; date: string },
): string {
  const lines: string[] = [];
  let minLat = Infinity;
  let minLon = Infinity;
  let maxLat = -Infinity;
  let maxLon = -Infinity;
  for (const n of doc.nodes) {
    minLat = Math.min(minLat, n.lat);
    maxLat = Math.max(maxLat, n.lat);
    minLon = Math.min(minLon, n.lon);
    maxLon = Math.max(maxLon, n.lon);
  }
  const tagLines = (tags: Tags) =>
    Object.keys(tags).map((k) => `    <tag k="${escapeXml(k)}" v="${escapeXml(tags[k]!)}"/>`);
  lines.push('<?xml version="1.0" encoding="UTF-8"?>');
  lines.push(`<osm version="0.6" generator="Cairn demo region generator (seed ${meta.seed}, ${meta.date})">`);
  lines.push(
    '  <!-- DEMO DATA: a generated street network around real town positions. Streets, buildings, addresses,',
  );
  lines.push('       points of interest, toilets and elevations are fictional. Not OpenStreetMap data. -->');
  lines.push(
    `  <bounds minlat="${minLat.toFixed(7)}" minlon="${minLon.toFixed(7)}" maxlat="${maxLat.toFixed(7)}" maxlon="${maxLon.toFixed(7)}"/>`,
  );
  for (const n of doc.nodes) {
    const tags = { ...n.tags, ele: String(eleOf(n)) };
    lines.push(
      `  <node id="${n.id}" version="1" lat="${n.lat.toFixed(7)}" lon="${n.lon.toFixed(7)}">`,
      ...tagLines(tags),
      '  </node>',
    );
  }
  for (const w of doc.ways) {
    lines.push(
      `  <way id="${w.id}" version="1">`,
      ...w.nodes.map((n) => `    <nd ref="${n}"/>`),
      ...tagLines(w.tags),
      '  </way>',
    );
  }
  for (const r of doc.relations) {
    lines.push(
      `  <relation id="${r.id}" version="1">`,
      ...r.members.map((m) => `    <member type="${m.type}" ref="${m.ref}" role="${m.role}"/>`),
      ...tagLines(r.tags),
      '  </relation>',
    );
  }
  lines.push('</osm>', '');
  return lines.join('\n');
}
