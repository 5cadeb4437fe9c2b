import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { formatWarning } from '../gtfs/warnings.ts';
import type { FeedWarning } from '../gtfs/warnings.ts';

/** Exit codes shared by the engine's commands. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** Progress and errors go to stderr so that stdout stays clean for --json. */
export function say(message: string): void {
  process.stderr.write(`${message}\n`);
}

/**
 * Parses a command's argv (its options include `help`). A usage problem prints the message and
 * `usage` and comes back as the exit code; so does --help, which prints `usage` alone.
 */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  argv: string[],
  options: T,
  usage: string,
):
  | {
      values: ReturnType<
        typeof parseArgs<{ options: T; args: string[]; strict: true; allowPositionals: false }>
      >['values'];
    }
  | { exit: number } {
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    if ((values as { help?: boolean }).help) {
      say(usage);
      return { exit: EXIT.ok };
    }
    return { values };
  } catch (e) {
    say(`${(e as Error).message}\n${usage}`);
    return { exit: EXIT.usage };
  }
}

/** Prints feed warnings: every error, and the first few warnings with a count of the rest. */
export function reportWarnings(warnings: FeedWarning[], counts?: Map<string, number>, limit = 15): void {
  const errors = warnings.filter((w) => w.severity === 'error');
  for (const w of errors) say(`error: ${formatWarning(w)}`);
  const rest = warnings.filter((w) => w.severity === 'warning');
  for (const w of rest.slice(0, limit)) say(`warning: ${formatWarning(w)}`);
  const total = counts ? [...counts.values()].reduce((x, y) => x + y, 0) : rest.length;
  if (total > Math.min(limit, rest.length))
    say(`… ${total - Math.min(limit, rest.length)} more warnings (rows skipped or repaired)`);
}
