import { closeSync, openSync, readSync } from 'node:fs';
import type { SaxesParser } from 'saxes';

/**
 * Feeds a file to a saxes parser in 1 MB chunks and closes it, so files larger than memory (an
 * OSM extract, the whole of NaPTAN) stream through; returns what the parser threw, if anything.
 */
export function writeFileToParser(path: string, parser: SaxesParser): Error | undefined {
  const fd = openSync(path, 'r');
  const chunk = Buffer.allocUnsafe(1 << 20);
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      parser.write(decoder.decode(chunk.subarray(0, n), { stream: true }));
    }
    parser.write(decoder.decode()).close();
    return undefined;
  } catch (err) {
    return err as Error;
  } finally {
    closeSync(fd);
  }
}
