/** Layering rules of DESIGN.md and STYLE.md, checked on every lint run. */

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
      to: { path: '^packages/(api|engine)', pathNot: '^packages/engine/src/journeys/format/' },
    },
    {
      name: 'shared-format-stays-leaf',
      comment:
        'What `@cairn/engine/format` exports runs in the browser too: it imports only its own set and contract types.',
      severity: 'error',
      from: {
        path: '^packages/engine/src/journeys/format/(index|distance|duration|money|carbon|changes|html|directions|clock)\\.ts$',
      },
      to: {
        pathNot: [
          '^packages/engine/src/journeys/format/(distance|duration|money|carbon|changes|html|directions|clock)\\.ts$',
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
          '^packages/engine/src/(region|cli|journeys/format)/index\\.ts$',
        ],
      },
    },
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(node_modules|dist|/test/|/bench/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
  },
};
