#!/usr/bin/env bash
# `npm test`: every test of the project — types, lint and layering, unit and integration
# (PGlite, then a real PostgreSQL server), the demo region, and the e2e suite in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

bash scripts/ensure-install.sh
bash scripts/ensure-system.sh

echo "== demo region and map glyphs"
node scripts/prepare-region.ts
node scripts/build-glyphs.ts

echo "== types and lint"
npm run typecheck
npm run -w @cairn/web typecheck
npm run lint

echo "== unit and integration tests (PGlite)"
vitest run

echo "== API tests on PostgreSQL"
CAIRN_TEST_PG=1 vitest run --project api

echo "== web build and e2e (Chromium)"
npm run -w @cairn/web build
playwright test -c e2e/playwright.config.ts
