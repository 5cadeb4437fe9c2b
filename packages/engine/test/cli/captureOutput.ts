import { afterEach, beforeEach, vi } from 'vitest';

/** What the command under test wrote to stdout (`out`) and stderr (`err`); a test may reset either to ''. */
export interface CapturedOutput {
  out: string;
  err: string;
}

/**
 * Called in a describe block: before each of its tests, stdout and stderr writes are captured
 * (not printed) from empty, and after each the writes are restored.
 */
export function captureOutput(): CapturedOutput {
  const io: CapturedOutput = { out: '', err: '' };
  beforeEach(() => {
    io.out = '';
    io.err = '';
    vi.spyOn(process.stdout, 'write').mockImplementation(
      (s: string | Uint8Array) => ((io.out += String(s)), true),
    );
    vi.spyOn(process.stderr, 'write').mockImplementation(
      (s: string | Uint8Array) => ((io.err += String(s)), true),
    );
  });
  afterEach(() => vi.restoreAllMocks());
  return io;
}
