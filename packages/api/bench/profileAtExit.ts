// Preload that CPU-profiles a process and writes the profile when it exits, for the processes a
// bench starts (serve, workers), which `node --cpu-prof` cannot reach: NODE_OPTIONS refuses
// --cpu-prof, but it passes --import on to every child.
//   NODE_OPTIONS=--import=./packages/api/bench/profileAtExit.ts CAIRN_PROFILE_DIR=/tmp/prof npm run bench:load -- --large …
// Each process writes CAIRN_PROFILE_DIR/<script and arguments>.<pid>.cpuprofile (Chrome DevTools format).
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { basename, join } from 'node:path';

const dir = process.env.CAIRN_PROFILE_DIR ?? '.';
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.start');
const name = process.argv
  .slice(1)
  .map((a) => basename(a))
  .join('_')
  .slice(0, 60);
// A session on the process's own thread answers at once, so the profile is written before exit.
process.on('exit', () => {
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(join(dir, `${name}.${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
