#!/usr/bin/env bash
# Installs the npm dependencies (which bring Node 24 as node_modules/.bin/node) when absent or stale.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm dependencies (npm ci)…"
  npm ci --no-audit --no-fund
fi
