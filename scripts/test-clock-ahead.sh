#!/usr/bin/env bash
# Runs the Vitest suites with the clock moved ahead — a week, a year, and onto the day of the
# next British clock change — so a test that depends on today fails now, not on the day its date
# passes (issue 31). Extra arguments go to vitest: `bash scripts/test-clock-ahead.sh --project web`.
# Times are read in Europe/London, the demo region's zone, as a visitor's browser would.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
export TZ=Europe/London

# The next day whose UTC offset in London differs from today's, at the same time of day.
clock_change=$(node -e '
  const offset = (d) => new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", timeZoneName: "shortOffset" })
    .formatToParts(d).find((p) => p.type === "timeZoneName").value;
  const today = offset(new Date());
  for (let days = 1; days <= 366; days++)
    if (offset(new Date(Date.now() + days * 86400e3)) !== today) { console.log(`+${days}d`); break; }
')

status=0
for shift in +7d +1y "$clock_change"; do
  echo "== clock moved ahead by ${shift}"
  CAIRN_TEST_CLOCK="$shift" vitest run "$@" || status=1
done
exit $status
