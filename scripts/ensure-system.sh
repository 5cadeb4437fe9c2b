#!/usr/bin/env bash
# Installs the Debian packages the test suite needs (Chromium for e2e, PostgreSQL for the
# PostgreSQL run) when they are missing and we may (root + apt); otherwise says what to run.
set -euo pipefail

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)

[ ${#need[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian packages: ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
else
  echo "Missing Debian packages: ${need[*]}. Run: sudo apt-get install -y ${need[*]}" >&2
  exit 1
fi
