/** Layering rules of DESIGN.md and STYLE.md, checked on every lint run. */
module.exports = {
  forbidden: [
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
