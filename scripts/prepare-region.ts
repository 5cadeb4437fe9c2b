// Makes sure the demo region is built for today by the current generator: its timetables are
// dated from the generation day, so a build from an earlier day or generator is regenerated. A region given by REGION_DIR is left alone.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoGeneratorFingerprint, generateDemoRegion } from '../regions/cairngorms/generator/main.ts';

const DEMO_DIR = 'regions/cairngorms/build';
const SEED = 1;

if (process.env.REGION_DIR && process.env.REGION_DIR !== DEMO_DIR) {
  process.exit(0);
}

const today = new Date().toISOString().slice(0, 10);
const stampFile = join(DEMO_DIR, 'GENERATED');
const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
const wanted = `seed=${SEED} date=${today} generator=${demoGeneratorFingerprint()}`;

if (stamp !== wanted) {
  console.log(`Generating the demo region (${wanted})…`);
  await generateDemoRegion({ outDir: DEMO_DIR, seed: SEED, date: today });
  writeFileSync(stampFile, wanted + '\n');
}
