#!/usr/bin/env node
// `cairn <command>`: one entry point for the operator. Each package adds its commands to the table.
import { buildRegionCommand, checkRegionCommand, initRegionCommand, planCommand } from '@cairn/engine/cli';
import { API_COMMANDS } from '../src/cli/runCli.ts';

const COMMANDS: Record<string, { summary: string; run: (args: string[]) => Promise<number | void> }> = {
  ...API_COMMANDS,
  'init-region': {
    summary:
      'write a starting region.json from GTFS, TransXChange or CIF feeds (--region DIR --feed … [--stops NAPTAN] [--osm FILE])',
    run: initRegionCommand,
  },
  'check-region': {
    summary: "check a region folder's data and print a short report (--region DIR [--today YYYY-MM-DD])",
    run: checkRegionCommand,
  },
  'build-region': {
    summary: 'read GTFS feeds and write the timetable snapshot (--gtfs … --out DIR, or --region DIR)',
    run: buildRegionCommand,
  },
  plan: {
    summary:
      'run the journey planner: every option between two places (--region DIR or --gtfs … [--osm], --from --to [--depart] [--json])',
    run: planCommand,
  },
};

const [name, ...args] = process.argv.slice(2);
const command = name ? COMMANDS[name] : undefined;
if (!command) {
  console.log('Usage: cairn <command> [options]\n');
  for (const [key, c] of Object.entries(COMMANDS)) console.log(`  ${key.padEnd(10)} ${c.summary}`);
  process.exit(name && name !== 'help' && name !== '--help' ? 2 : 0);
}
try {
  const code = await command.run(args);
  if (typeof code === 'number') {
    // Exiting drops what a pipe has not taken yet (a long `plan --journeys` was cut at 64 KB):
    // wait until stdout has handed over everything written before it.
    await new Promise<void>((done) => process.stdout.write('', () => done()));
    process.exit(code);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
