// Build step: V8's explicit compile hint on the scripts a journey page runs as it opens. Without it
// V8 compiles each function on the main thread the first time it is called; with the magic comment
// `//# allFunctionsCalledOnLoad` it compiles the file's functions eagerly, on a background thread
// while the file streams in (V8, "Giving V8 a heads-up: faster JavaScript startup with explicit
// compile hints", v8.dev/blog/explicit-compile-hints; Chrome 136 on). Measured in the README's
// Lighthouse paragraph; only the start-up chunks get it, as eager compiling costs memory.
import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad';
/** The route chunk whose start-up graph is hinted, with the entry's. */
const ROUTE_CHUNK = 'JourneyPage';

type Chunk = { type: 'chunk'; name: string; isEntry: boolean; imports: string[]; code: string };
type Bundle = Record<string, Chunk | { type: 'asset' }>;

/** Adds the compile hint to the entry, the journey page's chunk and every chunk they import statically. */
export function addCompileHints(bundle: Bundle): void {
  const chunks = Object.entries(bundle).filter(
    (entry): entry is [string, Chunk] => entry[1].type === 'chunk',
  );
  const pending = chunks.filter(([, c]) => c.isEntry || c.name === ROUTE_CHUNK).map(([file]) => file);
  const hinted = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    const chunk = bundle[file];
    if (hinted.has(file) || chunk?.type !== 'chunk') continue;
    hinted.add(file);
    chunk.code = `${HINT}\n${chunk.code}`;
    pending.push(...chunk.imports);
  }
}

/** The Vite plugin that runs `addCompileHints` on the client build's chunks. */
export function compileHintsPlugin(): Plugin {
  return {
    name: 'cairn-compile-hints',
    enforce: 'post',
    generateBundle(_options, bundle) {
      addCompileHints(bundle as unknown as Bundle);
    },
  };
}
