import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SHIFT_CLOCK = join(resolve(import.meta.dirname, '../../../..'), 'scripts/vitest/shiftClock.ts');

/**
 * The environment that puts a `cairn` child process on the test's clock. With CAIRN_TEST_CLOCK set
 * (scripts/test-clock-ahead.sh) the test runs a year or a week ahead, but a server it spawns read
 * the real clock and refused the test's searches as dated too far ahead (422); the child now loads
 * the same clock shift. Empty when the clock is not moved.
 */
export function childClockEnv(): Record<string, string> {
  if (!process.env.CAIRN_TEST_CLOCK) return {};
  const options = process.env.NODE_OPTIONS ? `${process.env.NODE_OPTIONS} ` : '';
  return { NODE_OPTIONS: `${options}--import=${pathToFileURL(SHIFT_CLOCK).href}` };
}
