#!/usr/bin/env bash
# `npm start`: installs what is missing, builds the demo region, the map glyphs and the web app, and serves
# everything on http://localhost:8080 with the embedded defaults (PGlite in ./var, demo region).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

bash scripts/ensure-install.sh
node scripts/prepare-region.ts
node scripts/build-glyphs.ts
if [ ! -f packages/web/dist/index.html ] || [ -n "$(find packages/web/src packages/web/index.html -newer packages/web/dist/index.html -print -quit)" ]; then
  npm run -w @cairn/web build
fi
exec node packages/api/bin/cairn.ts serve "$@"
