/** The layering rules of docs/CONVENTIONS.md and the README (Layering), checked on every lint run. */
// Node's own module without require() (the lint bans require in this repository).
const { readdirSync } = process.getBuiltinModule('node:fs');

// ---- The engine's floors (issue 33): per-folder allow-lists, as OpenTripPlanner's
// RaptorArchitectureTest lists what each module may use (read, not copied). Ground floor first:
// each folder of packages/engine/src may import only its own files and the folders in its list, and a
// list may name only folders earlier in this table, so no import runs up a floor. Imports of other
// packages (contracts, npm) are not restricted here. The entry points (src/index.ts and the
// `./region`, `./cli`, `./format` indexes) are doors, not rooms: they may re-export from any floor.
const ENGINE_FLOORS = [
  // Ground: no engine imports at all. time/ owns the zone's clock (and the browser shares it).
  ['geo', []],
  ['xml', []],
  ['time', []],
  // The planning figures several floors share (walking speed, detour factor, changes allowed).
  ['figures', []],
  // Data structures the graph searches share (the min-heap of streets/ and raptor/).
  ['collections', []],
  // Text of numbers, distances, durations and clock fields; browser-safe (see shared-format-stays-leaf).
  ['format', ['time']],
  // The router sees only its TransitData interface.
  ['raptor', ['collections']],
  ['places', ['geo']],
  ['timetable', ['collections', 'figures', 'geo', 'raptor', 'time']],
  // Readers: each turns one kind of file into data.
  ['gtfs', ['time', 'timetable']],
  ['osm', ['figures', 'geo', 'places', 'xml']],
  ['naptan', ['geo', 'gtfs', 'osm', 'xml']],
  ['transxchange', ['gtfs', 'naptan', 'time', 'xml']],
  ['cif', ['geo', 'gtfs', 'time', 'transxchange']],
  ['feeds', ['cif', 'gtfs', 'naptan', 'transxchange']],
  // Street routing over what osm/ read, and the step-free profile of it.
  ['streets', ['collections', 'figures', 'format', 'geo', 'osm']],
  ['stepFree', ['figures', 'osm', 'streets']],
  ['geocoding', ['geo', 'places', 'streets']],
  // region.json, its checks and the commands' region helpers.
  [
    'region',
    ['feeds', 'figures', 'format', 'geo', 'gtfs', 'osm', 'streets', 'time', 'timetable', 'transxchange'],
  ],
  ['realtime', ['format', 'raptor', 'region', 'time', 'timetable', 'xml']],
  ['journeys', ['figures', 'format', 'geo', 'gtfs', 'osm', 'places', 'region', 'stepFree', 'time']],
  [
    'modes',
    [
      'collections',
      'figures',
      'format',
      'geo',
      'journeys',
      'osm',
      'places',
      'raptor',
      'region',
      'stepFree',
      'streets',
      'time',
    ],
  ],
  // Loading a region: its config, feeds, timetable, streets (OSM → graph) and step-free data.
  [
    'loader',
    [
      'feeds',
      'geo',
      'gtfs',
      'journeys',
      'modes',
      'osm',
      'places',
      'region',
      'stepFree',
      'streets',
      'timetable',
    ],
  ],
  [
    'planner',
    [
      'figures',
      'format',
      'geo',
      'geocoding',
      'gtfs',
      'journeys',
      'loader',
      'modes',
      'osm',
      'places',
      'raptor',
      'realtime',
      'region',
      'stepFree',
      'streets',
      'time',
      'timetable',
    ],
  ],
  [
    'cli',
    [
      'format',
      'geo',
      'gtfs',
      'loader',
      'modes',
      'osm',
      'places',
      'planner',
      'region',
      'streets',
      'time',
      'timetable',
    ],
  ],
];
const ENGINE_SRC = '^packages/engine/src/';
const ENGINE_DOORS = '^packages/engine/src/((region|cli|format)/)?index\\.ts$';

/** One rule per floor, after checking that the table is honest and covers every engine folder. */
function engineFloorRules() {
  const seen = new Set();
  for (const [folder, allowed] of ENGINE_FLOORS) {
    const up = allowed.filter((f) => !seen.has(f));
    if (up.length > 0)
      throw new Error(`.dependency-cruiser.cjs: ${folder}/ may not import up to ${up.join(', ')}`);
    seen.add(folder);
  }
  const folders = readdirSync(`${__dirname}/packages/engine/src`, { withFileTypes: true });
  const homeless = folders.filter((d) => d.isDirectory() && !seen.has(d.name)).map((d) => d.name);
  if (homeless.length > 0)
    throw new Error(`.dependency-cruiser.cjs: no floor for engine folder(s) ${homeless}`);
  const gone = [...seen].filter((f) => !folders.some((d) => d.isDirectory() && d.name === f));
  if (gone.length > 0) throw new Error(`.dependency-cruiser.cjs: floors for missing folder(s) ${gone}`);
  return ENGINE_FLOORS.map(([folder, allowed]) => ({
    name: `engine-floor-${folder}`,
    comment: `${folder}/ imports only ${allowed.length > 0 ? allowed.join(', ') : 'itself'} (ENGINE_FLOORS).`,
    severity: 'error',
    from: { path: `${ENGINE_SRC}${folder}/`, pathNot: ENGINE_DOORS },
    to: { path: ENGINE_SRC, pathNot: `${ENGINE_SRC}(${[folder, ...allowed].join('|')})/` },
  }));
}
// ---- End of the engine's floors.

/*
 * The web app's folders (packages/web/src), kept in one block (issue 33 item 8). Screens share a
 * search's data through search/, never through each other; lib/ is the floor every folder may
 * stand on, so it imports nothing of the app's; api/ and search/ sit below the screens.
 */
const WEB = '^packages/web/src/';
const webFolderRules = [
  {
    name: 'web-lib-is-the-floor',
    comment: 'lib/ holds helpers any folder may use: it imports no other folder of the web app.',
    severity: 'error',
    from: { path: `${WEB}lib/` },
    to: { path: WEB, pathNot: `${WEB}lib/` },
  },
  {
    name: 'web-api-below-the-screens',
    comment:
      'api/ talks to the server for every screen: it may use lib/ and the offline copy marker, nothing above.',
    severity: 'error',
    from: { path: `${WEB}api/` },
    to: { path: WEB, pathNot: `${WEB}(api|lib)/|${WEB}offline/offlineCaches\\.ts$` },
  },
  {
    name: 'web-search-below-the-screens',
    comment:
      'search/ is what Results and Journey details share about a search (its live result set): it stands on api/ and lib/ only.',
    severity: 'error',
    from: { path: `${WEB}search/` },
    to: { path: WEB, pathNot: `${WEB}(search|api|lib)/` },
  },
  {
    name: 'web-screens-share-through-search',
    comment: 'The planner and Journey details read a search through search/, not through the Results screen.',
    severity: 'error',
    from: { path: `${WEB}(journey|planner|map)/` },
    to: { path: `${WEB}results/` },
  },
];

module.exports = {
  forbidden: [
    ...engineFloorRules(),
    ...webFolderRules,
    {
      name: 'raptor-knows-no-gtfs',
      comment: 'The router sees only the TransitData interface, never a GTFS type.',
      severity: 'error',
      from: { path: '^packages/engine/src/raptor' },
      to: { path: '^packages/engine/src/gtfs' },
    },
    {
      name: 'gtfs-files-parsed-in-gtfs',
      comment:
        'Only gtfs/ opens a feed and parses its files; everything else takes what readFeed read (a feed is read once). naptan/ reads NaPTAN CSV (not a GTFS feed) with the same row reader.',
      severity: 'error',
      from: { path: '^packages/', pathNot: '^packages/engine/src/(gtfs|naptan)/' },
      to: { path: '^packages/engine/src/gtfs/((csv|rows|source|serviceTable)\\.ts$|files/)' },
    },
    {
      name: 'engine-knows-no-server-or-ui',
      severity: 'error',
      from: { path: '^packages/engine' },
      to: { path: '^packages/(api|web)' },
    },
    {
      name: 'contracts-stay-leaf',
      comment: 'The wire format depends on nothing of ours.',
      severity: 'error',
      from: { path: '^packages/contracts' },
      to: { path: '^packages/(engine|api|web)' },
    },
    {
      name: 'web-knows-no-server-internals',
      severity: 'error',
      from: { path: '^packages/web' },
      // The shared formatter set (`@cairn/engine/format`) is the one part of the engine the web may use.
      to: { path: '^packages/(api|engine)', pathNot: '^packages/engine/src/format/' },
    },
    {
      name: 'shared-format-stays-leaf',
      comment:
        'What `@cairn/engine/format` exports runs in the browser too: it imports only its own set, the time module and contract types.',
      severity: 'error',
      from: {
        path: '^packages/engine/src/format/(index|distance|duration|money|carbon|changes|html|directions|clock)\\.ts$',
      },
      to: {
        pathNot: [
          '^packages/engine/src/format/(distance|duration|money|carbon|changes|html|directions|clock)\\.ts$',
          // The time module's reading of a zone's clock (dependency-free: the engine rules below keep it so).
          '^packages/engine/src/time/serviceDay\\.ts$',
          '^packages/contracts/src/',
        ],
      },
    },
    {
      name: 'no-deep-imports-across-packages',
      comment: 'Other packages are used through their index only.',
      severity: 'error',
      from: { path: '^packages/([^/]+)/' },
      // A package name resolves to its src/index.ts (the explicit public list), or one of the
      // engine's subpaths (`./region`, `./cli`, `./format`) to that room's index: those are allowed.
      to: {
        path: '^packages/([^/]+)/src/.+',
        pathNot: [
          '^packages/$1/',
          '^packages/[^/]+/src/index\\.ts$',
          '^packages/engine/src/(region|cli|format)/index\\.ts$',
        ],
      },
    },
    // --- packages/api: the API's own layers (issue 33). From the floor up: db/ (storage), http/
    // (HTTP helpers and the route table), the rooms (accounts/, search/, journeys/, …, over
    // context.ts), app/ (assembles the Fastify app), runtime.ts (starts a process), cli/.
    {
      name: 'api-db-is-the-floor',
      comment: 'Storage knows nothing of HTTP, the rooms or the app.',
      severity: 'error',
      from: { path: '^packages/api/src/db/' },
      to: { path: '^packages/api/src/', pathNot: '^packages/api/src/db/' },
    },
    {
      name: 'api-http-knows-no-rooms',
      comment:
        'http/ holds what every room uses (errors, the route table, body and header rules): it imports only storage and configuration, never a room or the app that assembles them.',
      severity: 'error',
      from: { path: '^packages/api/src/http/' },
      to: { path: '^packages/api/src/', pathNot: '^packages/api/src/(http/|db/|config\\.ts$)' },
    },
    {
      name: 'api-jobs-knows-no-rooms',
      comment: 'The queue runs handlers it is given; the handlers live in their rooms.',
      severity: 'error',
      from: { path: '^packages/api/src/jobs/' },
      to: { path: '^packages/api/src/', pathNot: '^packages/api/src/(jobs|db)/' },
    },
    {
      name: 'api-stores-take-the-database',
      comment: 'A store is given the database (and the clock), not the whole AppContext.',
      severity: 'error',
      from: { path: '^packages/api/src/.+Store\\.ts$' },
      to: { path: '^packages/api/src/context\\.ts$' },
    },
    {
      name: 'api-app-assembled-on-top',
      comment: 'Only the runtime starts the assembled app; no room reaches up into it.',
      severity: 'error',
      from: { path: '^packages/api/src/', pathNot: '^packages/api/src/(app/|runtime\\.ts$)' },
      to: { path: '^packages/api/src/app/' },
    },
    {
      name: 'api-runtime-started-from-outside',
      comment: 'The runtime is started by the commands and the package index, never by a room.',
      severity: 'error',
      from: { path: '^packages/api/src/', pathNot: '^packages/api/src/(cli/|index\\.ts$|runtime\\.ts$)' },
      to: { path: '^packages/api/src/runtime\\.ts$' },
    },
    // --- end of packages/api
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // `/dist/`, not `dist`: the bare word also matched format/distance.ts, which went unchecked.
    exclude: { path: '(node_modules|/dist/|/test/|/bench/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
