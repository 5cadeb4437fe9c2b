// The shape of a transit network, to hold a generated one against real feeds (issue 32): the share
// of stops some trip serves, stops per pattern, patterns and footpaths per served stop (footpaths
// as the timetable builds them, straight lines within the transfer radius), and how far patterns
// run (length and hop between consecutive stops, km).
// Run: node --max-old-space-size=9000 packages/engine/bench/networkShape.ts [--gb=1] [--snapshot=FILE] [GTFS paths…]
// (--snapshot reads a timetable snapshot, e.g. one `greatBritain.ts --build SCALE FILE` wrote at
// another revision.)
import { loadGtfsFeeds } from '../src/gtfs/loadFeeds.ts';
import { haversineM } from '../src/geo/geometry.ts';
import { buildTimetable } from '../src/timetable/builder.ts';
import { readTimetableSnapshot } from '../src/timetable/snapshot.ts';
import type { Timetable } from '../src/timetable/timetable.ts';
import { arg } from './cliArgs.ts';
import { generateGreatBritainNetwork } from './transitNetwork.ts';

/** One row of the shape table. */
function shapeRow(name: string, tt: Timetable): string {
  const a = tt.a;
  let served = 0;
  let patternsAtServed = 0;
  let footpathsAtServed = 0;
  for (let s = 0; s < tt.stopCount; s++) {
    const patterns = a.stopPatternOffsets[s + 1]! - a.stopPatternOffsets[s]!;
    if (patterns === 0) continue;
    served++;
    patternsAtServed += patterns;
    // Less the change at the stop itself.
    footpathsAtServed += a.transferOffsets[s + 1]! - a.transferOffsets[s]! - 1;
  }
  const lengths: number[] = [];
  const hops: number[] = [];
  for (let r = 0; r < tt.patternCount; r++) {
    let km = 0;
    for (let i = a.patternStopOffsets[r]! + 1; i < a.patternStopOffsets[r + 1]!; i++) {
      const p = a.patternStops[i - 1]!;
      const q = a.patternStops[i]!;
      const hop = haversineM(a.stopLat[p]!, a.stopLon[p]!, a.stopLat[q]!, a.stopLon[q]!) / 1000;
      hops.push(hop);
      km += hop;
    }
    lengths.push(km);
  }
  const at = (xs: number[], p: number, digits = 0): string => {
    const s = [...xs].sort((x, y) => x - y);
    return (s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN).toFixed(digits);
  };
  return `| ${[
    name,
    tt.stopCount.toLocaleString('en-GB'),
    `${((100 * served) / tt.stopCount).toFixed(0)} %`,
    (a.patternStopOffsets[tt.patternCount]! / tt.patternCount).toFixed(1),
    (patternsAtServed / served).toFixed(1),
    (footpathsAtServed / served).toFixed(1),
    `${at(lengths, 0.5)} / ${at(lengths, 0.9)} / ${at(lengths, 1)}`,
    `${at(hops, 0.9, 1)} / ${at(hops, 1, 1)}`,
  ].join(' | ')} |`;
}

const head = [
  'network',
  'stops',
  'served',
  'stops / pattern',
  'patterns / served stop',
  'footpaths / served stop',
  'pattern km p50 / p90 / max',
  'hop km p90 / max',
];
console.log(`| ${head.join(' | ')} |`);
console.log(`|${head.map(() => '---').join('|')}|`);
for (const path of process.argv.slice(2).filter((x) => !x.startsWith('--'))) {
  const loaded = loadGtfsFeeds([{ path }]);
  if (!loaded.ok) throw new Error(`${path}: feed not usable`);
  console.log(shapeRow(path.split('/').pop()!, loaded.timetable));
}
const snapshot = arg('snapshot');
if (snapshot) {
  const read = readTimetableSnapshot(snapshot);
  if (!read.ok) throw new Error(read.message);
  console.log(shapeRow(snapshot.split('/').pop()!, read.timetable));
}
const gb = arg('gb');
if (gb) console.log(shapeRow(`GB × ${gb}`, buildTimetable(generateGreatBritainNetwork(Number(gb)))));
