// Where a CPU profile's time went, by area of the planner: each sample goes to the innermost frame
// on its stack that belongs to an area (transit search, streets, pricing, …; helpers such as the
// heap or geometry count for the area that called them), garbage collection apart.
// Run: node packages/engine/bench/profileSplit.ts FILE.cpuprofile [--window=planSearch] [--inclusive=REGEX]
//   --window=NAME counts only from the first to the last sample with a function NAME on its stack
//   (e.g. a worker's searches without its region load); --inclusive lists the share of time under
//   each function whose "name file" matches REGEX.
// Profiles come from `node --cpu-prof` (e.g. on plan.ts) or packages/api/bench/profileAtExit.ts.
import { readFileSync } from 'node:fs';
import { arg } from './cliArgs.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

// Areas by the file a frame is in; the first match wins for one frame.
const AREAS: Array<[RegExp, string]> = [
  [
    /engine\/src\/(loader|osm|gtfs|xml)\/|timetable\/(snapshot|builder)\.ts|streets\/(contraction|landmarks|components)\.ts/,
    'region load',
  ],
  [/engine\/src\/(raptor|timetable)\//, 'transit search'],
  [/engine\/src\/(streets|modes)\//, 'streets (first/last miles, car, cycle, taxi)'],
  [/engine\/src\/journeys\/fares\//, 'pricing'],
  [/engine\/src\/journeys\/ranking\//, 'option set'],
  [
    /engine\/src\/(journeys|planner|format|places|realtime|stepFree)\//,
    'journey assembly, rest of the planner',
  ],
  [
    /api\/src\/(db|search|journeys|jobs)\/|node_modules\/(pg|pg-protocol|pg-pool|kysely)\//,
    'API: PostgreSQL',
  ],
  [/api\/src\//, 'API: the rest'],
  [/node_modules\/zod\//, 'zod'],
];
const SPECIAL = new Map([
  ['(garbage collector)', 'garbage collection'],
  ['(program)', 'V8 (program)'],
  ['(idle)', 'idle'],
]);

const file = process.argv[2];
if (!file || file.startsWith('--'))
  throw new Error('usage: profileSplit.ts FILE.cpuprofile [--window=NAME] [--inclusive=REGEX]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);

/** The stack of a sample, innermost frame first. */
function stack(id: number): ProfileNode[] {
  const frames: ProfileNode[] = [];
  for (let cur: number | undefined = id; cur !== undefined; cur = parentOf.get(cur))
    frames.push(byId.get(cur)!);
  return frames;
}

/** The area a sample's time goes to. */
function areaOf(frames: ProfileNode[]): string {
  const leaf = frames[0]!.callFrame;
  const special = SPECIAL.get(leaf.functionName);
  if (special) return special;
  if (leaf.url === '' && /^(stringify|parse)$/.test(leaf.functionName)) return 'JSON';
  for (const { callFrame } of frames) for (const [re, area] of AREAS) if (re.test(callFrame.url)) return area;
  return 'other (Node, the bench)';
}

const windowName = arg('window');
const inclusive = arg('inclusive');
const wanted = inclusive ? new RegExp(inclusive) : undefined;
const inWindow = (id: number) => stack(id).some((f) => f.callFrame.functionName === windowName);
let first = 0;
let last = profile.samples.length - 1;
if (windowName) {
  first = profile.samples.findIndex(inWindow);
  while (last > first && !inWindow(profile.samples[last]!)) last--;
}

const byArea = new Map<string, number>();
const underFunction = new Map<string, number>();
for (let i = first; i <= last; i++) {
  // timeDeltas[i + 1] is how long the sample i stood (µs).
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const frames = stack(profile.samples[i]!);
  const area = areaOf(frames);
  byArea.set(area, (byArea.get(area) ?? 0) + ms);
  if (!wanted || area === 'idle') continue;
  const keys = new Set(
    frames.map((f) => `${f.callFrame.functionName} ${f.callFrame.url.split('/').slice(-2).join('/')}`),
  );
  for (const key of keys) if (wanted.test(key)) underFunction.set(key, (underFunction.get(key) ?? 0) + ms);
}

const busy = [...byArea].filter(([area]) => area !== 'idle').reduce((a, [, ms]) => a + ms, 0);
const share = (ms: number) => `${((100 * ms) / busy).toFixed(1)} %`;
console.log(`| area | CPU s | share of the busy time (${(busy / 1000).toFixed(1)} s) |\n|---|---:|---:|`);
for (const [area, ms] of [...byArea].sort((a, b) => b[1] - a[1]))
  console.log(`| ${area} | ${(ms / 1000).toFixed(2)} | ${area === 'idle' ? '' : share(ms)} |`);
if (wanted) {
  console.log(`\n| function (inclusive) | share |\n|---|---:|`);
  for (const [key, ms] of [...underFunction].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`| ${key} | ${share(ms)} |`);
}
